import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { orderHold } from '#app/features/drop-orders/hold-order.server.ts'
import { reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { readDrop } from '#app/features/drops/drops.server.ts'
import { offerFreedStock } from '#app/features/waitlist/waitlist.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import {
  dropFormValues,
  duplicateForNextWeek,
  makeDrop,
  readDropDesk,
  saveDropEdit,
} from './drop-desk.server.ts'

// Sunday, November 29, 2026, in Toronto.
const NOW = new Date('2026-11-29T15:00:00Z')
const SITE = 'https://butterandbloom.example'
const noCards = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  SITE_URL: SITE,
}

const form = new URLSearchParams({
  name: 'Holiday pies',
  pickup_date: '2026-12-19',
  opens_date: '2026-12-09',
  opens_time: '12:00',
  closes_date: '2026-12-18',
  closes_time: '20:00',
  pay_at_pickup: 'on',
  'item.0.name': 'Apple pie',
  'item.0.price': '24',
  'item.0.stock': '6',
  'item.1.name': 'Pecan pie',
  'item.1.price': '28.50',
  'item.1.stock': '4',
  'item.1.limit': '1',
  'window.0.start': '10:00',
  'window.0.end': '11:00',
  'window.0.cap': '2',
  'window.1.start': '11:00',
  'window.1.end': '12:00',
})

async function order(
  db: Db,
  slug: string,
  name: string,
  items: [number, number][],
  window: string,
  now: Date,
) {
  const held = await reserveDrop(db, {
    slug,
    basket: { quantities: new Map(items), window },
    customer: {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '416-555-0140',
    },
    now,
  })
  if (!held.ok) throw new Error(held.problems.join(' '))
  return held.token
}

test('her form makes a drop at its own address, on her clock; its page counts sold, held and left and lists what to pack', async () => {
  const { db } = await openTestDatabase()
  const made = await makeDrop(db, form, NOW)
  if (!made.ok) throw new Error(JSON.stringify(made.errors))
  const drop = (await readDrop(db, 'holiday-pies-2026-12-19'))!
  expect(drop.id).toBe(made.id)
  // Noon on December 9 in Toronto (EST, five hours behind UTC).
  expect(new Date(drop.opensAt).toISOString()).toBe('2026-12-09T17:00:00.000Z')
  expect(drop.payAtPickup).toBe(true)
  const [apple, pecan] = drop.items.map((item) => item.id) as [number, number]

  const open = new Date('2026-12-10T15:00:00Z')
  const paula = await order(
    db,
    drop.slug,
    'Paula Ng',
    [
      [apple, 2],
      [pecan, 1],
    ],
    '10:00-11:00',
    open,
  )
  expect(
    await orderHold(db, { token: paula, payment: 'pickup', now: open.getTime(), env: noCards }),
  ).toMatchObject({ ok: true })
  // Still choosing: held, not sold.
  await order(db, drop.slug, 'Rosa Diaz', [[apple, 1]], '11:00-12:00', open)

  const desk = (await readDropDesk(db, drop.id, open))!
  expect(desk).toMatchObject({ name: 'Holiday pies', state: 'open', payAtPickup: true })
  expect(desk.tally.items).toEqual([
    { id: apple, name: 'Apple pie', stock: 6, sold: 2, held: 1, left: 3 },
    { id: pecan, name: 'Pecan pie', stock: 4, sold: 1, held: 0, left: 3 },
  ])
  expect(desk.tally.windows).toEqual([
    { window: '10:00-11:00', capacity: 2, sold: 1, held: 0, left: 1 },
    { window: '11:00-12:00', capacity: null, sold: 0, held: 1, left: null },
  ])
  expect(desk.packing).toEqual([
    {
      window: '10:00-11:00',
      words: expect.stringMatching(/^10:00/),
      orders: [
        {
          requestId: expect.any(Number),
          name: 'Paula Ng',
          phone: '416-555-0140',
          what: '2 × Apple pie, 1 × Pecan pie',
          money: 'To pay $76.50',
          paid: false,
        },
      ],
    },
    { window: '11:00-12:00', words: expect.stringMatching(/^11:00/), orders: [] },
  ])
})

