import Fraction from 'fraction.js'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { orderHold } from '#app/features/drop-orders/hold-order.server.ts'
import { reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import { readIngredientForm, readRecipeForm } from '#app/features/kitchen/kitchen-forms.ts'
import { saveIngredient, saveRecipe } from '#app/features/kitchen/kitchen.server.ts'
import { saveRecipeUses } from '#app/features/kitchen/recipe-uses.server.ts'
import { saveSetPrice } from '#app/features/menu/set-prices.server.ts'
import { buyTwoDozen, cupcakeKitchen, cupcakes } from '#tests/support/buy-now.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { input, saved } from '#tests/support/form-reads.ts'
import { moveTo, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { labelLines } from './label-text.ts'
import {
  type LabelSheet,
  labelsForDrop,
  labelsForOrder,
  saveLabelSettings,
} from './labels.server.ts'

const OPENS = Date.parse('2026-12-02T17:00:00Z')
const PRINTED = new Date('2026-12-11T14:00:00Z')

const spongeForm = (flour: number, sugar: number, sugarGrams: string) =>
  readRecipeForm({
    name: 'Sponge',
    yield_amount: '1',
    yield_unit: 'each',
    'line.0.thing': `ingredient:${flour}`,
    'line.0.amount': '300',
    'line.0.unit': 'g',
    'line.1.thing': `ingredient:${sugar}`,
    'line.1.amount': sugarGrams,
    'line.1.unit': 'g',
  })

/** Cakes on the menu made of a sponge, a Saturday drop of loaves, and her label settings. */
async function bakeryWithLabels() {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await saveLabelSettings(db, {
    region: 'FL',
    maker: 'Butter & Bloom\n12 Baker Street, Tampa FL',
    permit: '',
    layout: 'avery-5163',
    salesCapCents: null,
  })
  const ingredient = (name: string, allergen?: string) =>
    saved(
      saveIngredient(
        db,
        null,
        input(
          readIngredientForm({
            name,
            pack_amount: '1',
            pack_unit: 'kg',
            pack_price: '2',
            ...(allergen ? { [`allergen.${allergen}`]: 'on' } : {}),
          }),
        ),
      ),
    )
  const flour = await ingredient('Flour', 'wheat')
  const sugar = await ingredient('Sugar')
  const sponge = await saved(saveRecipe(db, null, input(spongeForm(flour, sugar, '200'))))
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
      items: [{ name: 'Sourdough loaf', priceCents: 900, stock: 10 }],
      windows: [{ start: '10:00', end: '11:00', capacity: null }],
    },
    new Date(OPENS - 86_400_000),
  )
  const drop = (await readDrop(db, 'saturday-bake'))!
  const cakes = await db
    .selectFrom('product')
    .select('id')
    .where('name', '=', 'Cakes')
    .executeTakeFirstOrThrow()
  await saveRecipeUses(
    db,
    new Map([
      [`treat.${cakes.id}` as const, [{ recipeId: sponge, batches: new Fraction(1) }]],
      [`item.${drop.items[0]!.id}` as const, [{ recipeId: sponge, batches: new Fraction(1) }]],
    ]),
    new Map([
      [`treat.${cakes.id}` as const, new Fraction(450)],
      [`item.${drop.items[0]!.id}` as const, new Fraction(480)],
    ]),
  )
  return { db, drop, flour, sugar, sponge }
}

async function bookedCake(db: Db, name: string) {
  const id = await sendRequest(db, {
    name,
    email: `${name.split(' ')[0]}@example.com`,
    due_date: '2026-12-12',
  })
  await quoteFor(db, id)
  await moveTo(db, id, 'confirmed')
  return id
}

function printed(sheet: LabelSheet | null) {
  if (!sheet?.ok) throw new Error(JSON.stringify(sheet))
  return sheet.labels.map(({ label, count }) => ({
    count,
    lines: labelLines(label).map((line) => line.text),
  }))
}

test('an order’s label is made from the recipe once and kept: a later edit changes only later labels', async () => {
  const { db, flour, sugar, sponge } = await bakeryWithLabels()
  const first = await bookedCake(db, 'Ana Lima')
  const label = printed(await labelsForOrder(db, first, PRINTED))
  expect(label).toEqual([
    {
      count: 1,
      lines: [
        'Cakes',
        'Ingredients: Flour, Sugar.',
        'Contains: Wheat.',
        'Net wt 15.8 oz 450 g',
        'Made on Dec 11, 2026',
        'Made in a cottage food operation that is not subject to Florida’s food safety regulations.',
        'Butter & Bloom',
        '12 Baker Street, Tampa FL',
      ],
    },
  ])
  // More sugar than flour now: a new order's label says so, the printed one never changes.
  await saved(saveRecipe(db, sponge, input(spongeForm(flour, sugar, '400'))))
  expect(printed(await labelsForOrder(db, first, new Date('2026-12-20T14:00:00Z')))).toEqual(label)
  const second = await bookedCake(db, 'Ben Ode')
  expect(printed(await labelsForOrder(db, second, PRINTED))[0]!.lines[1]).toBe(
    'Ingredients: Sugar, Flour.',
  )
})

