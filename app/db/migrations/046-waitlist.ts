import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// A drop's waitlist (docs/decisions/101): who waits for a sold-out item or a
// full pickup time, in the order they asked. What came free is offered to the
// first waiting as a hold kept for them, with a claim link by email.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('waitlist_entry')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('drop_id', 'integer', (col) =>
        col.notNull().references('drop_sale.id').onDelete('cascade'),
      )
      // What is waited for: 'item:<id>' or 'window:HH:MM-HH:MM'.
      .addColumn('wants', 'text', (col) => col.notNull())
      // Lower case, as holds keep it.
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      // 'waiting' until offered; an offer is made once.
      .addColumn('state', 'text', (col) =>
        col
          .notNull()
          .defaultTo('waiting')
          .check(sql`state in ('waiting', 'offered')`),
      )
      .addColumn('offered_at', epochMsType(db))
      // The hold kept for them: its token is the claim link's.
      .addColumn('offer_token', 'text')
      .addUniqueConstraint('waitlist_entry_once', ['drop_id', 'wants', 'email'])
      .execute()
    await db.schema
      .createIndex('waitlist_entry_waiting')
      .on('waitlist_entry')
      .columns(['state', 'drop_id', 'id'])
      .execute()
  },
}
