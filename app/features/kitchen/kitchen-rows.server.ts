import { allergensToStore } from './allergens.ts'
import type { IngredientInput, LineInput, RecipeInput } from './kitchen-forms.ts'
import { amountToStore } from './units.ts'

/**
 * The rows an ingredient, a recipe and its lines are stored as: one home for
 * the columns, which her forms and an imported site file both write.
 */

/** Names are unique whatever their letter case, by this key. */
export const nameKey = (name: string) => name.toLocaleLowerCase('en')

export function ingredientRow(input: IngredientInput, now: number) {
  return {
    name: input.name,
    name_key: nameKey(input.name),
    pack_amount: amountToStore(input.pack.amount),
    pack_unit: input.pack.unit,
    pack_price_cents: input.pack.priceCents,
    density: input.density ? amountToStore(input.density) : null,
    allergens: allergensToStore(input.allergens),
    pantry_amount: input.pantry ? amountToStore(input.pantry) : null,
    contents: input.contents,
    piece_grams: input.pieceGrams ? amountToStore(input.pieceGrams) : null,
    updated_at: now,
  }
}

export function recipeRow(input: RecipeInput, now: number) {
  return {
    name: input.name,
    name_key: nameKey(input.name),
    yield_amount: amountToStore(input.yields.amount),
    yield_unit: input.yields.unit,
    labour_minutes: input.labourMinutes,
    packaging_cents: input.packagingCents,
    updated_at: now,
  }
}

/**
 * A recipe's lines in order; `idOf` turns the ingredient or recipe a line
 * names into its row's id (the same id from a form, a new one on import).
 */
export function recipeLineRows(
  recipeId: number,
  lines: readonly LineInput[],
  idOf: (thing: LineInput['thing']) => number,
) {
  return lines.map((line, position) => ({
    recipe_id: recipeId,
    position,
    ingredient_id: 'ingredientId' in line.thing ? idOf(line.thing) : null,
    sub_recipe_id: 'recipeId' in line.thing ? idOf(line.thing) : null,
    amount: amountToStore(line.amount),
    unit: line.unit,
  }))
}