test('a drop copied to next week keeps its items and times, a week later on her clock, at its own address', async () => {
  const { db } = await openTestDatabase()
  const made = await makeDrop(db, form, NOW)
  if (!made.ok) throw new Error('not made')
  const copyId = await duplicateForNextWeek(db, made.id, NOW)
  const copy = (await readDrop(db, 'holiday-pies-2026-12-26'))!
  expect(copy.id).toBe(copyId)
  expect(new Date(copy.opensAt).toISOString()).toBe('2026-12-16T17:00:00.000Z')
  expect(new Date(copy.closesAt).toISOString()).toBe('2026-12-26T01:00:00.000Z')
  expect(
    copy.rules.items.map(({ name, stock, perCustomerLimit }) => ({
      name,
      stock,
      perCustomerLimit,
    })),
  ).toEqual([
    { name: 'Apple pie', stock: 6, perCustomerLimit: null },
    { name: 'Pecan pie', stock: 4, perCustomerLimit: 1 },
  ])
  expect(copy.rules.windows).toEqual([
    { window: '10:00-11:00', capacity: 2 },
    { window: '11:00-12:00', capacity: null },
  ])
  // The same name on the same day gets an address of its own.
  const again = await makeDrop(
    db,
    new URLSearchParams({
      ...Object.fromEntries(form),
      pickup_date: '2026-12-26',
      closes_date: '2026-12-25',
    }),
    NOW,
  )
  expect(again.ok && (await readDrop(db, 'holiday-pies-2026-12-26-2'))?.id).toBe(
    again.ok && again.id,
  )
  expect(await duplicateForNextWeek(db, 999_999, NOW)).toBeNull()
})

test('she changes a drop: names, prices and stock change at once, more stock is offered to those waiting, and what has orders stays', async () => {
  const { db } = await openTestDatabase()
  const made = await makeDrop(db, form, NOW)
  if (!made.ok) throw new Error('not made')
  const drop = (await readDrop(db, 'holiday-pies-2026-12-19'))!
  const [apple, pecan] = drop.items.map((item) => item.id) as [number, number]
  const open = new Date('2026-12-10T15:00:00Z')
  const paula = await order(db, drop.slug, 'Paula Ng', [[apple, 6]], '10:00-11:00', open)
  await orderHold(db, { token: paula, payment: 'pickup', now: open.getTime(), env: noCards })
  // Apple pies sold out: Rosa waits for one.
  await db
    .insertInto('waitlist_entry')
    .values({
      drop_id: drop.id,
      wants: `item:${apple}`,
      email: 'rosa@example.com',
      created_at: open.getTime(),
    })
    .execute()

  const values = (await dropFormValues(db, drop.id))!
  expect(values).toMatchObject({
    'item.0.id': String(apple),
    'item.0.price': '24',
    'item.1.price': '28.50',
    opens_time: '12:00',
    'window.0.cap': '2',
  })
  // Taking off what has an order is refused, whole, with why.
  const refused = await saveDropEdit(
    db,
    drop.id,
    new URLSearchParams({
      ...values,
      'item.0.id': '',
      'item.0.name': '',
      'item.0.price': '',
      'item.0.stock': '',
      'window.0.start': '',
      'window.0.end': '',
      'window.0.cap': '',
    }),
    open,
  )
  expect(refused).toEqual({
    ok: false,
    status: 409,
    errors: {
      items: 'Apple pie has orders or baskets: keep it, and set its stock to 0 to sell no more.',
      windows: expect.stringMatching(/^The 10:00.* pickup has orders or baskets: keep it\.$/),
    },
  })

  // Her customers ordered for the 19th: the day stays.
  expect(
    await saveDropEdit(
      db,
      drop.id,
      new URLSearchParams({ ...values, pickup_date: '2026-12-20' }),
      open,
    ),
  ).toMatchObject({
    ok: false,
    status: 409,
    errors: {
      pickup_date: expect.stringMatching(/^Customers have ordered for Saturday, December 19, 2026/),
    },
  })

  // Two more apple pies, pecan off the menu (nobody has one), a new cherry pie.
  const saved = await saveDropEdit(
    db,
    drop.id,
    new URLSearchParams({
      ...values,
      'item.0.stock': '8',
      'item.1.id': '',
      'item.1.name': '',
      'item.1.price': '',
      'item.1.stock': '',
      'item.1.limit': '',
      'item.2.name': 'Cherry pie',
      'item.2.price': '26',
      'item.2.stock': '3',
    }),
    open,
  )
  expect(saved).toEqual({ ok: true })
  const changed = (await readDrop(db, drop.slug))!
  expect(changed.items.map(({ id, name }) => ({ id, name }))).toEqual([
    { id: apple, name: 'Apple pie' },
    { id: expect.any(Number), name: 'Cherry pie' },
  ])
  expect(changed.items.some((item) => item.id === pecan)).toBe(false)
  // Paula's order is as it was; the two new pies: one goes to Rosa, who was waiting.
  const desk = (await readDropDesk(db, drop.id, open))!
  expect(desk.tally.items[0]).toMatchObject({ sold: 6, left: 2 })
  expect(await offerFreedStock(db, { now: open, siteUrl: SITE })).toBe(1)
  expect((await readDropDesk(db, drop.id, open))!.tally.items[0]).toMatchObject({
    held: 1,
    left: 1,
  })
})
