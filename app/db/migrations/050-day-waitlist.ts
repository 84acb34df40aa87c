import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// A full day's waitlist (docs/decisions/104): who asks to be told when a day
// of the custom-order calendar frees up, for which treat, in the order they
// asked. An offer keeps the day's room for her until kept_until, counted by
// availability as booked, and is used by her order or lapses to the next.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('day_waitlist_entry')
      .addColumn('id', 'integer', autoIncrementId(db))
      // YYYY-MM-DD
      .addColumn('due_date', 'text', (col) => col.notNull())
      // The treat she wants, as an order names it; its effort when she asked.
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('effort', 'integer', (col) => col.notNull().check(sql`effort >= 1`))
      // Lower case.
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      // 'waiting' until offered; 'offered' keeps the room until kept_until; 'done' once
      // her order used it or it lapsed.
      .addColumn('state', 'text', (col) =>
        col
          .notNull()
          .defaultTo('waiting')
          .check(sql`state in ('waiting', 'offered', 'done')`),
      )
      .addColumn('kept_until', epochMsType(db))
      // The offer's link: /ordernow/kept/<token>.
      .addColumn('offer_token', 'text', (col) => col.unique())
      .addUniqueConstraint('day_waitlist_entry_once', ['due_date', 'email'])
      .execute()
    await db.schema
      .createIndex('day_waitlist_entry_state')
      .on('day_waitlist_entry')
      .columns(['state', 'due_date', 'id'])
      .execute()
  },
}
