import Fraction from 'fraction.js'
import { expect, test } from 'vitest'
import { readPrepSheet, readShoppingList } from '#app/features/bake-sheets/bake-sheets.server.ts'
import { orderHold } from '#app/features/drop-orders/hold-order.server.ts'
import { reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { input, saved } from '#tests/support/form-reads.ts'
import { moveTo, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { readIngredientForm, readRecipeForm } from './kitchen-forms.ts'
import { saveIngredient, saveRecipe } from './kitchen.server.ts'
import { readOrdersToMake } from './orders-to-make.server.ts'
import { saveRecipeUses } from './recipe-uses.server.ts'

const OPENS = Date.parse('2026-12-02T17:00:00Z')

/** A bakery with Cakes on its menu, a Saturday drop of loaves and buns, flour and two recipes. */
async function bakeryWithKitchen() {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await createDrop(
    db,
    {
      slug: 'saturday-bake',
      name: 'Saturday bake',
      pickupDate: '2026-12-12',
      opensAt: new Date(OPENS),
      closesAt: new Date(OPENS + 48 * 3_600_000),
      holdMinutes: 10,
      payAtPickup: true,
      items: [
        { name: 'Sourdough loaf', priceCents: 900, stock: 5 },
        { name: 'Cinnamon buns (6)', priceCents: 1_800, stock: 5 },
      ],
      windows: [{ start: '10:00', end: '11:00', capacity: null }],
    },
    new Date(OPENS - 86_400_000),
  )
  const drop = (await readDrop(db, 'saturday-bake'))!
  const flour = await saved(
    saveIngredient(
      db,
      null,
      input(
        readIngredientForm({ name: 'Flour', pack_amount: '1', pack_unit: 'kg', pack_price: '2' }),
      ),
    ),
  )
  const loaf = await saved(
    saveRecipe(
      db,
      null,
      input(
        readRecipeForm({
          name: 'Sourdough',
          yield_amount: '1',
          yield_unit: 'each',
          'line.0.thing': `ingredient:${flour}`,
          'line.0.amount': '500',
          'line.0.unit': 'g',
        }),
      ),
    ),
  )
  const sponge = await saved(
    saveRecipe(
      db,
      null,
      input(
        readRecipeForm({
          name: 'Sponge',
          yield_amount: '1',
          yield_unit: 'each',
          'line.0.thing': `ingredient:${flour}`,
          'line.0.amount': '300',
          'line.0.unit': 'g',
        }),
      ),
    ),
  )
  const cakes = await db
    .selectFrom('product')
    .select('id')
    .where('name', '=', 'Cakes')
    .executeTakeFirstOrThrow()
  await saveRecipeUses(
    db,
    new Map([
      [
        `item.${drop.items[0]!.id}` as const,
        [
          {
            recipeId: loaf,
            batches: new Fraction(1),
          },
        ],
      ],
      [
        `treat.${cakes.id}` as const,
        [
          {
            recipeId: sponge,
            batches: new Fraction(3, 2),
          },
        ],
      ],
    ]),
  )
  return { db, drop, loaf, sponge }
}

test('the booked orders of a range, each by what it is made of; unbooked and later ones are left out', async () => {
  const { db, drop, loaf, sponge } = await bakeryWithKitchen()
  // A drop basket of two loaves and buns, booked to pay at pickup.
  const held = await reserveDrop(db, {
    slug: 'saturday-bake',
    basket: {
      quantities: new Map([
        [drop.items[0]!.id, 2],
        [drop.items[1]!.id, 1],
      ]),
      window: '10:00-11:00',
    },
    customer: { name: 'Mina Park', email: 'mina@example.com', phone: '416-555-0134' },
    now: new Date(OPENS + 60_000),
  })
  if (!held.ok) throw new Error(held.problems.join(' '))
  const env = {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
    SITE_URL: 'https://b.example',
  }
  expect(
    (await orderHold(db, { token: held.token, payment: 'pickup', now: OPENS + 120_000, env })).ok,
  ).toBe(true)
  // A cake, quoted and confirmed; a second only asked for; a third booked a week later.
  const cake = await sendRequest(db, { name: 'Ana Lima', due_date: '2026-12-12' })
  await quoteFor(db, cake)
  await moveTo(db, cake, 'confirmed')
  await sendRequest(db, { name: 'Ben Ode', email: 'ben@example.com', due_date: '2026-12-12' })
  const later = await sendRequest(db, {
    name: 'Cy Park',
    email: 'cy@example.com',
    due_date: '2026-12-19',
  })
  await quoteFor(db, later)
  await moveTo(db, later, 'confirmed')

  const orders = await readOrdersToMake(db, '2026-12-12', '2026-12-18')
  expect(
    orders.map((order) => ({
      name: order.name,
      made: order.made.map((use) => [use.recipeId, use.batches.toFraction(true)]),
      unmade: order.unmade,
    })),
  ).toEqual([
    { name: 'Mina Park', made: [[loaf, '2']], unmade: ['Cinnamon buns (6)'] },
    { name: 'Ana Lima', made: [[sponge, '1 1/2']], unmade: [] },
  ])

  const url = new URL('https://b.example/admin/kitchen/prep?from=2026-12-12&to=2026-12-18')
  const prep = await readPrepSheet(db, url)
  expect(prep.ok && prep.sheet.recipes.map((recipe) => [recipe.name, recipe.batches])).toEqual([
    ['Sourdough', '2'],
    ['Sponge', '1 1/2'],
  ])
  // 2 × 500 g and 1.5 × 300 g of flour: 1.45 kg, two 1 kg bags at $2.
  const shopping = await readShoppingList(db, url)
  expect(shopping.ok && shopping.sheet.lines).toEqual([
    { name: 'Flour', need: '1.45 kg', pantry: null, toBuy: '1.45 kg', packs: 2, costCents: 400 },
  ])
})

test('a range that cannot be had is said plainly', async () => {
  const { db } = await openTestDatabase()
  const ask = (query: string) =>
    readPrepSheet(db, new URL(`https://b.example/admin/kitchen/prep?${query}`))
  expect(await ask('from=2026-12-12&to=2026-12-01')).toMatchObject({
    ok: false,
    error: 'The last day comes on or after the first.',
  })
  expect(await ask('from=2026-12-01&to=2027-02-01')).toMatchObject({
    ok: false,
    error: 'A sheet covers at most 31 days.',
  })
  expect(await ask('from=yesterday')).toMatchObject({
    ok: false,
    error: 'Choose the days as dates, like 2026-12-05.',
  })
})
