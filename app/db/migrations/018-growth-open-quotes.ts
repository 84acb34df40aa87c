import { type Kysely, type Migration, sql } from 'kysely'

// Today and the order list's "accepted" chip read every quoted request
// with its deposit waiver and date; carried in the partial index, those
// reads never touch the (wide) request rows. Same name and leading
// column as 017's, so quote expiry reads it as before (docs/decisions/042).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('order_request_quoted').execute()
    await db.schema
      .createIndex('order_request_quoted')
      .on('order_request')
      .columns(['id', 'deposit_waived', 'due_date'])
      .where(sql.ref('status'), '=', sql.lit('quoted'))
      .execute()
  },
}