test('a drop’s labels count each item’s pieces in its booked orders', async () => {
  const { db, drop } = await bakeryWithLabels()
  const env = {
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    STRIPE_API_URL: '',
    SITE_URL: 'https://b.example',
  }
  const customers = ['Mina Park', 'Cy Park', 'Dee Ode']
  for (const [n, name] of customers.entries()) {
    const held = await reserveDrop(db, {
      slug: 'saturday-bake',
      basket: { quantities: new Map([[drop.items[0]!.id, n + 1]]), window: '10:00-11:00' },
      customer: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        phone: '416-555-0134',
      },
      now: new Date(OPENS + 60_000),
    })
    if (!held.ok) throw new Error(held.problems.join(' '))
    // The last basket is only held, never ordered: nothing to bake for it.
    if (n < 2) {
      const ordered = await orderHold(db, {
        token: held.token,
        payment: 'pickup',
        now: OPENS + 120_000,
        env,
      })
      expect(ordered.ok).toBe(true)
    }
  }
  const sheet = printed(await labelsForDrop(db, drop.id, PRINTED))
  expect(sheet.map(({ count, lines }) => [lines[0], count])).toEqual([['Sourdough loaf', 3]])
  expect(sheet[0]!.lines[3]).toBe('Net wt 16.9 oz (1 lb 0.9 oz) 480 g')
})

test('labels that cannot be made yet say what is missing and keep nothing', async () => {
  const { db } = await bakeryWithLabels()
  await saveLabelSettings(db, {
    region: 'CA',
    maker: '',
    permit: '',
    layout: 'avery-5163',
    salesCapCents: null,
  })
  const cake = await bookedCake(db, 'Ana Lima')
  expect(await labelsForOrder(db, cake, PRINTED)).toEqual({
    ok: false,
    title: 'Labels for Ana Lima',
    problems: [
      'Write the name and address your labels print, in the Kitchen’s label settings.',
      'California asks for your registration or permit number on each label.',
    ],
  })
  expect(await db.selectFrom('label_sheet').select('id').execute()).toEqual([])
  // A request for something not on the menu has no recipe to read.
  const other = await sendRequest(db, {
    name: 'Cy Park',
    email: 'cy@example.com',
    product_type: 'Cupcakes',
  })
  const sheet = await labelsForOrder(db, other, PRINTED)
  expect(sheet?.ok).toBe(false)
  expect(await labelsForOrder(db, 999_999, PRINTED)).toBeNull()
})

test('two prints of a new order at once keep one sheet', async () => {
  const { db } = await bakeryWithLabels()
  const cake = await bookedCake(db, 'Ana Lima')
  const [a, b] = await Promise.all([
    labelsForOrder(db, cake, PRINTED),
    labelsForOrder(db, cake, PRINTED),
  ])
  expect(printed(a)).toEqual(printed(b))
  expect(await db.selectFrom('label_sheet').select('request_id').execute()).toEqual([
    { request_id: cake },
  ])
})

test('a treat bought now is labelled with its choices, named as sold and with what they add', async () => {
  const { db, id } = await cupcakeKitchen()
  await saveLabelSettings(db, {
    region: 'NY',
    maker: 'Butter & Bloom, 12 Baker Street, Albany NY',
    permit: '',
    layout: 'avery-5163',
    salesCapCents: null,
  })
  const order = await buyTwoDozen(db, id)
  // Renamed on her menu after the order: the label names what Mina bought.
  await saveSetPrice(db, id, {
    ...cupcakes,
    groups: cupcakes.groups.map((group) => ({
      ...group,
      choices: group.choices.map((choice) =>
        choice.key === 'two-dozen' ? { ...choice, label: '24 cupcakes' } : choice,
      ),
    })),
  })
  const [label] = printed(await labelsForOrder(db, order, PRINTED))
  // Two dozen's batter (600 g of flour) outweighs the frosting (250 g of cream cheese).
  expect(label!.lines.slice(0, 4)).toEqual([
    'Cakes (Two dozen, Cream cheese)',
    'Ingredients: Cupcake batter (Flour), Cream cheese frosting (Cream cheese).',
    'Contains: Milk, Wheat.',
    // Unweighed, it is counted by its batter: two dozen, the frosting not counted again.
    'Net quantity: 24 pieces',
  ])
})
