import type { Kysely, Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import type { OptionGroup, SetPrice } from './option-prices.ts'
import type { SetPriceFormInput } from './set-price-form.ts'

const ownTables = tablesFor('menu')

type Executor = Kysely<Database> | Transaction<Database>

/** A treat as sold now: its set price, and whether she lets customers pay at pickup. */
export type SetPriceTreat = SetPrice & { productId: number; payAtPickup: boolean }

/**
 * The treat `productId` as sold at a set price (decision 102): its price,
 * rush fee and option groups with their choices, in the owner's order; null
 * when it is not on the menu or is quoted, as always.
 */
export async function readSetPrice(db: Executor, productId: number): Promise<SetPriceTreat | null> {
  const settings = await readSetPriceSettings(db, productId)
  if (!settings?.sellsNow || settings.basePriceCents === null) return null
  return {
    productId,
    name: settings.name,
    basePriceCents: settings.basePriceCents,
    rush: settings.rush,
    groups: settings.groups,
    payAtPickup: settings.payAtPickup,
  }
}

/**
 * What the owner's set-price form shows of the active treat `productId`
 * (or of any, `anyState`, as a move to a new home carries it): everything
 * kept, whether it sells now or not. Three reads on its own rows.
 */
export async function readSetPriceSettings(
  db: Executor,
  productId: number,
  { anyState = false }: { anyState?: boolean } = {},
): Promise<(SetPriceFormInput & { name: string }) | null> {
  const product = await ownTables(db)
    .selectFrom('product')
    .select([
      'name',
      'set_price_cents',
      'sells_now',
      'rush_within_days',
      'rush_fee_cents',
      'pay_at_pickup',
    ])
    .where('id', '=', productId)
    .$if(!anyState, (query) => query.where('active', '=', 1))
    .executeTakeFirst()
  if (!product) return null
  const groups = await ownTables(db)
    .selectFrom('product_option_group')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute()
  const choices =
    groups.length === 0
      ? []
      : await ownTables(db)
          .selectFrom('product_option_choice')
          .selectAll()
          .where(
            'group_id',
            'in',
            groups.map((group) => group.id),
          )
          .orderBy('position')
          .execute()
  const rushDays = Number(product.rush_within_days)
  return {
    name: product.name,
    sellsNow: Number(product.sells_now) === 1,
    basePriceCents: product.set_price_cents === null ? null : Number(product.set_price_cents),
    payAtPickup: Number(product.pay_at_pickup) === 1,
    rush: rushDays > 0 ? { withinDays: rushDays, feeCents: Number(product.rush_fee_cents) } : null,
    groups: groups.map((group): OptionGroup => ({
      key: group.key,
      label: group.label,
      kind: group.kind,
      required: Number(group.required) === 1,
      priceCents: Number(group.price_cents),
      choices: choices
        .filter((choice) => choice.group_id === group.id)
        .map((choice) => ({
          key: choice.key,
          label: choice.label,
          priceCents: Number(choice.price_cents),
          quoteNeeded: Number(choice.quote_needed) === 1,
        })),
    })),
  }
}

/**
 * Keeps what the owner's set-price form says of the treat `productId`,
 * replacing its options, in one transaction. False when the treat is gone
 * or off the menu.
 */
export async function saveSetPrice(
  db: Db,
  productId: number,
  input: SetPriceFormInput,
): Promise<boolean> {
  return db.transaction().execute((trx) => writeSetPrice(trx, productId, input))
}

/**
 * `saveSetPrice` in the caller's transaction (a move to a new home writes
 * the menu and its prices together); `anyState` writes a treat off the menu too.
 */
export async function writeSetPrice(
  trx: Transaction<Database>,
  productId: number,
  input: SetPriceFormInput,
  { anyState = false }: { anyState?: boolean } = {},
): Promise<boolean> {
  const updated = await ownTables(trx)
    .updateTable('product')
    .set({
      sells_now: input.sellsNow ? 1 : 0,
      set_price_cents: input.basePriceCents,
      rush_within_days: input.rush?.withinDays ?? 0,
      rush_fee_cents: input.rush?.feeCents ?? 0,
      pay_at_pickup: input.payAtPickup ? 1 : 0,
    })
    .where('id', '=', productId)
    .$if(!anyState, (query) => query.where('active', '=', 1))
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) return false
  await ownTables(trx)
    .deleteFrom('product_option_group')
    .where('product_id', '=', productId)
    .execute()
  for (const [position, group] of input.groups.entries()) {
    const { id } = await ownTables(trx)
      .insertInto('product_option_group')
      .values({
        product_id: productId,
        key: group.key,
        label: group.label,
        kind: group.kind,
        required: group.required ? 1 : 0,
        price_cents: group.priceCents,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (group.choices.length === 0) continue
    await ownTables(trx)
      .insertInto('product_option_choice')
      .values(
        group.choices.map((choice, index) => ({
          group_id: Number(id),
          key: choice.key,
          label: choice.label,
          price_cents: choice.priceCents,
          quote_needed: choice.quoteNeeded ? 1 : 0,
          position: index,
        })),
      )
      .execute()
  }
  return true
}
