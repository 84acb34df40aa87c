import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { OptionGroup, SetPrice } from './option-prices.ts'

const ownTables = tablesFor('menu')

/**
 * The treat `productId` as sold at a set price (decision 102): its price,
 * rush fee and option groups with their choices, in the owner's order; null
 * when it is not on the menu or is quoted as always. Three reads on the
 * product's own rows.
 */
export async function readSetPrice(
  db: Db,
  productId: number,
): Promise<(SetPrice & { productId: number }) | null> {
  const product = await ownTables(db)
    .selectFrom('product')
    .select(['id', 'name', 'set_price_cents', 'rush_within_days', 'rush_fee_cents'])
    .where('id', '=', productId)
    .where('active', '=', 1)
    .executeTakeFirst()
  if (!product || product.set_price_cents === null) return null
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
    productId: Number(product.id),
    name: product.name,
    basePriceCents: Number(product.set_price_cents),
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
 * Sets the treat `productId` to sell at a set price with `setPrice`'s
 * options (replacing its own), in one transaction; null sells it quoted.
 */
export async function saveSetPrice(
  db: Db,
  productId: number,
  setPrice: Omit<SetPrice, 'name'> | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownTables(trx)
      .updateTable('product')
      .set({
        set_price_cents: setPrice?.basePriceCents ?? null,
        rush_within_days: setPrice?.rush?.withinDays ?? 0,
        rush_fee_cents: setPrice?.rush?.feeCents ?? 0,
      })
      .where('id', '=', productId)
      .execute()
    await ownTables(trx)
      .deleteFrom('product_option_group')
      .where('product_id', '=', productId)
      .execute()
    for (const [position, group] of (setPrice?.groups ?? []).entries()) {
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
  })
}
