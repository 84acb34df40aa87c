import { type Kysely, type Migration } from 'kysely'

// The owner's change and cancellation policy (docs/decisions/054), on the
// one settings row: no changes or cancellations within N days of the order
// date; a cancellation N days or more before gets X% of the deposit back,
// later Y%. Seeded 3 days, 100% from 7 days before, 0% after.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const columns: [string, number][] = [
      ['change_window_days', 3],
      ['refund_cutoff_days', 7],
      ['refund_before_percent', 100],
      ['refund_after_percent', 0],
    ]
    for (const [name, value] of columns) {
      await db.schema
        .alterTable('booking_settings')
        .addColumn(name, 'integer', (col) => col.notNull().defaultTo(value))
        .execute()
    }
  },
}
