import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Her discount codes (docs/decisions/109): each code with its terms and a
// count of its uses, moved in the statement that takes a use, so the last
// use of a code goes to one order however many ask at once; each use names
// the order it was taken by. What a code took off an order is kept on the
// order itself, as the money every page reads.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('discount_code')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('code', 'text', (col) => col.notNull().unique())
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('amount', 'percent')`))
      // Cents off for an amount; whole percent off for a percent.
      .addColumn('value', 'integer', (col) => col.notNull().check(sql`value > 0`))
      .addColumn('min_price_cents', 'integer')
      .addColumn('first_order_only', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('once_per_customer', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('starts_on', 'text')
      .addColumn('ends_on', 'text')
      .addColumn('max_uses', 'integer')
      .addColumn('uses', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`uses >= 0`),
      )
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('retired_at', epochMsType(db))
      .execute()
    await db.schema
      .createTable('discount_code_use')
      .addColumn('request_id', 'integer', (col) =>
        col.primaryKey().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('code_id', 'integer', (col) =>
        col.notNull().references('discount_code.id').onDelete('cascade'),
      )
      .addColumn('used_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('discount_code_use_code')
      .on('discount_code_use')
      .column('code_id')
      .execute()
    await db.schema
      .alterTable('order_request')
      .addColumn('discount_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('order_request').addColumn('discount_code', 'text').execute()
  },
}
