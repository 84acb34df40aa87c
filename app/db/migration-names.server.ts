import { type Kysely, sql } from 'kysely'
import { isPostgres } from './portable-schema.server.ts'

/**
 * The migrations' names before they were numbered by their place
 * (docs/decisions/089), and the names they run under now. Kysely records
 * each migration it ran by name in kysely_migration, so a database migrated
 * before then still lists the old ones; renaming them before the migrator
 * looks lets it find every one it ran. Old and new names are in the same
 * order, which is the order they always ran in; 001 to 012 kept theirs.
 * Written once: never edit, never add to it.
 */
export const PREVIOUS_NAMES: Readonly<Record<string, string>> = {
  '012-guard-booking-version': '013-guard-booking-version',
  '012-owner-request-version': '014-owner-request-version',
  '013-growth-indexes': '015-growth-indexes',
  '013-growth-search-trigrams': '016-growth-search-trigrams',
  '013-streaming-quoted-requests': '017-streaming-quoted-requests',
  '014-growth-open-quotes': '018-growth-open-quotes',
  '014-growth-search-index': '019-growth-search-index',
  '015-payment-schedule': '020-payment-schedule',
  '015-pickup-request-handover': '021-pickup-request-handover',
  '015-pickup-windows': '022-pickup-windows',
  '016-fee-delivery-fee': '023-fee-delivery-fee',
  '016-growth-status-counts': '024-growth-status-counts',
  '016-receipts-refunds-and-numbers': '025-receipts-refunds-and-numbers',
  '016-stripe-card-payments': '026-stripe-card-payments',
  '017-gallery-alt-text': '027-gallery-alt-text',
  '017-party-lead': '028-party-lead',
  '017-push-subscriptions-and-alerts': '029-push-subscriptions-and-alerts',
  '017-refunds-payment-intent': '030-refunds-payment-intent',
  '017-site-content': '031-site-content',
  '018-party-refund-lowers-price': '032-party-refund-lowers-price',
  '018-proofs-rounds': '033-proofs-rounds',
  '018-reviews-table': '034-reviews-table',
  '018-self-service-changes': '035-self-service-changes',
  '018-self-service-policy': '036-self-service-policy',
  '019-more-alerts-new-kinds-on': '037-more-alerts-new-kinds-on',
  '020-growth-newest-quote-columns': '038-growth-newest-quote-columns',
  '021-policies-leave-rules-to-terms': '039-policies-leave-rules-to-terms',
  '022-waiting-on-the-owner': '040-waiting-on-the-owner',
  '023-markdown-rendered-at-save': '041-markdown-rendered-at-save',
  '024-customer-change-details': '042-customer-change-details',
  '027-booking-version-follows-pickup-window': '043-booking-version-follows-pickup-window',
}

/**
 * Renames what an older install recorded to today's names, in one
 * transaction: all or none, and run again it finds nothing to rename (a
 * second instance starting at once waits on the rows, then finds them
 * renamed). A fresh database has no kysely_migration yet; Kysely makes it,
 * and kysely_migration_lock, as it always has. `schema` is PostgreSQL's own
 * schema for the site: the table is looked for there alone, never in another
 * site's on the search path.
 */
export async function renamePreviousMigrations<T>(
  db: Kysely<T>,
  schema: string | undefined,
): Promise<number> {
  const renames = Object.entries(PREVIOUS_NAMES)
  return db.transaction().execute(async (trx) => {
    if (!(await hasMigrationTable(trx, schema))) return 0
    const table = sql.table(schema ? `${schema}.kysely_migration` : 'kysely_migration')
    const cases = sql.join(
      renames.map(([before, after]) => sql`when ${before} then ${after}`),
      sql` `,
    )
    const result = await sql`update ${table} set name = case name ${cases} end
      where name in (${sql.join(renames.map(([before]) => before))})`.execute(trx)
    return Number(result.numAffectedRows ?? 0)
  })
}

async function hasMigrationTable<T>(db: Kysely<T>, schema: string | undefined) {
  const { rows } = isPostgres(db)
    ? await sql`select 1 from information_schema.tables
        where table_schema = ${schema} and table_name = 'kysely_migration'`.execute(db)
    : await sql`select 1 from sqlite_master
        where type = 'table' and name = 'kysely_migration'`.execute(db)
  return rows.length > 0
}
