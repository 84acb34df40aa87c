import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'
import { createBumpTriggers } from './version-triggers.ts'

// Drops (docs/decisions/099): a batch sale that opens and closes at set
// moments, its items with their stock, sections that share stock, pickup
// windows with caps, and the holds that reserve stock for a few minutes
// until they become orders. What is left is always counted from the holds,
// never kept as a counter. The public pages show a drop's items and
// windows, so changing them replaces the page version (migration 011);
// holds change only the live counts, which are never cached.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('drop_sale')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('slug', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      // YYYY-MM-DD, in the bakery's time zone.
      .addColumn('pickup_date', 'text', (col) => col.notNull())
      .addColumn('opens_at', epochMsType(db), (col) => col.notNull())
      .addColumn('closes_at', epochMsType(db), (col) => col.notNull())
      .addColumn('hold_minutes', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(10)
          .check(sql`hold_minutes between 1 and 60`),
      )
      .addColumn('pay_at_pickup', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addCheckConstraint('drop_sale_opens_before_closing', sql`opens_at < closes_at`)
      .execute()
    await db.schema
      .createTable('drop_section')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('drop_id', 'integer', (col) =>
        col.notNull().references('drop_sale.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('drop_item')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('drop_id', 'integer', (col) =>
        col.notNull().references('drop_sale.id').onDelete('cascade'),
      )
      .addColumn('section_id', 'integer', (col) => col.references('drop_section.id'))
      .addColumn('product_id', 'integer', (col) => col.references('product.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
      .addColumn('stock', 'integer', (col) => col.notNull().check(sql`stock >= 0`))
      .addColumn('per_customer_limit', 'integer', (col) =>
        col.check(sql`per_customer_limit is null or per_customer_limit > 0`),
      )
      // Each one's share of the pickup day's capacity (effort units, decision
      // 020); 0 leaves the day's capacity to the custom orders.
      .addColumn('effort', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`effort >= 0`),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('drop_window')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('drop_id', 'integer', (col) =>
        col.notNull().references('drop_sale.id').onDelete('cascade'),
      )
      // HH:MM, start before end, as the bakery's own pickup windows.
      .addColumn('start_time', 'text', (col) => col.notNull())
      .addColumn('end_time', 'text', (col) => col.notNull())
      // Orders the window takes; null for no cap.
      .addColumn('capacity', 'integer', (col) => col.check(sql`capacity is null or capacity >= 0`))
      .execute()
    await db.schema
      .createIndex('drop_window_start')
      .on('drop_window')
      .columns(['drop_id', 'start_time'])
      .unique()
      .execute()
    await db.schema
      .createTable('drop_hold')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('drop_id', 'integer', (col) => col.notNull().references('drop_sale.id'))
      // The hold page's address, /drops/<slug>/hold/<token>: random, unguessable.
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      // Lower case: the per-customer limits count by it.
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      // HH:MM-HH:MM, one of the drop's windows.
      .addColumn('pickup_window', 'text', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
      .addColumn('extensions', 'integer', (col) => col.notNull().defaultTo(0))
      // 'held' until it becomes an order ('ordered') or is let go ('released');
      // a held hold past expires_at holds nothing, whether or not it is marked yet.
      .addColumn('state', 'text', (col) =>
        col
          .notNull()
          .defaultTo('held')
          .check(sql`state in ('held', 'ordered', 'released')`),
      )
      .execute()
    await db.schema
      .createIndex('drop_hold_taking')
      .on('drop_hold')
      .columns(['drop_id', 'state', 'expires_at'])
      .execute()
    await db.schema.createIndex('drop_hold_email').on('drop_hold').columns(['email']).execute()
    await db.schema
      .createTable('drop_hold_line')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('hold_id', 'integer', (col) =>
        col.notNull().references('drop_hold.id').onDelete('cascade'),
      )
      .addColumn('item_id', 'integer', (col) => col.notNull().references('drop_item.id'))
      .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
      .addUniqueConstraint('drop_hold_line_item', ['hold_id', 'item_id'])
      .execute()
    for (const table of ['drop_sale', 'drop_section', 'drop_item', 'drop_window']) {
      await createBumpTriggers(db, {
        token: 'page_version',
        table,
        quoted: false,
        events: ['insert', 'update', 'delete'],
        pgIndent: 8,
      })
    }
  },
}
