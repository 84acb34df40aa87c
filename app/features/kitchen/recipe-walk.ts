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
  /** What its own pack lists, for a label's brackets: "wheat flour, niacin, iron". */
  contents: string
  /** What one piece weighs in grams, for a label, when it is bought by the piece. */
  pieceGrams: Fraction | null
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
  /** Of those, a recipe inside itself: never saved. */
  nesting: string[]
}

/**
 * One batch of each recipe taken apart, kept per kitchen as read: a
 * sub-recipe used in many places (or many levels deep) is walked once,
 * so a walk costs the kitchen's lines, never their paths.
 */
const unitWalks = new WeakMap<Kitchen, Map<number, Walked>>()

function emptyWalk(): Walked {
  return {
    ingredients: new Map(),
    batches: new Map(),
    labourMinutes: new Fraction(0),
    packagingCents: new Fraction(0),
    allergens: new Set(),
    problems: [],
    nesting: [],
  }
}

/** `batches` of recipe `recipeId`, taken apart. */
export function walkRecipe(kitchen: Kitchen, recipeId: number, batches: Fraction): Walked {
  const walked = emptyWalk()
  addScaled(walked, unitWalk(kitchen, recipeId, []), batches)
  return walked
}

/** `source` times `factor`, added into `target`; its problems once each. */
function addScaled(target: Walked, source: Walked, factor: Fraction) {
  for (const [id, amount] of source.ingredients) add(target.ingredients, id, amount.mul(factor))
  for (const [id, amount] of source.batches) add(target.batches, id, amount.mul(factor))
  target.labourMinutes = target.labourMinutes.add(source.labourMinutes.mul(factor))
  target.packagingCents = target.packagingCents.add(source.packagingCents.mul(factor))
  for (const allergen of source.allergens) target.allergens.add(allergen)
  for (const problem of source.problems) {
    if (!target.problems.includes(problem)) target.problems.push(problem)
  }
  for (const problem of source.nesting) {
    if (!target.nesting.includes(problem)) target.nesting.push(problem)
  }
}

/** One batch of a recipe, its sub-recipes walked once each; `path` is the recipes above it. */
function unitWalk(kitchen: Kitchen, recipeId: number, path: readonly number[]): Walked {
  let walks = unitWalks.get(kitchen)
  if (!walks) unitWalks.set(kitchen, (walks = new Map()))
  const known = walks.get(recipeId)
  if (known) return known
  const walked = emptyWalk()
  const recipe = kitchen.recipes.get(recipeId)
  if (!recipe) {
    walked.problems.push('A recipe it uses has been deleted.')
    return walked
  }
  add(walked.batches, recipeId, new Fraction(1))
  walked.labourMinutes = new Fraction(recipe.labourMinutes)
  walked.packagingCents = new Fraction(recipe.packagingCents)
  for (const line of recipe.lines) {
    if ('ingredientId' in line) {
      addIngredient(walked, kitchen, recipe, line.ingredientId, line.amount, line.unit)
    } else {
      addSubRecipe(walked, kitchen, recipe, line, [...path, recipeId])
    }
  }
  walks.set(recipeId, walked)
  return walked
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
  path: readonly number[],
) {
  const sub = kitchen.recipes.get(line.recipeId)
  if (!sub) {
    walked.problems.push(`${recipe.name}: a recipe it uses has been deleted.`)
    return
  }
  if (path.includes(sub.id)) {
    const names = [...path.slice(path.indexOf(sub.id)), sub.id]
      .map((id) => kitchen.recipes.get(id)?.name ?? '?')
      .join(' → ')
    const problem = `${names}: a recipe cannot be inside itself.`
    walked.problems.push(problem)
    walked.nesting.push(problem)
    return
  }
  const batches =
    line.unit === 'batch'
      ? line.amount
      : convert(line.amount, line.unit, sub.yields.unit)?.div(sub.yields.amount)
  if (!batches) {
    walked.problems.push(
      `${recipe.name}: ${sub.name} makes ${formatAmount(sub.yields.amount, sub.yields.unit)}, so it is used in ${UNITS[sub.yields.unit].many} or batches, not ${UNITS[line.unit as Unit].many}.`,
    )
    return
  }
  addScaled(walked, unitWalk(kitchen, sub.id, path), batches)
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
