import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { answerAvailability } from '#app/features/availability/availability.server.ts'
import {
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import { listActiveProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import type { OrderRequest } from './order-schema.ts'
import { receiveOrderRequests } from './order-send.server.ts'

// Monday, November 23, 2026, in Toronto; December 12 is a Saturday, the 11th a Friday.
const NOW = new Date('2026-11-23T20:00:00Z')
const SITE_URL = 'https://butterandbloom.example'
const order: OrderRequest = { ...birthdayCakeOrder, product_type: 'Other', due_date: '2026-12-12' }

let ipCounter = 0
const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`

/** Plenty of room each day; Saturday's morning window takes 2 requests, its afternoon 1. */
async function prepare(db: Db) {
  await seedMenu(db)
  await setWeekdayCapacity(db, [50, 50, 50, 50, 50, 50, 50])
  await addPickupWindow(db, { weekday: 6, start: '10:00', end: '12:00', capacity: 2 })
  await addPickupWindow(db, { weekday: 6, start: '14:00', end: '16:00', capacity: 1 })
}

async function openBakery() {
  const { db } = await openTestDatabase()
  await prepare(db)
  return db
}

function send(db: Db, orders: OrderRequest[], { ip = freshIp() } = {}) {
  return receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders, accept_policies: true }),
    }),
    clientIp: ip,
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
}

/** A form posted without JavaScript. */
function post(db: Db, fields: Record<string, string>) {
  return receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, accept_policies: 'on' }).toString(),
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
}

const storedWindows = async (db: Db) =>
  (
    await db
      .selectFrom('order_request')
      .select(['due_date', 'pickup_window'])
      .orderBy('id')
      .execute()
  ).map((row) => `${row.due_date} ${row.pickup_window}`)

async function saturdayWindows(db: Db) {
  const answer = await answerAvailability({
    db,
    url: new URL('http://localhost/api/availability?from=2026-12-12&to=2026-12-12'),
    products: await listActiveProducts(db),
    now: NOW,
  })
  return (answer.body as { days: { windows?: unknown }[] }).days[0]!.windows
}

test('a Saturday order names its window; the answer marks a window full once its cap is reached', async () => {
  const db = await openBakery()
  expect(await saturdayWindows(db)).toEqual([
    { value: '10:00-12:00', full: false },
    { value: '14:00-16:00', full: false },
  ])
  expect((await send(db, [{ ...order, pickup_window: '14:00-16:00' }])).status).toBe(200)
  expect(await saturdayWindows(db)).toEqual([
    { value: '10:00-12:00', full: false },
    { value: '14:00-16:00', full: true },
  ])
  // Two in one send share the morning's two places.
  const two = await send(db, [
    { ...order, pickup_window: '10:00-12:00' },
    { ...order, email: 'sam@example.com', pickup_window: '10:00-12:00' },
  ])
  expect(two.status).toBe(200)
  expect(await storedWindows(db)).toEqual([
    '2026-12-12 14:00-16:00',
    '2026-12-12 10:00-12:00',
    '2026-12-12 10:00-12:00',
  ])
})

test('a full window is refused with 409 like a full day, naming the times still open', async () => {
  const db = await openBakery()
  expect((await send(db, [{ ...order, pickup_window: '14:00-16:00' }])).status).toBe(200)
  const refused = await send(db, [
    { ...order, email: 'sam@example.com', pickup_window: '14:00-16:00' },
  ])
  expect(refused).toEqual({
    status: 409,
    body: {
      ok: false,
      error:
        'Order 1: Saturday, December 12, 2026: the pickup time 2:00\u00a0p.m.–4:00\u00a0p.m. is fully booked. Times still open that day: 10:00\u00a0a.m.–12:00\u00a0p.m.',
      problems: [
        {
          order: 1,
          field: 'pickup_window',
          message:
            'Saturday, December 12, 2026: the pickup time 2:00\u00a0p.m.–4:00\u00a0p.m. is fully booked. Times still open that day: 10:00\u00a0a.m.–12:00\u00a0p.m.',
        },
      ],
    },
  })
  // A send whose second order overfills a window stores neither.
  const overfull = await send(db, [
    { ...order, pickup_window: '10:00-12:00' },
    { ...order, pickup_window: '10:00-12:00' },
    { ...order, pickup_window: '10:00-12:00' },
  ])
  expect(overfull.status).toBe(409)
  expect(overfull.body).toMatchObject({ problems: [{ order: 3, field: 'pickup_window' }] })
  expect(await storedWindows(db)).toEqual(['2026-12-12 14:00-16:00'])
  // Once every time is taken, the message says to choose another date.
  expect(
    (
      await send(db, [
        { ...order, pickup_window: '10:00-12:00' },
        { ...order, pickup_window: '10:00-12:00' },
      ])
    ).status,
  ).toBe(200)
  const noneLeft = await send(db, [{ ...order, pickup_window: '09:00-10:00' }])
  expect(noneLeft.status).toBe(400)
  expect(noneLeft.body).toMatchObject({
    error:
      'Order 1: Saturday, December 12, 2026: we have no pickup time 9:00\u00a0a.m.–10:00\u00a0a.m. that day. Every pickup time that day is taken; please choose another date.',
  })
})

test('a window the day does not have, or none on a day with windows, is a 400 that says what to do', async () => {
  const db = await openBakery()
  const cases: [OrderRequest, string][] = [
    [
      { ...order, pickup_window: '09:00-10:00' },
      'Saturday, December 12, 2026: we have no pickup time 9:00\u00a0a.m.–10:00\u00a0a.m. that day. Times still open that day: 10:00\u00a0a.m.–12:00\u00a0p.m., 2:00\u00a0p.m.–4:00\u00a0p.m.',
    ],
    [
      order,
      'Saturday, December 12, 2026: please choose a pickup time. Times still open that day: 10:00\u00a0a.m.–12:00\u00a0p.m., 2:00\u00a0p.m.–4:00\u00a0p.m.',
    ],
    [
      { ...order, due_date: '2026-12-11', pickup_window: '10:00-12:00' },
      'Friday, December 11, 2026: we have no pickup time 10:00\u00a0a.m.–12:00\u00a0p.m. that day. Leave the pickup time empty for that day.',
    ],
  ]
  for (const [sent, message] of cases) {
    const outcome = await send(db, [sent])
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ problems: [{ field: 'pickup_window', message }] })
  }
  const garbled = await send(db, [{ ...order, pickup_window: 'noon' }])
  expect(garbled.status).toBe(400)
  expect(garbled.body).toMatchObject({
    problems: [
      { field: 'pickup_window', message: 'Choose a pickup time from the list for your date.' },
    ],
  })
  // A day without windows works as it always has: no time asked.
  expect((await send(db, [{ ...order, due_date: '2026-12-11' }])).status).toBe(200)
  expect(await storedWindows(db)).toEqual(['2026-12-11 null'])
})

test('without JavaScript the form posts its window, and a refusal comes back with what was typed', async () => {
  const db = await openBakery()
  const fields = {
    ...Object.fromEntries(Object.entries(order).map(([key, value]) => [key, String(value)])),
    pickup_window: '14:00-16:00',
  }
  expect((await post(db, fields)).status).toBe(200)
  const again = await post(db, { ...fields, email: 'sam@example.com' })
  expect(again.status).toBe(409)
  expect(again.body).toMatchObject({
    values: { pickup_window: '14:00-16:00', email: 'sam@example.com' },
  })
})

test('a delivery asks for its street, town and postal code, and keeps them on the request', async () => {
  const db = await openBakery()
  await updateBookingSettings(db, { deliveryEnabled: true })
  const delivery: OrderRequest = { ...order, fulfilment: 'delivery', pickup_window: '10:00-12:00' }
  const missing = await send(db, [delivery])
  expect(missing.status).toBe(400)
  expect(missing.body).toMatchObject({
    problems: [
      { field: 'delivery_street', message: 'Enter the street address for the delivery.' },
      { field: 'delivery_city', message: 'Enter the town or city for the delivery.' },
      { field: 'delivery_postal_code', message: 'Enter the postal code for the delivery.' },
    ],
  })
  const tooLong = await send(db, [
    {
      ...delivery,
      delivery_street: 'x'.repeat(201),
      delivery_city: 'Oakville',
      delivery_postal_code: 'L6J 2X9',
    },
  ])
  expect(tooLong.body).toMatchObject({
    problems: [
      { field: 'delivery_street', message: 'Street address must be at most 200 characters.' },
    ],
  })
  const sent = await send(db, [
    {
      ...delivery,
      delivery_street: ' 88 Lilac Lane ',
      delivery_city: 'Oakville',
      delivery_postal_code: 'L6J 2X9',
      delivery_notes: 'Blue door',
    },
    // A pickup's stray address fields are not kept.
    { ...order, pickup_window: '10:00-12:00', delivery_street: '1 Nowhere Road' },
  ])
  expect(sent.status).toBe(200)
  const rows = await db
    .selectFrom('order_request')
    .select([
      'fulfilment',
      'delivery_street',
      'delivery_city',
      'delivery_postal_code',
      'delivery_notes',
    ])
    .orderBy('id')
    .execute()
  expect(rows).toEqual([
    {
      fulfilment: 'delivery',
      delivery_street: '88 Lilac Lane',
      delivery_city: 'Oakville',
      delivery_postal_code: 'L6J 2X9',
      delivery_notes: 'Blue door',
    },
    {
      fulfilment: null,
      delivery_street: null,
      delivery_city: null,
      delivery_postal_code: null,
      delivery_notes: null,
    },
  ])
})

test('20 customers racing for the last place in a window: exactly one is stored, the rest hear 409', async () => {
  // On PostgreSQL, two servers on one database; SQLite is one server's file.
  const [first, second] =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [await openBakery()]
  const other = second ?? first
  if (second) await prepare(first)
  const racer = (index: number): OrderRequest => ({
    ...order,
    email: `racer${index}@example.com`,
    pickup_window: '14:00-16:00',
  })
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, (_, index) => send(index % 2 === 0 ? first : other, [racer(index)])),
  )
  const statuses = outcomes.map((outcome) => outcome.status)
  expect(statuses.filter((status) => status === 200)).toHaveLength(1)
  expect(statuses.filter((status) => status === 409)).toHaveLength(19)
  expect(await storedWindows(first)).toEqual(['2026-12-12 14:00-16:00'])
  await second?.destroy()
})
