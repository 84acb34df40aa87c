import type Fraction from 'fraction.js'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { type MadeOf, type SoldKey, soldKeyParts } from './kitchen-forms.ts'
import { lockKitchen } from './kitchen.server.ts'
import { amountToStore, storedAmount } from './units.ts'

const ownTables = tablesFor('kitchen')

/**
 * What each thing she sells is made of (decision 105): a menu treat or a
 * drop's item, as batches of recipes. Read whole, written one form at a time.
 */

/** One thing she sells, with its price when it has a set one. */
export interface Sellable {
  key: SoldKey
  name: string
  /** "Menu" or the drop's name and pickup day. */
  where: string
  priceCents: number | null
  /** A treat's choice: its price is what it adds, and its recipes add to the treat's. */
  adds?: true
}

/** The recipes each sold thing is made of, by its key. */
export async function readRecipeUses(db: Db): Promise<Map<SoldKey, MadeOf[]>> {
  const rows = await ownTables(db)
    .selectFrom('recipe_use')
    .select(['product_id', 'option_key', 'drop_item_id', 'recipe_id', 'batches'])
    .orderBy('id')
    .execute()
  const uses = new Map<SoldKey, MadeOf[]>()
  for (const row of rows) {
    const key: SoldKey =
      row.product_id === null
        ? `item.${row.drop_item_id!}`
        : row.option_key === null
          ? `treat.${row.product_id}`
          : `option.${row.product_id}.${row.option_key}`
    const made = { recipeId: row.recipe_id, batches: storedAmount(row.batches) }
    uses.set(key, [...(uses.get(key) ?? []), made])
  }
  return uses
}

/**
 * What she sells now: the menu's active treats and the items of drops
 * picked up from today on, the menu first.
 */
export async function readSellables(db: Db, now = new Date()): Promise<Sellable[]> {
  const treats = await ownTables(db)
    .selectFrom('product')
    .select(['id', 'name', 'set_price_cents'])
    .where('active', '=', 1)
    .orderBy('position')
    .execute()
  const items = await ownTables(db)
    .selectFrom('drop_item')
    .innerJoin('drop_sale', 'drop_sale.id', 'drop_item.drop_id')
    .select([
      'drop_item.id',
      'drop_item.name',
      'drop_item.price_cents',
      'drop_sale.name as drop',
      'drop_sale.pickup_date',
    ])
    .where('drop_sale.pickup_date', '>=', bakeryToday(now))
    .orderBy('drop_sale.pickup_date')
    .orderBy('drop_item.position')
    .execute()
  const menu: Sellable[] = []
  for (const treat of treats) {
    menu.push({
      key: `treat.${treat.id}`,
      name: treat.name,
      where: 'Menu',
      priceCents: treat.set_price_cents,
    })
    // Each choice of a treat sold now may add recipes: a bigger size, a filling.
    const sold = treat.set_price_cents === null ? null : await readSetPrice(db, treat.id)
    for (const group of sold?.groups ?? []) {
      if (group.kind !== 'choice') continue
      for (const choice of group.choices) {
        menu.push({
          key: `option.${treat.id}.${group.key}.${choice.key}`,
          name: `${treat.name} · ${group.label}: ${choice.label}`,
          where: 'A choice on the menu',
          priceCents: choice.priceCents,
          adds: true,
        })
      }
    }
  }
  return [
    ...menu,
    ...items.map((item) => ({
      key: `item.${item.id}` as const,
      name: item.name,
      where: item.drop,
      priceCents: item.price_cents,
    })),
  ]
}

/** What one of each thing she sells weighs, in grams, where she has weighed it. */
export async function readNetWeights(db: Db): Promise<Map<SoldKey, Fraction>> {
  const rows = await ownTables(db)
    .selectFrom('label_net')
    .select(['product_id', 'drop_item_id', 'grams'])
    .execute()
  return new Map(
    rows.map((row) => [
      row.product_id !== null
        ? (`treat.${row.product_id}` as const)
        : (`item.${row.drop_item_id!}` as const),
      storedAmount(row.grams),
    ]),
  )
}

/** Replaces what each of `made`'s keys is made of and weighs, in one transaction. */
export async function saveRecipeUses(
  db: Db,
  made: ReadonlyMap<SoldKey, MadeOf[]>,
  nets: ReadonlyMap<SoldKey, Fraction | null> = new Map(),
): Promise<{ ok: true } | { ok: false; error: string }> {
  return db.transaction().execute(async (trx) => {
    // Under the kitchen's lock a recipe is not deleted meanwhile; a treat or
    // item that went meanwhile (a drop edited, a menu imported) is passed by.
    await lockKitchen(trx)
    const recipes = new Set(
      (await ownTables(trx).selectFrom('recipe').select('id').execute()).map((row) => row.id),
    )
    const wanted = [...made.values()].flat()
    if (wanted.some((use) => !recipes.has(use.recipeId))) {
      return { ok: false, error: 'A recipe was deleted meanwhile: look again, then save.' }
    }
    const treats = new Set(
      (await ownTables(trx).selectFrom('product').select('id').execute()).map((row) => row.id),
    )
    const items = new Set(
      (await ownTables(trx).selectFrom('drop_item').select('id').execute()).map((row) => row.id),
    )
    for (const [key, uses] of made) {
      const { kind, id, option } = soldKeyParts(key)
      if (!(kind === 'treat' ? treats : items).has(id)) continue
      const column = kind === 'treat' ? 'product_id' : 'drop_item_id'
      const net = nets.get(key)
      // A choice adds to a treat's recipes; the treat is what is weighed.
      if (option === null) {
        await ownTables(trx).deleteFrom('label_net').where(column, '=', id).execute()
      }
      if (net && option === null) {
        await ownTables(trx)
          .insertInto('label_net')
          .values({
            product_id: kind === 'treat' ? id : null,
            drop_item_id: kind === 'item' ? id : null,
            grams: amountToStore(net),
          })
          .execute()
      }
      await ownTables(trx)
        .deleteFrom('recipe_use')
        .where(column, '=', id)
        .where((eb) =>
          option === null ? eb('option_key', 'is', null) : eb('option_key', '=', option),
        )
        .execute()
      if (uses.length === 0) continue
      await ownTables(trx)
        .insertInto('recipe_use')
        .values(
          uses.map((use) => ({
            product_id: kind === 'treat' ? id : null,
            option_key: option,
            drop_item_id: kind === 'item' ? id : null,
            recipe_id: use.recipeId,
            batches: amountToStore(use.batches),
          })),
        )
        .execute()
    }
    return { ok: true } as const
  })
}
