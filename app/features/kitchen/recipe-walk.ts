import Fraction from 'fraction.js'
import type { Allergen } from './allergens.ts'
import { type Unit, UNITS, convert, formatAmount } from './units.ts'

/**
 * A recipe taken apart: every ingredient it needs, through its sub-recipes,
 * in what each is bought in, with the minutes and packaging that come with
 * it. Its cost, the prep sheet and the shopping list all read this one walk,
 * so they always agree. Pure; the browser may load it.
 */

export interface Ingredient {
  id: number
  name: string
  /** What she buys: 2.5 kg for $8.99. */
  pack: { amount: Fraction; unit: Unit; priceCents: number }
  /** Grams per millilitre, to weigh what a recipe measures in cups; null if not given. */
  density: Fraction | null
  allergens: readonly Allergen[]
  /** What is in the pantry, in the pack's unit; null when she does not keep count. */
  pantry: Fraction | null
}

/** One line of a recipe: an ingredient, or another recipe (buttercream in a cake). */
export type RecipeLine =
  | { ingredientId: number; amount: Fraction; unit: Unit }
  | { recipeId: number; amount: Fraction; unit: Unit | 'batch' }

export interface Recipe {
  id: number
  name: string
  /** What one batch makes: 900 g of buttercream, 24 cupcakes, one 8-inch sponge. */
  yields: { amount: Fraction; unit: Unit }
  labourMinutes: number
  packagingCents: number
  lines: readonly RecipeLine[]
}

export interface Kitchen {
  ingredients: ReadonlyMap<number, Ingredient>
  recipes: ReadonlyMap<number, Recipe>
}

/** What a number of batches of a recipe comes to. */
export interface Walked {
  /** Each ingredient's amount, in the unit of its pack. */
  ingredients: Map<number, Fraction>
  /** Each recipe's batches, the walked one and every sub-recipe. */
  batches: Map<number, Fraction>
  labourMinutes: Fraction
  packagingCents: Fraction
  allergens: Set<Allergen>
  /** Lines that could not be counted, each said for the owner to mend. */
  problems: string[]
  /** Of those, a recipe inside itself or nested too deep: never saved. */
  nesting: string[]
}

/** Sub-recipes within sub-recipes: deeper than this is a mistake, not a kitchen. */
const MAX_DEPTH = 8

/** `batches` of recipe `recipeId`, taken apart. */
export function walkRecipe(kitchen: Kitchen, recipeId: number, batches: Fraction): Walked {
  const walked: Walked = {
    ingredients: new Map(),
    batches: new Map(),
    labourMinutes: new Fraction(0),
    packagingCents: new Fraction(0),
    allergens: new Set(),
    problems: [],
    nesting: [],
  }
  walkInto(walked, kitchen, recipeId, batches, [])
  return walked
}

function walkInto(
  walked: Walked,
  kitchen: Kitchen,
  recipeId: number,
  batches: Fraction,
  path: readonly number[],
) {
  const recipe = kitchen.recipes.get(recipeId)
  if (!recipe) {
    walked.problems.push('A recipe it uses has been deleted.')
    return
  }
  if (path.includes(recipeId) || path.length >= MAX_DEPTH) {
    const names = [...path, recipeId].map((id) => kitchen.recipes.get(id)?.name ?? '?').join(' → ')
    const problem = path.includes(recipeId)
      ? `${names}: a recipe cannot be inside itself.`
      : `${names}: recipes go at most ${MAX_DEPTH} deep.`
    walked.problems.push(problem)
    walked.nesting.push(problem)
    return
  }
  add(walked.batches, recipeId, batches)
  walked.labourMinutes = walked.labourMinutes.add(batches.mul(recipe.labourMinutes))
  walked.packagingCents = walked.packagingCents.add(batches.mul(recipe.packagingCents))
  for (const line of recipe.lines) {
    const amount = line.amount.mul(batches)
    if ('ingredientId' in line)
      addIngredient(walked, kitchen, recipe, line.ingredientId, amount, line.unit)
    else addSubRecipe(walked, kitchen, recipe, line, amount, [...path, recipeId])
  }
}

function addIngredient(
  walked: Walked,
  kitchen: Kitchen,
  recipe: Recipe,
  ingredientId: number,
  amount: Fraction,
  unit: Unit,
) {
  const ingredient = kitchen.ingredients.get(ingredientId)
  if (!ingredient) {
    walked.problems.push(`${recipe.name}: an ingredient it uses has been deleted.`)
    return
  }
  for (const allergen of ingredient.allergens) walked.allergens.add(allergen)
  const inPacks = convert(amount, unit, ingredient.pack.unit, ingredient.density)
  if (inPacks === null) {
    walked.problems.push(unmatched(recipe, ingredient, unit))
    return
  }
  add(walked.ingredients, ingredientId, inPacks)
}

function addSubRecipe(
  walked: Walked,
  kitchen: Kitchen,
  recipe: Recipe,
  line: Extract<RecipeLine, { recipeId: number }>,
  amount: Fraction,
  path: readonly number[],
) {
  const sub = kitchen.recipes.get(line.recipeId)
  if (!sub) {
    walked.problems.push(`${recipe.name}: a recipe it uses has been deleted.`)
    return
  }
  const batches =
    line.unit === 'batch'
      ? amount
      : convert(amount, line.unit, sub.yields.unit)?.div(sub.yields.amount)
  if (!batches) {
    walked.problems.push(
      `${recipe.name}: ${sub.name} makes ${formatAmount(sub.yields.amount, sub.yields.unit)}, so it is used in ${UNITS[sub.yields.unit].many} or batches, not ${UNITS[line.unit as Unit].many}.`,
    )
    return
  }
  walkInto(walked, kitchen, line.recipeId, batches, path)
}

function unmatched(recipe: Recipe, ingredient: Ingredient, unit: Unit): string {
  const measured = UNITS[unit].dimension
  const bought = UNITS[ingredient.pack.unit].dimension
  if (measured !== 'count' && bought !== 'count') {
    return `${recipe.name}: ${ingredient.name} is measured in ${UNITS[unit].many} but bought by ${measured === 'volume' ? 'weight' : 'volume'}; give ${ingredient.name} its weight per millilitre.`
  }
  return `${recipe.name}: ${ingredient.name} is bought in ${UNITS[ingredient.pack.unit].many}, so measure it in ${UNITS[ingredient.pack.unit].many} too.`
}

function add(totals: Map<number, Fraction>, id: number, amount: Fraction) {
  totals.set(id, (totals.get(id) ?? new Fraction(0)).add(amount))
}
