import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// The kitchen (docs/decisions/105): what she buys, her recipes with their
// sub-recipes, which recipes each thing she sells is made of, and her hourly
// rate and the margin she aims for. Amounts are exact fractions as text
// ("3/2"), read by features/kitchen/units.ts; names are unique whatever
// their letter case, by a lower-cased key.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ingredient')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull().unique())
      // What she buys: 2.5 kg for $8.99.
      .addColumn('pack_amount', 'text', (col) => col.notNull())
      .addColumn('pack_unit', 'text', (col) => col.notNull())
      .addColumn('pack_price_cents', 'integer', (col) =>
        col.notNull().check(sql`pack_price_cents >= 0`),
      )
      // Grams per millilitre, to weigh what a recipe measures by the cup.
      .addColumn('density', 'text')
      // Allergen keys, comma-separated (features/kitchen/allergens.ts).
      .addColumn('allergens', 'text', (col) => col.notNull().defaultTo(''))
      // What is in the pantry, in the pack's unit; null when she does not keep count.
      .addColumn('pantry_amount', 'text')
      .addColumn('updated_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('recipe')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('name_key', 'text', (col) => col.notNull().unique())
      // What one batch makes: 900 g, 24 pieces.
      .addColumn('yield_amount', 'text', (col) => col.notNull())
      .addColumn('yield_unit', 'text', (col) => col.notNull())
      .addColumn('labour_minutes', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`labour_minutes >= 0`),
      )
      .addColumn('packaging_cents', 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`packaging_cents >= 0`),
      )
      // Where it comes in her bake day: the prep sheet lists lower first.
      .addColumn('bake_rank', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('updated_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('recipe_line')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('recipe_id', 'integer', (col) =>
        col.notNull().references('recipe.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      // An ingredient or another recipe, never both; neither may be deleted while used.
      .addColumn('ingredient_id', 'integer', (col) =>
        col.references('ingredient.id').onDelete('restrict'),
      )
      .addColumn('sub_recipe_id', 'integer', (col) =>
        col.references('recipe.id').onDelete('restrict'),
      )
      .addColumn('amount', 'text', (col) => col.notNull())
      // A unit, or 'batch' for a sub-recipe.
      .addColumn('unit', 'text', (col) => col.notNull())
      .addCheckConstraint(
        'recipe_line_one_thing',
        sql`(ingredient_id is null) <> (sub_recipe_id is null)`,
      )
      .execute()
    await db.schema
      .createIndex('recipe_line_of_recipe')
      .on('recipe_line')
      .columns(['recipe_id', 'position'])
      .execute()
    await db.schema
      .createIndex('recipe_line_sub')
      .on('recipe_line')
      .column('sub_recipe_id')
      .execute()
    await db.schema
      .createIndex('recipe_line_ingredient')
      .on('recipe_line')
      .column('ingredient_id')
      .execute()
    // What a thing she sells is made of, as batches of recipes (a 9-inch
    // cake: 1.5 sponges and one buttercream): a menu treat, or what one of
    // its choices adds (named by its group's and choice's keys, which outlive
    // the menu's rewrite of its option rows), or a drop's item. Gone with
    // what it describes.
    await db.schema
      .createTable('recipe_use')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('product_id', 'integer', (col) => col.references('product.id').onDelete('cascade'))
      // "size.eight-inch": with product_id, what that choice adds.
      .addColumn('option_key', 'text')
      .addColumn('drop_item_id', 'integer', (col) =>
        col.references('drop_item.id').onDelete('cascade'),
      )
      .addColumn('recipe_id', 'integer', (col) =>
        col.notNull().references('recipe.id').onDelete('restrict'),
      )
      .addColumn('batches', 'text', (col) => col.notNull())
      .addCheckConstraint(
        'recipe_use_one_thing',
        sql`(product_id is null) <> (drop_item_id is null) and (option_key is null or product_id is not null)`,
      )
      .execute()
    for (const column of ['product_id', 'drop_item_id', 'recipe_id'] as const) {
      await db.schema.createIndex(`recipe_use_${column}`).on('recipe_use').column(column).execute()
    }
    // One row (id = 1): her hourly rate and the margin she aims for.
    await db.schema
      .createTable('kitchen_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      .addColumn('hourly_rate_cents', 'integer', (col) =>
        col.notNull().check(sql`hourly_rate_cents >= 0`),
      )
      .addColumn('target_margin_percent', 'integer', (col) =>
        col.notNull().check(sql`target_margin_percent between 0 and 95`),
      )
      .execute()
    await db
      .insertInto('kitchen_settings' as never)
      .values({ id: 1, hourly_rate_cents: 2_000, target_margin_percent: 30 } as never)
      .execute()
  },
}
