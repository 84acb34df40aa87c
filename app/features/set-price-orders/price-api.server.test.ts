import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { replaceDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { type SetPrice, everyCombination, priceOf } from '#app/features/menu/option-prices.ts'
import { readSetPrice, saveSetPrice } from '#app/features/menu/set-prices.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { answerPrice } from './price-api.server.ts'

// Sunday, November 29, 2026, in Toronto.
const NOW = new Date('2026-11-29T15:00:00Z')

const cupcakes: Omit<SetPrice, 'name'> = {
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
        { key: 'ganache', label: 'Chocolate ganache', priceCents: 600, quoteNeeded: false },
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

async function bakery(): Promise<{ db: Db; id: number; quoted: number }> {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  const [first, second] = await listProducts(db)
  await saveSetPrice(db, first!.id, { ...cupcakes, sellsNow: true, payAtPickup: false })
  await replaceDeliveryFees(db, [
    { prefix: 'm4', feeCents: 900 },
    { prefix: 'M', feeCents: 1_800 },
  ])
  return { db, id: first!.id, quoted: second!.id }
}

let address = 0
function ask(db: Db, query: string) {
  return answerPrice({
    db,
    url: new URL(`https://butterandbloom.example/api/price?${query}`),
    clientIp: `198.51.100.${++address % 250}`,
    now: NOW,
  })
}

test('the price of what she chose, line by line, in the bakery’s currency', async () => {
  const { db, id } = await bakery()
  const answer = await ask(
    db,
    `product=${id}&date=2026-12-01&fulfilment=delivery&postal_code=m4c%201b5&option.count=two-dozen&option.frosting=ganache&option.message=Go%20team`,
  )
  expect(answer).toEqual({
    status: 200,
    body: {
      total_cents: 3_600 + 3_200 + 600 + 300 + 1_000 + 900,
      currency: 'CAD',
      quote_needed: false,
      lines: [
        { label: expect.any(String), cents: 3_600 },
        { label: 'How many: Two dozen', cents: 3_200 },
        { label: 'Frosting: Chocolate ganache', cents: 600 },
        { label: 'Message on top: “Go team”', cents: 300 },
        { label: 'Rush fee', cents: 1_000 },
        { label: 'Delivery', cents: 900 },
      ],
    },
  })
  expect((await ask(db, `product=${id}&date=2026-12-20&option.count=hundred`)).body).toMatchObject({
    quote_needed: true,
  })
})

test('a treat that is quoted, a bad date or a choice not offered each get a clear answer', async () => {
  const { db, id, quoted } = await bakery()
  expect(await ask(db, `product=${quoted}&date=2026-12-20`)).toEqual({
    status: 404,
    body: { error: 'That treat is not sold at a set price: ask us for a quote.' },
  })
  expect(await ask(db, `product=${id}&date=2026-13-01&option.count=dozen`)).toMatchObject({
    status: 400,
    body: { error: 'Give the date as date=YYYY-MM-DD.' },
  })
  expect(await ask(db, `product=${id}&date=2026-12-20&option.count=gross`)).toEqual({
    status: 400,
    body: {
      error: 'How many: choose one of those offered.',
      problems: [{ field: 'option.count', message: 'How many: choose one of those offered.' }],
    },
  })
  expect(await ask(db, 'product=abc&date=2026-12-20')).toMatchObject({ status: 400 })
})

test('over every combination, the API answers what the one price rule says of the treat as stored', async () => {
  const { db, id } = await bakery()
  const stored = (await readSetPrice(db, id))!
  const fees = [
    { prefix: 'M4', feeCents: 900 },
    { prefix: 'M', feeCents: 1_800 },
  ]
  for (const options of everyCombination(stored.groups)) {
    for (const [date, fulfilment] of [
      ['2026-11-30', 'pickup'],
      ['2026-12-24', 'delivery'],
    ] as const) {
      const query = new URLSearchParams({
        product: String(id),
        date,
        fulfilment,
        postal_code: 'M5V 2T6',
      })
      for (const [key, value] of Object.entries(options))
        if (value) query.set(`option.${key}`, value)
      const answer = await ask(db, query.toString())
      const rule = priceOf(stored, fees, {
        options,
        date,
        today: '2026-11-29',
        fulfilment,
        postalCode: 'M5V 2T6',
      })
      if (!rule.ok) throw new Error(JSON.stringify(rule))
      expect(answer.body).toEqual({
        total_cents: rule.totalCents,
        currency: 'CAD',
        lines: rule.lines,
        quote_needed: rule.quoteNeeded,
      })
    }
  }
})
