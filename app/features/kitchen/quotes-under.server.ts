import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { KitchenSettings } from './kitchen.server.ts'
import { costOfMade, marginOf } from './recipe-costs.ts'
import { readRecipeUses } from './recipe-uses.server.ts'
import type { Kitchen } from './recipe-walk.ts'

const ownTables = tablesFor('kitchen')

/** An open quote whose price leaves her less than the margin she aims for. */
export interface QuoteUnder {
  requestId: number
  /** "Cakes for Ana Lima". */
  label: string
  priceCents: number
  costCents: number
  percent: number
}

/**
 * The quotes still waiting on a customer whose treat is made of recipes and
 * whose price, against what those recipes cost now, is under her aim: a
 * dearer flour flags them here before she books them.
 */
export async function readQuotesUnder(
  db: Db,
  kitchen: Kitchen,
  settings: KitchenSettings,
): Promise<QuoteUnder[]> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select([
      'order_request.id',
      'order_request.name',
      'order_request.product_type',
      'request_quote.price_cents',
      'request_quote.line_cents',
    ])
    .where('order_request.status', '=', 'quoted')
    .orderBy('request_quote.id', 'desc')
    .limit(500)
    .execute()
  const treats = await ownTables(db).selectFrom('product').select(['id', 'name']).execute()
  const treatIds = new Map(treats.map((treat) => [treat.name.toLocaleLowerCase('en'), treat.id]))
  const uses = await readRecipeUses(db)
  const seen = new Set<number>()
  const under: QuoteUnder[] = []
  for (const row of rows) {
    // The newest quote of each request is the one that stands.
    if (seen.has(Number(row.id))) continue
    seen.add(Number(row.id))
    const treat = treatIds.get(row.product_type.toLocaleLowerCase('en'))
    const made = treat === undefined ? undefined : uses.get(`treat.${treat}`)
    if (!made || made.length === 0) continue
    const priceCents = row.line_cents ?? row.price_cents
    const cost = costOfMade(kitchen, made, settings.hourlyRateCents)
    const margin = marginOf(priceCents, cost, settings.targetMarginPercent)
    if (!margin.belowTarget) continue
    under.push({
      requestId: Number(row.id),
      label: `${row.product_type} for ${row.name}`,
      priceCents,
      costCents: cost.totalCents,
      percent: margin.percent,
    })
  }
  return under
}
