import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// What a customer asks from her private page (docs/decisions/054): a
// change (a new date and window and/or other details) the owner accepts or
// declines, or her cancellation with the refund it promised. Kept on the
// party's lead. One open change per request, one cancellation per request:
// both held by partial unique indexes, so two tabs or two instances race
// to one row.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customer_change')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('new_date', 'text')
      .addColumn('new_window', 'text')
      .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('answer_note', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('refund_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('card_refund_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('answered_at', epochMsType(db))
      .execute()
    await db.schema
      .createIndex('customer_change_request')
      .on('customer_change')
      .column('request_id')
      .execute()
    await sql`create unique index customer_change_one_open on customer_change (request_id) where kind = 'change' and status = 'open'`.execute(
      db,
    )
    await sql`create unique index customer_change_one_cancel on customer_change (request_id) where kind = 'cancel'`.execute(
      db,
    )
  },
}
