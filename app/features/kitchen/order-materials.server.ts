import type { Db } from '#app/db/db.server.ts'
import { readKitchen } from './kitchen.server.ts'
import { madeOfParts, readSoldParts } from './orders-to-make.server.ts'
import { costOfMade } from './recipe-costs.ts'
import { readRecipeUses } from './recipe-uses.server.ts'

/** What some orders cost her in ingredients and packaging, and what of them no recipe costs. */
export interface OrderMaterials {
  /** By order: the materials of what it holds that her recipes cost. */
  cents: Map<number, number>
  /** The orders holding something no recipe is set for: their cost is too low by that. */
  uncosted: Set<number>
}

/**
 * Ingredients and packaging of each order, from her recipes at today's
 * prices (decision 108): what she spent making it, as the kitchen counts it
 * everywhere else (decision 105). Her time is left out: it is hers, not money
 * that left her purse.
 */
export async function readOrderMaterials(
  db: Db,
  requestIds: readonly number[],
): Promise<OrderMaterials> {
  const materials: OrderMaterials = { cents: new Map(), uncosted: new Set() }
  if (requestIds.length === 0) return materials
  const [uses, kitchen] = [await readRecipeUses(db), await readKitchen(db)]
  // A year's orders, a few hundred at a time: well within either database's bound on a query's values.
  for (let at = 0; at < requestIds.length; at += 500) {
    for (const [requestId, parts] of await readSoldParts(db, requestIds.slice(at, at + 500))) {
      const { made, unmade } = madeOfParts(parts, uses)
      if (unmade.length > 0) materials.uncosted.add(requestId)
      if (made.length > 0)
        materials.cents.set(requestId, costOfMade(kitchen, made, 0).materialsCents)
    }
  }
  return materials
}
