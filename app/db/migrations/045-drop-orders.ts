import type { Kysely, Migration } from 'kysely'

// A hold that becomes an order (docs/decisions/100) names its request in the
// order book: the drop counts its stock as taken while that request is still
// to be made, and gives it back when the request is called off.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('drop_hold')
      .addColumn('request_id', 'integer', (col) => col.references('order_request.id'))
      .execute()
    await db.schema
      .createIndex('drop_hold_request')
      .on('drop_hold')
      .column('request_id')
      .unique()
      .execute()
  },
}
