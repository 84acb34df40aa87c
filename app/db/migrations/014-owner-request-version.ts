import { type Kysely, type Migration } from 'kysely'

// The owner's forms carry the version of the request they show, so a post
// from a tab opened before another change (a second tab, the customer's
// answer) is refused rather than acted on twice. A counter on the row: a
// conditional update on it holds the row's lock on PostgreSQL, so two
// stale posts racing cannot both pass the check.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('order_request')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
  },
}
