import Fraction from 'fraction.js'
import type { MadeOf } from './kitchen-forms.ts'
import { type Kitchen, walkRecipe } from './recipe-walk.ts'

/**
 * What a recipe truly costs her, and what a price leaves her: the one rule
 * the kitchen, the quote form, the menu and the drops all show (decision
 * 105). Each part is exact until it is rounded to the cent, once; the total
 * is the sum of the parts as shown. Pure; the browser may load it.
 */

export interface Cost {
  ingredientsCents: number
  packagingCents: number
  /** Her minutes at her hourly rate. */
  labourCents: number
  /** Her minutes, unrounded: round them where they are shown. */
  labourMinutes: number
  /** Ingredients and packaging: what leaves her purse. */
  materialsCents: number
  /** Materials and her time. */
  totalCents: number
  /** Lines left out of the sum, each said for her to mend; the cost is then too low. */
  problems: string[]
}

/** Half a cent and up is a cent: costs are never negative. */
function toCents(amount: Fraction): number {
  return Number(amount.round(0).valueOf())
}

/** The cost of `batches` of a recipe (a 9-inch cake is 1.5 batches of the sponge). */
export function costOf(
  kitchen: Kitchen,
  recipeId: number,
  { batches = new Fraction(1), hourlyRateCents }: { batches?: Fraction; hourlyRateCents: number },
): Cost {
  const walked = walkRecipe(kitchen, recipeId, batches)
  let ingredients = new Fraction(0)
  for (const [id, amount] of walked.ingredients) {
    const { pack } = kitchen.ingredients.get(id)!
    ingredients = ingredients.add(amount.div(pack.amount).mul(pack.priceCents))
  }
  const ingredientsCents = toCents(ingredients)
  const packagingCents = toCents(walked.packagingCents)
  const labourCents = toCents(walked.labourMinutes.mul(hourlyRateCents).div(60))
  return {
    ingredientsCents,
    packagingCents,
    labourCents,
    // Exact until shown: a third of a batch's 40 minutes is 13.33…, for what an hour makes.
    labourMinutes: Number(walked.labourMinutes.valueOf()),
    materialsCents: ingredientsCents + packagingCents,
    totalCents: ingredientsCents + packagingCents + labourCents,
    problems: walked.problems,
  }
}

/** The true cost of a thing made of several recipes (`made`), summed recipe by recipe. */
export function costOfMade(
  kitchen: Kitchen,
  made: readonly MadeOf[],
  hourlyRateCents: number,
): Cost {
  const costs = made.map((use) =>
    costOf(kitchen, use.recipeId, { batches: use.batches, hourlyRateCents }),
  )
  return {
    totalCents: costs.reduce((sum, cost) => sum + cost.totalCents, 0),
    materialsCents: costs.reduce((sum, cost) => sum + cost.materialsCents, 0),
    labourCents: costs.reduce((sum, cost) => sum + cost.labourCents, 0),
    ingredientsCents: costs.reduce((sum, cost) => sum + cost.ingredientsCents, 0),
    packagingCents: costs.reduce((sum, cost) => sum + cost.packagingCents, 0),
    labourMinutes: costs.reduce((sum, cost) => sum + cost.labourMinutes, 0),
    problems: [...new Set(costs.flatMap((cost) => cost.problems))],
  }
}

export interface Margin {
  /** The price less the true cost; below zero when she loses money. */
  profitCents: number
  /** That as a whole percent of the price. */
  percent: number
  /** What her hours earn: the price less materials, per hour; null with no minutes. */
  perHourCents: number | null
  /** Under the margin she aims for (Settings). */
  belowTarget: boolean
}

export function marginOf(priceCents: number, cost: Cost, targetPercent: number): Margin {
  const profitCents = priceCents - cost.totalCents
  const percent = priceCents > 0 ? Math.floor((profitCents * 100) / priceCents) : 0
  const perHourCents =
    cost.labourMinutes > 0
      ? Math.floor(((priceCents - cost.materialsCents) * 60) / cost.labourMinutes)
      : null
  return { profitCents, percent, perHourCents, belowTarget: percent < targetPercent }
}
