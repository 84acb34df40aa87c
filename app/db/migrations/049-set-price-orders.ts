import { type Kysely, type Migration, sql } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// "Buy now" (docs/decisions/103): a treat is sold now or quoted by a switch,
// so turning it off keeps its price and options for next time; it may let
// her pay at pickup, as a drop may; and each order sold at a set price (a drop's, a
// treat's) is marked, with the moment an unpaid card order is given up, so
// one pass closes those whose money never came.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('product')
      .addColumn('sells_now', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await sql`update product set sells_now = 1 where set_price_cents is not null`.execute(db)
    await db.schema
      .alterTable('product')
      .addColumn('pay_at_pickup', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('set_price_order')
      .addColumn('request_id', 'integer', (col) =>
        col.primaryKey().references('order_request.id').onDelete('cascade'),
      )
      // The treat bought now; null for a drop's order.
      .addColumn('product_id', 'integer', (col) =>
        col.references('product.id').onDelete('set null'),
      )
      // A card order not paid by then is cancelled; null once paid, closed or paid at pickup.
      .addColumn('unpaid_until', epochMsType(db))
      .execute()
    await db.schema
      .createIndex('set_price_order_unpaid')
      .on('set_price_order')
      .column('unpaid_until')
      .where(sql.ref('unpaid_until'), 'is not', null)
      .execute()
  },
}
