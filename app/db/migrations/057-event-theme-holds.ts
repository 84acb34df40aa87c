import { type Kysely, type Migration, sql } from 'kysely'

// What a request's event_theme holds: her event or theme as she typed it, or
// what she chose of a treat sold at a set price ("8 inch · Lemon"), which a
// treat bought now keeps there whether it is booked at once or sent for a
// quote. Every page and email names the field by it (order-status/theme-label.ts).
// The set-price orders stored before it hold choices.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('order_request')
      .addColumn('event_theme_holds', 'text', (col) =>
        col
          .notNull()
          .defaultTo('event')
          .check(sql`event_theme_holds in ('event', 'choices')`),
      )
      .execute()
    await sql`update order_request set event_theme_holds = 'choices'
      where id in (select request_id from set_price_order)`.execute(db)
  },
}
