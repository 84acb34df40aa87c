import Fraction from 'fraction.js'
import type { Transaction } from 'kysely'
import { type Db, isUniqueViolation } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { storedAllergens } from './allergens.ts'
import type { IngredientInput, RecipeInput } from './kitchen-forms.ts'
import { ingredientRow, recipeLineRows, recipeRow } from './kitchen-rows.server.ts'
import type { Ingredient, Kitchen, Recipe, RecipeLine } from './recipe-walk.ts'
import { walkRecipe } from './recipe-walk.ts'
import { type Unit, isUnit, storedAmount } from './units.ts'

const ownTables = tablesFor('kitchen')

/**
 * The kitchen's rows: what she buys and her recipes, read whole (a home
 * bakery has tens of each, not thousands) and written one at a time under
 * the kitchen's lock, so two saves on two instances never make a recipe
 * that contains itself.
 */

export interface KitchenSettings {
  hourlyRateCents: number
  targetMarginPercent: number
}

/** Refused: a message for the field it is about, or for the form. */
export type KitchenChange =
  { ok: true; id: number } | { ok: false; status: 404 | 409; error: string; field?: string }

const unitOf = (text: string): Unit => (isUnit(text) ? text : 'each')

/** Every ingredient and recipe, as the walk and the costs read them. */
export async function readKitchen(db: Db | Transaction<Database>): Promise<Kitchen> {
  // Read one after another: a transaction's one connection answers one query at a time.
  const ingredientRows = await ownTables(db)
    .selectFrom('ingredient')
    .selectAll()
    .orderBy('name_key')
    .execute()
  const recipeRows = await ownTables(db)
    .selectFrom('recipe')
    .selectAll()
    .orderBy('bake_rank')
    .orderBy('name_key')
    .execute()
  const lineRows = await ownTables(db)
    .selectFrom('recipe_line')
    .selectAll()
    .orderBy('recipe_id')
    .orderBy('position')
    .execute()
  const ingredients = new Map<number, Ingredient>()
  for (const row of ingredientRows) {
    ingredients.set(row.id, {
      id: row.id,
      name: row.name,
      pack: {
        amount: storedAmount(row.pack_amount),
        unit: unitOf(row.pack_unit),
        priceCents: row.pack_price_cents,
      },
      density: row.density === null ? null : storedAmount(row.density),
      allergens: storedAllergens(row.allergens),
      pantry: row.pantry_amount === null ? null : storedAmount(row.pantry_amount),
      contents: row.contents,
      pieceGrams: row.piece_grams === null ? null : storedAmount(row.piece_grams),
    })
  }
  const linesOf = new Map<number, RecipeLine[]>()
  for (const row of lineRows) {
    const amount = storedAmount(row.amount)
    const line: RecipeLine =
      row.ingredient_id !== null
        ? { ingredientId: row.ingredient_id, amount, unit: unitOf(row.unit) }
        : {
            recipeId: row.sub_recipe_id!,
            amount,
            unit: row.unit === 'batch' ? 'batch' : unitOf(row.unit),
          }
    linesOf.set(row.recipe_id, [...(linesOf.get(row.recipe_id) ?? []), line])
  }
  const recipes = new Map<number, Recipe>()
  for (const row of recipeRows) {
    recipes.set(row.id, {
      id: row.id,
      name: row.name,
      yields: { amount: storedAmount(row.yield_amount), unit: unitOf(row.yield_unit) },
      labourMinutes: row.labour_minutes,
      packagingCents: row.packaging_cents,
      lines: linesOf.get(row.id) ?? [],
    })
  }
  return { ingredients, recipes }
}

