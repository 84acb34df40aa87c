import Fraction from 'fraction.js'
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { amountToStore, parseAmount, writtenAmount } from './units.ts'

const ownTables = tablesFor('kitchen')

/**
 * What each menu treat (and each of its choices) is made of and weighs, by
 * the treat's name: what a site file carries, and what is kept across a
 * menu's replacement, whose rows the links go with.
 */

/** What one of each menu treat weighs, by the treat's name. */
export async function treatWeights(db: Db | Transaction<Database>) {
  const rows = await ownTables(db)
    .selectFrom('label_net')
    .innerJoin('product', 'product.id', 'label_net.product_id')
    .select(['product.name as treat', 'label_net.grams'])
    .orderBy('product.position')
    .execute()
  return rows.map((row) => ({ treat: row.treat, grams: writtenAmount(new Fraction(row.grams)) }))
}

/** Puts each weight on the new menu's treat of the same name (its old row went with the old menu). */
export async function restoreTreatWeights(
  trx: Transaction<Database>,
  weighs: readonly { treat: string; grams: string }[],
) {
  const treats = await ownTables(trx).selectFrom('product').select(['id', 'name']).execute()
  const ids = new Map(treats.map((treat) => [treat.name.toLocaleLowerCase('en'), treat.id]))
  const rows = weighs.flatMap((weight) => {
    const id = ids.get(weight.treat.toLocaleLowerCase('en'))
    const grams = parseAmount(weight.grams)
    return id === undefined || !grams
      ? []
      : [{ product_id: id, drop_item_id: null, grams: amountToStore(grams) }]
  })
  await ownTables(trx).deleteFrom('label_net').where('product_id', 'is not', null).execute()
  if (rows.length > 0) await ownTables(trx).insertInto('label_net').values(rows).execute()
}

/** What each treat is made of and weighs, by the treat's name: kept across a menu's replacement. */
export interface TreatRecipes {
  uses: { treat: string; option: string | null; recipeId: number; batches: string }[]
  weighs: { treat: string; grams: string }[]
}

/** Read before a file without a kitchen replaces the menu, whose rows the links go with. */
export async function rememberTreatRecipes(trx: Transaction<Database>): Promise<TreatRecipes> {
  const rows = await ownTables(trx)
    .selectFrom('recipe_use')
    .innerJoin('product', 'product.id', 'recipe_use.product_id')
    .select(['product.name', 'recipe_use.option_key', 'recipe_use.recipe_id', 'recipe_use.batches'])
    .execute()
  return {
    uses: rows.map((row) => ({
      treat: row.name,
      option: row.option_key,
      recipeId: row.recipe_id,
      batches: row.batches,
    })),
    weighs: await treatWeights(trx),
  }
}

/** Puts the links back on the new menu's treats of the same names. */
export async function restoreTreatRecipes(trx: Transaction<Database>, kept: TreatRecipes) {
  const treats = await ownTables(trx).selectFrom('product').select(['id', 'name']).execute()
  const ids = new Map(treats.map((treat) => [treat.name.toLocaleLowerCase('en'), treat.id]))
  const uses = kept.uses.flatMap((use) => {
    const id = ids.get(use.treat.toLocaleLowerCase('en'))
    return id === undefined
      ? []
      : [
          {
            product_id: id,
            option_key: use.option,
            drop_item_id: null,
            recipe_id: use.recipeId,
            batches: use.batches,
          },
        ]
  })
  if (uses.length > 0) await ownTables(trx).insertInto('recipe_use').values(uses).execute()
  await restoreTreatWeights(trx, kept.weighs)
}
