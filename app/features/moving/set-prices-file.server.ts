/**
 * What a site file carries of selling now (decision 103): each treat's set
 * price and options, and the delivery fees, written by Export and read back
 * through the owner's own forms, so an import holds nothing they would refuse.
 */
import { z } from 'zod'
import type { Db } from '#app/db/db.server.ts'
import { readDeliveryFeeForm } from '#app/features/availability/delivery-fee-form.ts'
import type { MenuEntry, Product } from '#app/features/menu/menu.server.ts'
import type { DeliveryFee } from '#app/features/menu/option-prices.ts'
import {
  SET_PRICE_LIMITS,
  type SetPriceFormInput,
  readSetPriceForm,
  setPriceValues,
} from '#app/features/menu/set-price-form.ts'
import { readSetPriceSettings } from '#app/features/menu/set-prices.server.ts'
import { centsToInput } from '#app/utils/money.ts'

/** A treat as the file carries it: the menu's entry, and its set price and options when it has any. */
export type MovedTreat = MenuEntry & { buyNow?: SetPriceFormInput }

/** The menu as Export writes it: each treat with its set price, when it has one. */
export async function withSetPrices(db: Db, products: readonly Product[]): Promise<MovedTreat[]> {
  const menu: MovedTreat[] = []
  for (const { id, buyNowCents: _sold, ...entry } of products) {
    const kept = await readSetPriceSettings(db, id, { anyState: true })
    const buyNow =
      kept && (kept.sellsNow || kept.basePriceCents !== null || kept.groups.length > 0)
        ? {
            sellsNow: kept.sellsNow,
            basePriceCents: kept.basePriceCents,
            payAtPickup: kept.payAtPickup,
            rush: kept.rush,
            groups: kept.groups,
          }
        : undefined
    menu.push(buyNow ? { ...entry, buyNow } : entry)
  }
  return menu
}

/** A treat's set price as Export writes it; its values are then checked by the owner's form. */
const buyNowOutline = z.object({
  sellsNow: z.boolean(),
  basePriceCents: z.number().int().nullable(),
  payAtPickup: z.boolean(),
  rush: z.object({ withinDays: z.number().int(), feeCents: z.number().int() }).nullable(),
  groups: z
    .array(
      z.object({
        label: z.string().max(500),
        kind: z.enum(['choice', 'text']),
        required: z.boolean(),
        priceCents: z.number().int(),
        choices: z
          .array(
            z.object({
              label: z.string().max(500),
              priceCents: z.number().int(),
              quoteNeeded: z.boolean(),
            }),
          )
          .max(SET_PRICE_LIMITS.choices),
      }),
    )
    .max(SET_PRICE_LIMITS.groups),
})

/**
 * A treat's set price from a file, read back through the owner's own form
 * (`readSetPriceForm`), so it holds nothing her form would refuse.
 */
export function checkBuyNow(
  raw: unknown,
): { ok: true; input: SetPriceFormInput } | { ok: false; error: string } {
  const shape = buyNowOutline.safeParse(raw)
  if (!shape.success) return { ok: false, error: 'its set price is not what Export writes.' }
  const groups = shape.data.groups.map((group) => ({
    ...group,
    key: '',
    choices: group.choices.map((choice) => ({ ...choice, key: '' })),
  }))
  const read = readSetPriceForm(new URLSearchParams(setPriceValues({ ...shape.data, groups })))
  if (!read.ok)
    return { ok: false, error: Object.values(read.errors)[0] ?? 'its set price is not complete.' }
  return { ok: true, input: read.input }
}

/** The delivery fees from a file, read back through the owner's delivery fees form. */
export function checkDeliveryFees(
  raw: readonly Record<string, unknown>[],
): { ok: true; fees: DeliveryFee[] } | { ok: false; error: string } {
  const read = readDeliveryFeeForm(
    new URLSearchParams(
      raw.flatMap((fee, row) => [
        [`fee.${row}.prefix`, typeof fee.prefix === 'string' ? fee.prefix : ''],
        [
          `fee.${row}.amount`,
          typeof fee.feeCents === 'number' &&
          Number.isSafeInteger(fee.feeCents) &&
          fee.feeCents >= 0
            ? centsToInput(fee.feeCents)
            : String(fee.feeCents ?? ''),
        ],
      ]),
    ),
  )
  return read.ok
    ? { ok: true, fees: read.fees }
    : { ok: false, error: Object.values(read.errors)[0] ?? 'they are not complete.' }
}
