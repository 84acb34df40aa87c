import Fraction from 'fraction.js'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import type { MadeOf, OptionKey, SoldKey } from './kitchen-forms.ts'
import { readRecipeUses } from './recipe-uses.server.ts'

const ownTables = tablesFor('kitchen')

/**
 * The booked orders of a date range and what each is made of: a drop's
 * order by its basket's items, a treat bought now by its treat, a custom
 * request by the menu treat it names. Read in one query each.
 */

export interface OrderToMake {
  requestId: number
  dueDate: string
  name: string
  /** What she ordered, as the book names it: "Cakes", "Saturday bake". */
  what: string
  /** Its recipes and their batches, summed over what it holds. */
  made: MadeOf[]
  /** What it holds that no recipe is set for: "Apple pie", "Cakes". */
  unmade: string[]
}

/** The longest range a sheet covers: a month of baking. */
export const MAX_SHEET_DAYS = 31

export async function readOrdersToMake(db: Db, from: string, to: string): Promise<OrderToMake[]> {
  const requests = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'due_date', 'name', 'product_type'])
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .where('status', 'in', BOOKED_STATUSES)
    .orderBy('due_date')
    .orderBy('id')
    .execute()
  if (requests.length === 0) return []
  const partsOf = await readSoldParts(
    db,
    requests.map((request) => Number(request.id)),
  )
  const uses = await readRecipeUses(db)
  return requests.map((request): OrderToMake => {
    const order = {
      requestId: Number(request.id),
      dueDate: request.due_date,
      name: request.name,
      what: request.product_type,
    }
    return { ...order, ...madeOfParts(partsOf.get(order.requestId) ?? [], uses) }
  })
}

/** What an order's parts are made of, recipe by recipe, and the parts no recipe is set for. */
export function madeOfParts(
  parts: readonly SoldPart[],
  uses: ReadonlyMap<SoldKey, MadeOf[]>,
): { made: MadeOf[]; unmade: string[] } {
  const made: MadeOf[] = []
  const unmade: string[] = []
  for (const part of parts) {
    const recipes = madeOfPart(part, uses)
    if (recipes.length === 0) unmade.push(part.label)
    for (const use of recipes) addMade(made, use.recipeId, use.batches.mul(part.count))
  }
  return { made, unmade }
}

/** One thing an order holds: what it is sold as (null when it is no menu treat), how many, its name. */
export interface SoldPart {
  key: SoldKey | null
  count: number
  label: string
  /** The choices it was bought with, each adding its own recipes. */
  choices: OptionKey[]
}

/** What one of a part is made of: its own recipes and what each of its choices adds. */
export function madeOfPart(part: SoldPart, uses: ReadonlyMap<SoldKey, MadeOf[]>): MadeOf[] {
  if (!part.key) return []
  return [part.key, ...part.choices].flatMap((key) => uses.get(key) ?? [])
}

/**
 * What each of some orders holds: a drop's order its basket's items, a
 * treat bought now its treat, a custom request the menu treat it names.
 */
export async function readSoldParts(
  db: Db,
  requestIds: readonly number[],
): Promise<Map<number, SoldPart[]>> {
  const partsOf = new Map<number, SoldPart[]>()
  if (requestIds.length === 0) return partsOf
  const requests = await ownTables(db)
    .selectFrom('order_request')
    .leftJoin('set_price_order', 'set_price_order.request_id', 'order_request.id')
    .select(['order_request.id', 'order_request.product_type', 'set_price_order.product_id'])
    .where('order_request.id', 'in', [...requestIds])
    .execute()
  const basketLines = await ownTables(db)
    .selectFrom('drop_hold')
    .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
    .innerJoin('drop_item', 'drop_item.id', 'drop_hold_line.item_id')
    .select([
      'drop_hold.request_id',
      'drop_hold_line.item_id',
      'drop_hold_line.quantity',
      'drop_item.name',
    ])
    .where('drop_hold.request_id', 'in', [...requestIds])
    .where('drop_hold.state', '=', 'ordered')
    .orderBy('drop_item.position')
    .execute()
  const choices = await readChoicesSold(db, requestIds)
  const treats = await ownTables(db).selectFrom('product').select(['id', 'name']).execute()
  const treatByName = new Map(treats.map((treat) => [treat.name.toLocaleLowerCase('en'), treat.id]))
  for (const request of requests) {
    const id = Number(request.id)
    const lines = basketLines.filter((line) => Number(line.request_id) === id)
    const chosen = choices.filter((choice) => Number(choice.request_id) === id)
    partsOf.set(
      id,
      lines.length > 0
        ? lines.map((line) => ({
            key: `item.${line.item_id}` as const,
            count: line.quantity,
            label: line.name,
            choices: [],
          }))
        : [
            {
              key: treatKey(
                request.product_id,
                treatByName.get(request.product_type.toLocaleLowerCase('en')),
              ),
              count: 1,
              label: withChoices(request.product_type, chosen),
              choices:
                request.product_id === null
                  ? []
                  : chosen.map(
                      (choice) =>
                        `option.${request.product_id!}.${choice.group_key}.${choice.choice_key}` as const,
                    ),
            },
          ],
    )
  }
  return partsOf
}

/** The choices each set-price order of `requestIds` was bought with, under the names they were sold by. */
function readChoicesSold(db: Db, requestIds: readonly number[]) {
  return ownTables(db)
    .selectFrom('set_price_choice')
    .innerJoin('set_price_order', 'set_price_order.request_id', 'set_price_choice.request_id')
    .leftJoin('product_option_group', (join) =>
      join
        .onRef('product_option_group.product_id', '=', 'set_price_order.product_id')
        .onRef('product_option_group.key', '=', 'set_price_choice.group_key'),
    )
    .leftJoin('product_option_choice', (join) =>
      join
        .onRef('product_option_choice.group_id', '=', 'product_option_group.id')
        .onRef('product_option_choice.key', '=', 'set_price_choice.choice_key'),
    )
    .select([
      'set_price_choice.request_id',
      'set_price_choice.group_key',
      'set_price_choice.choice_key',
      // The name it was sold by; the menu's for an order made before names were kept.
      (eb) => eb.fn.coalesce('set_price_choice.label', 'product_option_choice.label').as('label'),
    ])
    .where('set_price_choice.request_id', 'in', [...requestIds])
    .orderBy('set_price_choice.id')
    .execute()
}

/**
 * A treat bought now is named with its choices, "Layer cake (Chocolate,
 * 9 inch)", on its label and its prep line: two of one treat made two ways
 * are two things. A choice since taken off the menu is left unnamed.
 */
function withChoices(treat: string, chosen: readonly { label: string | null }[]): string {
  const names = chosen.flatMap((choice) => (choice.label ? [choice.label] : []))
  return names.length > 0 ? `${treat} (${names.join(', ')})` : treat
}

function treatKey(setPriceTreat: number | null, namedTreat: number | undefined): SoldKey | null {
  const id = setPriceTreat ?? namedTreat
  return id === undefined || id === null ? null : `treat.${id}`
}

function addMade(made: MadeOf[], recipeId: number, batches: Fraction) {
  const known = made.find((use) => use.recipeId === recipeId)
  if (known) known.batches = known.batches.add(batches)
  else made.push({ recipeId, batches: new Fraction(batches) })
}
