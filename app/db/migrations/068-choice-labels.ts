import type { Kysely, Migration } from 'kysely'

// A set-price order keeps each choice's name as it was sold ("8-inch"), so
// the kitchen's sheets and the labels of an order name what she bought even
// after the owner renames the choice. Orders made before keep none: their
// sheets read the menu's name, as before.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('set_price_choice').addColumn('label', 'text').execute()
  },
}
