/**
 * A bakery that sells a treat now at a set price with options (decision 103),
 * and her buy-now form as the page posts it: for the buy-now tests and the
 * price property test across the site's parts.
 */
import Fraction from 'fraction.js'
import type { Db } from '#app/db/db.server.ts'
import { replaceDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { readIngredientForm, readRecipeForm } from '#app/features/kitchen/kitchen-forms.ts'
import { saveIngredient, saveRecipe } from '#app/features/kitchen/kitchen.server.ts'
import { saveRecipeUses } from '#app/features/kitchen/recipe-uses.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import type { SetPriceFormInput } from '#app/features/menu/set-price-form.ts'
import { saveSetPrice } from '#app/features/menu/set-prices.server.ts'
import { openTestDatabase } from './database.ts'
import { input, saved } from './form-reads.ts'

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

/** Mina's details and her tick, as her buy-now form sends them beside her choices. */
export const MINA = {
  name: 'Mina Park',
  email: 'mina@example.com',
  phone_number: '416-555-0134',
  hear_about_us: 'Instagram',
  accept_policies: 'on',
}

let buyNowIp = 0

/**
 * Mina's buy-now form for treat `id` with `fields`, sent as the page posts
 * it on Sunday, November 29, 2026 at 10 in the morning (Toronto), cards off;
 * each send from an address of its own, so no rate limit decides a test.
 */
export async function sendBuyNow(db: Db, id: number, fields: Record<string, string>) {
  const { receiveBuyNow } = await import('#app/features/buy-now/buy-now-send.server.ts')
  return receiveBuyNow({
    db,
    productId: id,
    request: buyNowPost(id, { ...MINA, ...fields }),
    clientIp: `203.0.113.${(++buyNowIp % 200) + 50}`,
    now: new Date(Date.parse('2026-11-29T15:00:00Z')),
    env: { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_URL: '', SITE_URL: SITE },
  })
}

/**
 * Two dozen cupcakes with cream cheese frosting, bought now to pay at
 * pickup on December 1, 2026, as Mina's form sends them: a confirmed order.
 */
export async function buyTwoDozen(db: Db, id: number): Promise<number> {
  const answer = await sendBuyNow(db, id, {
    'option.count': 'two-dozen',
    'option.frosting': 'cream-cheese',
    due_date: '2026-12-01',
    fulfilment: 'pickup',
    payment: 'pickup',
    total_cents: String(3_600 + 3_200 + 450 + 1_000),
  })
  if (!('location' in answer)) throw new Error(JSON.stringify(answer))
  const request = await db
    .selectFrom('order_request')
    .select('id')
    .where('email', '=', 'mina@example.com')
    .executeTakeFirstOrThrow()
  return Number(request.id)
}

/** Cupcakes sold now, a dozen of batter each, and cream cheese frosting for that choice. */
export async function cupcakeKitchen() {
  const { db, id } = await buyNowBakery()
  const ingredient = (name: string, allergen: string) =>
    saved(
      saveIngredient(
        db,
        null,
        input(
          readIngredientForm({
            name,
            pack_amount: '1',
            pack_unit: 'kg',
            pack_price: '4',
            [`allergen.${allergen}`]: 'on',
          }),
        ),
      ),
    )
  const recipe = (name: string, ingredientId: number, grams: string) =>
    saved(
      saveRecipe(
        db,
        null,
        input(
          readRecipeForm({
            name,
            yield_amount: '12',
            yield_unit: 'each',
            'line.0.thing': `ingredient:${ingredientId}`,
            'line.0.amount': grams,
            'line.0.unit': 'g',
          }),
        ),
      ),
    )
  const batter = await recipe('Cupcake batter', await ingredient('Flour', 'wheat'), '300')
  const frosting = await recipe(
    'Cream cheese frosting',
    await ingredient('Cream cheese', 'milk'),
    '250',
  )
  await saveRecipeUses(
    db,
    new Map([
      [`treat.${id}` as const, [{ recipeId: batter, batches: new Fraction(1) }]],
      [`option.${id}.count.two-dozen` as const, [{ recipeId: batter, batches: new Fraction(1) }]],
      [
        `option.${id}.frosting.cream-cheese` as const,
        [{ recipeId: frosting, batches: new Fraction(1) }],
      ],
    ]),
  )
  return { db, id, batter, frosting }
}
