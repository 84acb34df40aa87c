import type { Db } from '#app/db/db.server.ts'
import { centsToInput } from '#app/utils/money.ts'
import { type RecipeSummary, recipeSummary } from './kitchen-view.server.ts'
import { readKitchen, readKitchenSettings } from './kitchen.server.ts'
import type { Ingredient } from './recipe-walk.ts'
import { UNITS, writtenAmount } from './units.ts'

/**
 * What the kitchen's edit pages start from: the thing's own values as the
 * form names its fields, and for a recipe what its lines may choose from.
 */

/** One thing a recipe line may use: "ingredient:3" or "recipe:5", by name. */
export interface LineChoice {
  value: string
  label: string
}

export interface IngredientEditing {
  values: Record<string, string>
}

export interface RecipeEditing {
  values: Record<string, string>
  ingredients: LineChoice[]
  recipes: LineChoice[]
  /** The recipe's cost as stored; null for a new one. */
  summary: RecipeSummary | null
}

/** An ingredient as its form's fields, as the form and a site file write them. */
export function ingredientFields(ingredient: Ingredient): Record<string, string> {
  const fields: Record<string, string> = {
    name: ingredient.name,
    pack_amount: writtenAmount(ingredient.pack.amount),
    pack_unit: ingredient.pack.unit,
    pack_price: centsToInput(ingredient.pack.priceCents),
  }
  if (ingredient.density) fields.density = writtenAmount(ingredient.density)
  if (ingredient.pantry) fields.pantry = writtenAmount(ingredient.pantry)
  if (ingredient.contents) fields.contents = ingredient.contents
  if (ingredient.pieceGrams) fields.piece_grams = writtenAmount(ingredient.pieceGrams)
  for (const allergen of ingredient.allergens) fields[`allergen.${allergen}`] = 'on'
  return fields
}

/** An ingredient's values, or null when it is gone; a new one starts empty. */
export async function readIngredientEditing(
  db: Db,
  id: number | 'new',
): Promise<IngredientEditing | null> {
  if (id === 'new') return { values: { pack_unit: 'kg' } }
  const ingredient = (await readKitchen(db)).ingredients.get(id)
  if (!ingredient) return null
  const values = ingredientFields(ingredient)
  return { values }
}

/** A recipe's values and what its lines may use (never itself), or null when it is gone. */
export async function readRecipeEditing(db: Db, id: number | 'new'): Promise<RecipeEditing | null> {
  const kitchen = await readKitchen(db)
  const recipe = id === 'new' ? null : kitchen.recipes.get(id)
  if (id !== 'new' && !recipe) return null
  const values: Record<string, string> = recipe
    ? {
        name: recipe.name,
        yield_amount: writtenAmount(recipe.yields.amount),
        yield_unit: recipe.yields.unit,
        labour_minutes: String(recipe.labourMinutes),
        packaging: recipe.packagingCents ? centsToInput(recipe.packagingCents) : '',
      }
    : { yield_unit: 'each' }
  for (const [n, line] of (recipe?.lines ?? []).entries()) {
    values[`line.${n}.thing`] =
      'ingredientId' in line ? `ingredient:${line.ingredientId}` : `recipe:${line.recipeId}`
    values[`line.${n}.amount`] = writtenAmount(line.amount)
    values[`line.${n}.unit`] = line.unit
  }
  return {
    values,
    ingredients: [...kitchen.ingredients.values()].map((ingredient) => ({
      value: `ingredient:${ingredient.id}`,
      label: `${ingredient.name} (bought in ${UNITS[ingredient.pack.unit].many})`,
    })),
    recipes: [...kitchen.recipes.values()]
      .filter((other) => other.id !== id)
      .map((other) => ({ value: `recipe:${other.id}`, label: other.name })),
    summary: recipe ? recipeSummary(kitchen, recipe.id, await readKitchenSettings(db)) : null,
  }
}
