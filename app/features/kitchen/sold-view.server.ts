import type { Db } from '#app/db/db.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { SoldKey } from './kitchen-forms.ts'
import { readKitchen, readKitchenSettings } from './kitchen.server.ts'
import { type Margin, costOfMade, marginOf } from './recipe-costs.ts'
import {
  type Sellable,
  readNetWeights,
  readRecipeUses,
  readSellables,
} from './recipe-uses.server.ts'
import { writtenAmount } from './units.ts'

/**
 * "What you sell": each treat and drop item with the recipes it is made of,
 * what that costs her and what its price leaves her (decision 105).
 */

export interface SoldRow extends Sellable {
  /** As the form names them: recipe id and batches, as typed. */
  made: { recipeId: string; batches: string }[]
  /** What one weighs in grams, as typed; '' when not weighed. */
  net: string
  /** Null until it is made of something. */
  costCents: number | null
  margin: (Margin & { words: string }) | null
  problems: string[]
}

export interface SoldView {
  rows: SoldRow[]
  recipes: { id: number; name: string }[]
  targetMarginPercent: number
}

/** "Leaves $12.40 (31%) · $28.50 an hour". */
function marginWords(margin: Margin): string {
  const left = `${margin.profitCents < 0 ? 'Loses' : 'Leaves'} ${formatMoney(Math.abs(margin.profitCents))} (${margin.percent}%)`
  return margin.perHourCents === null
    ? left
    : `${left} · ${formatMoney(margin.perHourCents)} an hour`
}

export async function readSoldView(db: Db, now = new Date()): Promise<SoldView> {
  const [kitchen, settings, uses, sellables] = [
    await readKitchen(db),
    await readKitchenSettings(db),
    await readRecipeUses(db),
    await readSellables(db, now),
  ]
  const nets = await readNetWeights(db)
  return {
    rows: sellables.map((sellable) => {
      const made = uses.get(sellable.key as SoldKey) ?? []
      const weighed = nets.get(sellable.key)
      const net = weighed ? writtenAmount(weighed) : ''
      if (made.length === 0) {
        return { ...sellable, made: [], net, costCents: null, margin: null, problems: [] }
      }
      const cost = costOfMade(kitchen, made, settings.hourlyRateCents)
      const margin =
        sellable.priceCents === null || sellable.adds
          ? null
          : marginOf(sellable.priceCents, cost, settings.targetMarginPercent)
      return {
        ...sellable,
        made: made.map((use) => ({
          recipeId: String(use.recipeId),
          batches: writtenAmount(use.batches),
        })),
        net,
        costCents: cost.totalCents,
        margin: margin ? { ...margin, words: marginWords(margin) } : null,
        problems: cost.problems,
      }
    }),
    recipes: [...kitchen.recipes.values()].map((recipe) => ({ id: recipe.id, name: recipe.name })),
    targetMarginPercent: settings.targetMarginPercent,
  }
}
