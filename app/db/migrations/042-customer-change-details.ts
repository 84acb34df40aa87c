import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'

// A change she asks for names the details it would change, each member's
// own (decision 081): one row per request and detail, the new text ('' to
// clear it), so accepting writes exactly those onto the request. `made`
// keeps what accepting it changed, from what to what, for her page.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customer_change_detail')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('change_id', 'integer', (col) =>
        col.notNull().references('customer_change.id').onDelete('cascade'),
      )
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('field', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('customer_change_detail_one')
      .on('customer_change_detail')
      .columns(['change_id', 'request_id', 'field'])
      .unique()
      .execute()
    await db.schema
      .alterTable('customer_change')
      .addColumn('made', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
  },
}
