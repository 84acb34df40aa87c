import type { Kysely, Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Her own corrections to the customer book (docs/decisions/112): two
// customers she says are one, and an email or phone she says does not tie
// orders to one person (a family's shared number). The book is still made
// from the requests; these are the only hand-made edges.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customer_join')
      .addColumn('id', 'integer', autoIncrementId(db))
      // A request of each customer she joined: the lower id first, so a pair is kept once.
      .addColumn('request_a', 'integer', (col) => col.notNull())
      .addColumn('request_b', 'integer', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addUniqueConstraint('customer_join_pair', ['request_a', 'request_b'])
      .execute()
    await db.schema
      .createTable('customer_apart')
      // 'email:priya@example.com' or 'phone:4165550101', as the book ties requests.
      .addColumn('handle', 'text', (col) => col.primaryKey())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .execute()
  },
}
