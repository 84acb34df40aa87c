import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType, isPostgres } from '#app/db/portable-schema.server.ts'
import { createRowBumpTrigger } from './version-triggers.ts'

// Reviews (docs/decisions/056): one per customer's private link, keyed by
// its first request. The public pages show the shown ones, so a review
// appearing or leaving (shown, hidden, or erased while shown) replaces the
// page version like the menu's (migration 011); a review nobody sees yet
// leaves the cached pages alone.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().unique().references('order_request.id'),
      )
      .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
      .addColumn('words', 'text', (col) => col.notNull())
      .addColumn('display_name', 'text', (col) => col.notNull())
      .addColumn('may_show', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('shown', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('updated_at', epochMsType(db), (col) => col.notNull())
      .addColumn('shown_at', epochMsType(db))
      .execute()
    await db.schema
      .createIndex('review_shown')
      .on('review')
      .columns(['shown', 'shown_at'])
      .execute()
    const when = {
      insert: 'new.shown = 1',
      update: 'old.shown <> new.shown or new.shown = 1',
      delete: 'old.shown = 1',
    }
    for (const [event, condition] of Object.entries(when)) {
      // PostgreSQL's row trigger with a condition is the only one of its
      // kind, so it stays written out here as it shipped.
      if (isPostgres(db)) {
        const name = sql.raw(`review_${event}_page_version`)
        await sql`create trigger ${name} after ${sql.raw(event)} on review
            for each row when (${sql.raw(condition)}) execute function page_version_bump()`.execute(
          db,
        )
      } else {
        await createRowBumpTrigger(db, {
          token: 'page_version',
          table: 'review',
          quoted: false,
          event,
          when: condition,
        })
      }
    }
  },
}
