import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readKitchen, readKitchenSettings } from './kitchen.server.ts'
import { type Cost, costOfMade } from './recipe-costs.ts'
import { readRecipeUses } from './recipe-uses.server.ts'
import { writtenAmount } from './units.ts'

const ownTables = tablesFor('kitchen')

/** What a menu treat costs her, for the quote form's note as she types a price. */
export interface TreatCost {
  cost: Cost
  /** "Layer cake × 1 1/2 and Buttercream × 1". */
  madeOf: string
  targetMarginPercent: number
}

/** The treat a request names, costed from its recipes; null when none is set for it. */
export async function readTreatCost(db: Db, treatName: string): Promise<TreatCost | null> {
  const treats = await ownTables(db).selectFrom('product').select(['id', 'name']).execute()
  const treat = treats.find(
    (candidate) => candidate.name.toLocaleLowerCase('en') === treatName.toLocaleLowerCase('en'),
  )
  const made = treat ? (await readRecipeUses(db)).get(`treat.${treat.id}`) : undefined
  if (!made || made.length === 0) return null
  const [kitchen, settings] = [await readKitchen(db), await readKitchenSettings(db)]
  const names = made.map(
    (use) => `${kitchen.recipes.get(use.recipeId)?.name ?? '?'} × ${writtenAmount(use.batches)}`,
  )
  return {
    cost: costOfMade(kitchen, made, settings.hourlyRateCents),
    madeOf: names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!,
    targetMarginPercent: settings.targetMarginPercent,
  }
}
