import { type Kysely, type Migration } from 'kysely'

// A delivery fee on a quote (decision 047): what the customer owes is the
// price and the fee. Quotes sent before it charged none.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('request_quote')
      .addColumn('delivery_fee_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
  },
}
