import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'

// The menu: the treats the owner offers, edited at /admin/settings and
// first filled from app/content/site.ts (features/menu/menu.server.ts).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product')
      .addColumn('id', 'integer', autoIncrementId(db))
      // The value an order's product_type carries.
      .addColumn('name', 'text', (col) => col.notNull().unique())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      // The "from" price in cents; null shows no price.
      .addColumn('price_from_cents', 'integer')
      .addColumn('notice_days', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('effort', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute()
  },
}
