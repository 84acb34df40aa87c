import type { Kysely, Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// Her private notes on a customer (docs/decisions/107), by the customer's
// address in lower case: a customer made of several addresses has those
// addresses' notes, and erasing a customer by address removes hers.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customer_note')
      .addColumn('email', 'text', (col) => col.primaryKey())
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('updated_at', epochMsType(db), (col) => col.notNull())
      .execute()
  },
}
