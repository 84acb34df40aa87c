import { type Kysely, type Migration } from 'kysely'

// A book of many thousands of requests (docs/decisions/042). The order
// list's status chips count by status; the capacity check and the
// availability API sum effort by date for the held statuses; the owner's
// calendar and feed read by date. Both indexes carry effort, so none of
// these reads a row (the date one replaces 008's (due_date, status), its
// prefix).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Status first, then date and effort: the chips count from it alone,
    // and the capacity sums seek each held status's dates in it without
    // touching the rows (SQLite, without statistics, prefers any index
    // led by status for `status in (...)`, so it had better be this one).
    await db.schema
      .createIndex('order_request_status')
      .on('order_request')
      .columns(['status', 'due_date', 'effort'])
      .execute()
    await db.schema
      .createIndex('order_request_due_date_effort')
      .on('order_request')
      .columns(['due_date', 'status', 'effort'])
      .execute()
    await db.schema.dropIndex('order_request_due_date').execute()
  },
}
