import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import {
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { MAX_ORDERS_PER_SEND, MAX_PHOTOS_PER_ORDER } from './order-options.ts'
import { POLICIES_NOT_ACCEPTED as POLICIES } from './order-schema.ts'
import { receiveOrderRequests } from './order-send.server.ts'

/**
 * Whatever JSON reaches the order form's action (anyone can post to
 * /ordernow.data), a shape that is not an order gets a 400 a person can read,
 * never a 500, and nothing is stored.
 */

const NOW = new Date('2026-11-21T15:00:00Z')
const order = { ...birthdayCakeOrder }
const delivery = {
  ...order,
  fulfilment: 'delivery',
  delivery_street: '12 Baker Street',
  delivery_city: 'Toronto',
  delivery_postal_code: 'M5V 2T6',
}

const UNREADABLE_SEND = 'We could not read your orders. Please try again.'
const UNREADABLE_ORDER = 'Order 1: We could not read this order. Please fill it in again.'
const unreadableField = (label: string) =>
  `Order 1: We could not read what was written in ${label}. Please type it again.`

let ipCounter = 0

async function openBakery() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [10, 10, 10, 10, 10, 10, 10])
  await updateBookingSettings(db, { deliveryEnabled: true })
  return db
}

function send(db: Db, body: string) {
  return receiveOrderRequests({
    request: new Request('http://localhost/ordernow.data', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }),
    clientIp: `203.0.113.${++ipCounter}`,
    db,
    siteUrl: 'https://butterandbloom.example',
    now: NOW,
  })
}

async function storedRows(db: Db) {
  const count = async (table: 'order_batch' | 'order_request' | 'outbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return (await count('order_batch')) + (await count('order_request')) + (await count('outbox'))
}

/** A send with the policies ticked and one order changed by `change`. */
const withOrder = (change: Record<string, unknown>, base: object = order) =>
  JSON.stringify({ accept_policies: true, orders: [{ ...base, ...change }] })
const withOrders = (orders: unknown) => JSON.stringify({ accept_policies: true, orders })

test.each([
  // The send as a whole.
  ['null as the body', 'null', UNREADABLE_SEND],
  ['an array as the body', '[{"orders":[]}]', UNREADABLE_SEND],
  ['a number as the body', '42', UNREADABLE_SEND],
  ['no orders at all', '{"accept_policies":true}', UNREADABLE_SEND],
  ['a string for orders', withOrders('cake'), UNREADABLE_SEND],
  ['null for orders', withOrders(null), UNREADABLE_SEND],
  ['an object for orders', withOrders({ 0: order }), UNREADABLE_SEND],
  // An order that is not an order.
  ['a null order', withOrders([null]), UNREADABLE_ORDER],
  ['a null order among good ones', withOrders([null, order]), UNREADABLE_ORDER],
  ['a number for an order', withOrders([7]), UNREADABLE_ORDER],
  ['a string for an order', withOrders(['Cakes']), UNREADABLE_ORDER],
  ['an order nested in an array', withOrders([[order]]), UNREADABLE_ORDER],
  ['a boolean for an order', withOrders([true]), UNREADABLE_ORDER],
  // Fields of the wrong type.
  ['a number for the name', withOrder({ name: 42 }), 'Order 1: Name is required.'],
  ['an object for the name', withOrder({ name: { $ne: '' } }), 'Order 1: Name is required.'],
  ['a number for the date', withOrder({ due_date: 20261212 }), 'Order 1: Order date is required.'],
  ['a number for the comments', withOrder({ comments: 5 }), unreadableField('Comments')],
  [
    'null for the allergies',
    withOrder({ allergies: null }),
    unreadableField('Allergies or dietary needs'),
  ],
  [
    'an array for the servings',
    withOrder({ servings: ['24'] }),
    unreadableField('Servings or quantity'),
  ],
  [
    'null for the street of a delivery',
    withOrder({ delivery_street: null }, delivery),
    unreadableField('Street address'),
  ],
  [
    'an object for the delivery notes',
    withOrder({ delivery_notes: { gate: 'blue' } }, delivery),
    unreadableField('Delivery notes'),
  ],
  [
    'null for the way it is fetched',
    withOrder({ fulfilment: null }),
    'Order 1: Choose pickup or delivery.',
  ],
  [
    'a number for the pickup time',
    withOrder({ pickup_window: 10 }),
    'Order 1: Choose a pickup time from the list for your date.',
  ],
  [
    'a string for the photos',
    withOrder({ photos: 'abc' }),
    'Order 1: The inspiration photos could not be read; please add them again.',
  ],
  [
    'null among the photos',
    withOrder({ photos: [null] }),
    'Order 1: A photo could not be read; please add it again.',
  ],
  // The policy tick.
  [
    'the policies ticked with a number',
    JSON.stringify({ accept_policies: 1, orders: [order] }),
    POLICIES,
  ],
  [
    'the policies ticked with "yes"',
    JSON.stringify({ accept_policies: 'yes', orders: [order] }),
    POLICIES,
  ],
  [
    'the policies ticked with an object',
    JSON.stringify({ accept_policies: {}, orders: [order] }),
    POLICIES,
  ],
  [
    'the policies ticked with null',
    JSON.stringify({ accept_policies: null, orders: [order] }),
    POLICIES,
  ],
  // Sizes: refused by their count, not with a message for each element.
  [
    '20,000 numbers for orders',
    withOrders(Array.from({ length: 20_000 }, () => 0)),
    `You can send at most ${MAX_ORDERS_PER_SEND} orders at once. Please send the rest separately.`,
  ],
  [
    '20,000 photos on an order',
    withOrder({ photos: Array.from({ length: 20_000 }, () => 0) }),
    `Order 1: Add at most ${MAX_PHOTOS_PER_ORDER} inspiration photos to an order.`,
  ],
])(
  '%s is refused with 400 and a message a person can read; nothing is stored',
  async (_, body, error) => {
    const db = await openBakery()
    const outcome = await send(db, body)
    expect(outcome.status).toBe(400)
    expect(outcome.body).toMatchObject({ ok: false, error })
    // Every problem listed is in words, and there are only a few of them.
    const problems = 'problems' in outcome.body ? (outcome.body.problems ?? []) : []
    expect(problems.length).toBeLessThanOrEqual(5)
    for (const problem of problems) expect(problem.message).not.toMatch(/invalid input/i)
    expect(await storedRows(db)).toBe(0)
  },
)

test('the same order, well formed, is taken, so the refusals above are about their shapes', async () => {
  const db = await openBakery()
  expect((await send(db, withOrders([order]))).status).toBe(200)
  expect(await storedRows(db)).toBeGreaterThan(0)
})
