/**
 * A bakery that sells a treat now at a set price with options (decision 103),
 * and her buy-now form as the page posts it: for the buy-now tests and the
 * price property test across the site's parts.
 */
import type { Db } from '#app/db/db.server.ts'
import { replaceDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import type { SetPriceFormInput } from '#app/features/menu/set-price-form.ts'
import { saveSetPrice } from '#app/features/menu/set-prices.server.ts'
import { openTestDatabase } from './database.ts'

const SITE = 'https://butterandbloom.example'

/** Cupcakes by the dozen: a required count (a hundred needs a quote), a frosting, a message on top. */
export const cupcakes: SetPriceFormInput = {
  sellsNow: true,
  payAtPickup: true,
  basePriceCents: 3_600,
  rush: { withinDays: 4, feeCents: 1_000 },
  groups: [
    {
      key: 'count',
      label: 'How many',
      kind: 'choice',
      required: true,
      priceCents: 0,
      choices: [
        { key: 'dozen', label: 'A dozen', priceCents: 0, quoteNeeded: false },
        { key: 'two-dozen', label: 'Two dozen', priceCents: 3_200, quoteNeeded: false },
        { key: 'hundred', label: 'A hundred', priceCents: 21_000, quoteNeeded: true },
      ],
    },
    {
      key: 'frosting',
      label: 'Frosting',
      kind: 'choice',
      required: false,
      priceCents: 0,
      choices: [
        { key: 'cream-cheese', label: 'Cream cheese', priceCents: 450, quoteNeeded: false },
        { key: 'plain', label: 'Plain glaze', priceCents: -200, quoteNeeded: false },
      ],
    },
    {
      key: 'message',
      label: 'Message on top',
      kind: 'text',
      required: false,
      priceCents: 300,
      choices: [],
    },
  ],
}

/** A bakery whose first treat sells now with `cupcakes`' options, and delivers to M postal codes. */
export async function buyNowBakery(
  setPrice: SetPriceFormInput = cupcakes,
): Promise<{ db: Db; id: number; name: string }> {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  const [first] = await listProducts(db)
  await db
    .updateTable('product')
    .set({ notice_days: 1, effort: 2 })
    .where('id', '=', first!.id)
    .execute()
  await saveSetPrice(db, first!.id, setPrice)
  await db.updateTable('booking_settings').set({ delivery_enabled: 1 }).execute()
  await replaceDeliveryFees(db, [
    { prefix: 'M4', feeCents: 900 },
    { prefix: 'M', feeCents: 1_800 },
  ])
  return { db, id: first!.id, name: first!.name }
}

/** Her buy-now form as the page posts it. */
export function buyNowPost(id: number, fields: Record<string, string>) {
  return new Request(`${SITE}/ordernow/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}