export async function readKitchenSettings(db: Db): Promise<KitchenSettings> {
  const row = await ownTables(db)
    .selectFrom('kitchen_settings')
    .select(['hourly_rate_cents', 'target_margin_percent'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return { hourlyRateCents: row.hourly_rate_cents, targetMarginPercent: row.target_margin_percent }
}

export async function saveKitchenSettings(db: Db, settings: KitchenSettings): Promise<void> {
  await ownTables(db)
    .updateTable('kitchen_settings')
    .set({
      hourly_rate_cents: settings.hourlyRateCents,
      target_margin_percent: settings.targetMarginPercent,
    })
    .where('id', '=', 1)
    .execute()
}

/**
 * The kitchen's one lock, first in each change's transaction: PostgreSQL
 * holds the settings row until the change commits, SQLite its one writer.
 */
export async function lockKitchen(trx: Transaction<Database>) {
  await ownTables(trx)
    .updateTable('kitchen_settings')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', 1)
    .execute()
}

/** Adds an ingredient (`id` null) or changes one. */
export async function saveIngredient(
  db: Db,
  id: number | null,
  input: IngredientInput,
  now = Date.now(),
): Promise<KitchenChange> {
  const values = ingredientRow(input, now)
  try {
    if (id === null) {
      const added = await ownTables(db)
        .insertInto('ingredient')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow()
      return { ok: true, id: Number(added.id) }
    }
    const changed = await ownTables(db)
      .updateTable('ingredient')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst()
    return changed.numUpdatedRows > 0n ? { ok: true, id } : GONE.ingredient
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return {
      ok: false,
      status: 409,
      field: 'name',
      error: `You already have an ingredient called “${input.name}”.`,
    }
  }
}

const GONE = {
  ingredient: { ok: false, status: 404, error: 'That ingredient is no longer in your kitchen.' },
  recipe: { ok: false, status: 404, error: 'That recipe is no longer in your kitchen.' },
} as const

/** Deletes an ingredient no recipe uses; one in use is refused, naming the recipes. */
export async function deleteIngredient(db: Db, id: number): Promise<KitchenChange> {
  return db.transaction().execute(async (trx) => {
    await lockKitchen(trx)
    const users = await recipesUsing(trx, 'ingredient_id', id)
    if (users.length > 0) {
      return {
        ok: false,
        status: 409,
        error: `It is in ${listed(users)}: take it out of ${users.length === 1 ? 'that recipe' : 'those recipes'} first.`,
      }
    }
    const gone = await ownTables(trx)
      .deleteFrom('ingredient')
      .where('id', '=', id)
      .executeTakeFirst()
    return gone.numDeletedRows > 0n ? { ok: true, id } : GONE.ingredient
  })
}

/** "Sponge", "Sponge and Buttercream", "Sponge, Buttercream and Ganache". */
function listed(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/**
 * Adds a recipe (`id` null) or changes one with its lines. Each line's
 * ingredient or recipe must still be in the kitchen, and the recipe must
 * not end up inside itself, through however many sub-recipes.
 */
export async function saveRecipe(
  db: Db,
  id: number | null,
  input: RecipeInput,
  now = Date.now(),
): Promise<KitchenChange> {
  try {
    return await db.transaction().execute(async (trx) => {
      await lockKitchen(trx)
      const kitchen = await readKitchen(trx)
      if (id !== null && !kitchen.recipes.has(id)) return GONE.recipe
      const missing = input.lines.findIndex((line) =>
        'ingredientId' in line.thing
          ? !kitchen.ingredients.has(line.thing.ingredientId)
          : !kitchen.recipes.has(line.thing.recipeId),
      )
      if (missing >= 0) {
        return {
          ok: false,
          status: 409,
          field: `line.${input.lines[missing]!.row}.thing`,
          error: 'That was deleted meanwhile: choose another.',
        }
      }
      const recipeId = await writeRecipe(trx, id, input, now)
      const loop = loopThrough(await readKitchen(trx), recipeId)
      if (loop) throw new Refusal(loop)
      return { ok: true, id: recipeId } as const
    })
  } catch (error) {
    if (error instanceof Refusal) return error.change
    if (!isUniqueViolation(error)) throw error
    return {
      ok: false,
      status: 409,
      field: 'name',
      error: `You already have a recipe called “${input.name}”.`,
    }
  }
}

/** Thrown to roll a change back with its answer. */
class Refusal extends Error {
  constructor(readonly change: Extract<KitchenChange, { ok: false }>) {
    super(change.error)
  }
}

async function writeRecipe(
  trx: Transaction<Database>,
  id: number | null,
  input: RecipeInput,
  now: number,
): Promise<number> {
  const values = recipeRow(input, now)
  let recipeId = id
  if (recipeId === null) {
    const added = await ownTables(trx)
      .insertInto('recipe')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
    recipeId = Number(added.id)
  } else {
    await ownTables(trx).updateTable('recipe').set(values).where('id', '=', recipeId).execute()
    await ownTables(trx).deleteFrom('recipe_line').where('recipe_id', '=', recipeId).execute()
  }
  if (input.lines.length > 0) {
    await ownTables(trx)
      .insertInto('recipe_line')
      .values(
        recipeLineRows(recipeId, input.lines, (thing) =>
          'ingredientId' in thing ? thing.ingredientId : thing.recipeId,
        ),
      )
      .execute()
  }
  return recipeId
}

/** The refusal for a recipe that would contain itself or nest too deep, or null. */
function loopThrough(
  kitchen: Kitchen,
  recipeId: number,
): Extract<KitchenChange, { ok: false }> | null {
  const [loop] = walkRecipe(kitchen, recipeId, new Fraction(1)).nesting
  return loop ? { ok: false, status: 409, field: 'lines', error: loop } : null
}

/** Deletes a recipe nothing uses; one inside another recipe, or sold, is refused by name. */
export async function deleteRecipe(db: Db, id: number): Promise<KitchenChange> {
  return db.transaction().execute(async (trx) => {
    await lockKitchen(trx)
    const users = await recipesUsing(trx, 'sub_recipe_id', id)
    if (users.length > 0) {
      return {
        ok: false,
        status: 409,
        error: `It is inside ${listed(users)}: take it out first.`,
      }
    }
    const sold = await soldNow(trx, id)
    if (sold.length > 0) {
      return {
        ok: false,
        status: 409,
        error: `${listed(sold)} ${sold.length === 1 ? 'is' : 'are'} made of it: choose another recipe in What you sell first.`,
      }
    }
    // What it made in drops gone by and for treats off the menu is history, not a use.
    await ownTables(trx).deleteFrom('recipe_use').where('recipe_id', '=', id).execute()
    const gone = await ownTables(trx).deleteFrom('recipe').where('id', '=', id).executeTakeFirst()
    return gone.numDeletedRows > 0n ? { ok: true, id } : GONE.recipe
  })
}

/** What she sells now that is made of a recipe: treats on the menu, items of coming drops. */
async function soldNow(trx: Transaction<Database>, recipeId: number): Promise<string[]> {
  const treats = await ownTables(trx)
    .selectFrom('recipe_use')
    .innerJoin('product', 'product.id', 'recipe_use.product_id')
    .select('product.name')
    .where('recipe_use.recipe_id', '=', recipeId)
    .where('product.active', '=', 1)
    .execute()
  const items = await ownTables(trx)
    .selectFrom('recipe_use')
    .innerJoin('drop_item', 'drop_item.id', 'recipe_use.drop_item_id')
    .innerJoin('drop_sale', 'drop_sale.id', 'drop_item.drop_id')
    .select('drop_item.name')
    .where('recipe_use.recipe_id', '=', recipeId)
    .where('drop_sale.pickup_date', '>=', bakeryToday())
    .execute()
  return [...new Set([...treats, ...items].map((row) => row.name))]
}

/** The names of the recipes whose lines use an ingredient or a recipe. */
async function recipesUsing(
  trx: Transaction<Database>,
  column: 'ingredient_id' | 'sub_recipe_id',
  id: number,
): Promise<string[]> {
  const rows = await ownTables(trx)
    .selectFrom('recipe_line')
    .innerJoin('recipe', 'recipe.id', 'recipe_line.recipe_id')
    .select('recipe.name')
    .distinct()
    .where(`recipe_line.${column}`, '=', id)
    .orderBy('recipe.name')
    .execute()
  return rows.map((row) => row.name)
}
