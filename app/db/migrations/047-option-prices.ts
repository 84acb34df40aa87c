import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'
import { createBumpTriggers } from './version-triggers.ts'

// Treats sold at a set price (docs/decisions/102): the product's own price,
// a rush fee inside a notice the owner sets, option groups with a price for
// each choice, and delivery fees by postal-code prefix. The menu's pages show
// them, so a change replaces the page version (migration 011).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('product')
      // Null: the treat is quoted, as always; a price sells it at once.
      .addColumn('set_price_cents', 'integer', (col) =>
        col.check(sql`set_price_cents is null or set_price_cents >= 0`),
      )
      .execute()
    await db.schema
      .alterTable('product')
      .addColumn('rush_within_days', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('product')
      .addColumn('rush_fee_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('product_option_group')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('product_id', 'integer', (col) =>
        col.notNull().references('product.id').onDelete('cascade'),
      )
      // The form's field after `option.`: 'size'.
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('label', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('choice', 'text')`))
      .addColumn('required', 'integer', (col) => col.notNull().defaultTo(0))
      // A text option's price when she writes one.
      .addColumn('price_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addUniqueConstraint('product_option_group_key', ['product_id', 'key'])
      .execute()
    await db.schema
      .createTable('product_option_choice')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('group_id', 'integer', (col) =>
        col.notNull().references('product_option_group.id').onDelete('cascade'),
      )
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('label', 'text', (col) => col.notNull())
      // What it adds (or, below 0, takes off) in cents.
      .addColumn('price_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('quote_needed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addUniqueConstraint('product_option_choice_key', ['group_id', 'key'])
      .execute()
    await db.schema
      .createTable('delivery_fee_rule')
      .addColumn('id', 'integer', autoIncrementId(db))
      // Upper case, no spaces: 'M4C'.
      .addColumn('prefix', 'text', (col) => col.notNull().unique())
      .addColumn('fee_cents', 'integer', (col) => col.notNull().check(sql`fee_cents >= 0`))
      .execute()
    for (const table of ['product_option_group', 'product_option_choice', 'delivery_fee_rule']) {
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
