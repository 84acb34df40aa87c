import Fraction from 'fraction.js'
import type { Db } from '#app/db/db.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { allergenNames } from './allergens.ts'
import { type KitchenSettings, readKitchen, readKitchenSettings } from './kitchen.server.ts'
import { type QuoteUnder, readQuotesUnder } from './quotes-under.server.ts'
import { type Cost, costOf } from './recipe-costs.ts'
import { type Ingredient, type Kitchen, walkRecipe } from './recipe-walk.ts'
import { UNITS, formatAmount } from './units.ts'

/**
 * The kitchen as her pages show it: every figure already in words, so the
 * page builds no formatter and says each the way the sheets and labels will.
 */

export interface RecipeSummary {
  id: number
  name: string
  /** "24 pieces", "900 g". */
  makes: string
  cost: Cost
  /** "$0.95 a piece", when a batch makes pieces. */
  perPiece: string | null
  /** "Milk, Eggs, Wheat", or '' for none. */
  contains: string
}

export interface IngredientSummary {
  id: number
  name: string
  /** "2.5 kg for $8.99". */
  pack: string
  contains: string
  /** How many recipes use it. */
  usedIn: number
}

export interface KitchenOverview {
  settings: KitchenSettings
  /** Open quotes whose price is now under her margin. */
  quotesUnder: QuoteUnder[]
  recipes: RecipeSummary[]
  ingredients: IngredientSummary[]
}

export function packWords(ingredient: Pick<Ingredient, 'pack'>): string {
  const { amount, unit, priceCents } = ingredient.pack
  return `${formatAmount(amount, unit)} for ${formatMoney(priceCents)}`
}

export function recipeSummary(
  kitchen: Kitchen,
  recipeId: number,
  settings: KitchenSettings,
): RecipeSummary {
  const recipe = kitchen.recipes.get(recipeId)!
  const cost = costOf(kitchen, recipeId, { hourlyRateCents: settings.hourlyRateCents })
  const pieces = UNITS[recipe.yields.unit].dimension === 'count'
  const perPiece = pieces
    ? Number(
        new Fraction(cost.totalCents)
          .div(recipe.yields.amount.mul(UNITS[recipe.yields.unit].base))
          .round(0)
          .valueOf(),
      )
    : null
  return {
    id: recipe.id,
    name: recipe.name,
    makes: formatAmount(recipe.yields.amount, recipe.yields.unit),
    cost,
    perPiece: perPiece === null ? null : `${formatMoney(perPiece)} a piece`,
    contains: allergenNames(walkRecipe(kitchen, recipeId, new Fraction(1)).allergens),
  }
}

export async function readKitchenOverview(db: Db): Promise<KitchenOverview> {
  const [kitchen, settings] = [await readKitchen(db), await readKitchenSettings(db)]
  const uses = new Map<number, number>()
  for (const recipe of kitchen.recipes.values()) {
    const used = new Set(
      recipe.lines.flatMap((line) => ('ingredientId' in line ? [line.ingredientId] : [])),
    )
    for (const id of used) uses.set(id, (uses.get(id) ?? 0) + 1)
  }
  return {
    settings,
    quotesUnder: await readQuotesUnder(db, kitchen, settings),
    recipes: [...kitchen.recipes.keys()].map((id) => recipeSummary(kitchen, id, settings)),
    ingredients: [...kitchen.ingredients.values()].map((ingredient) => ({
      id: ingredient.id,
      name: ingredient.name,
      pack: packWords(ingredient),
      contains: allergenNames(ingredient.allergens),
      usedIn: uses.get(ingredient.id) ?? 0,
    })),
  }
}
