import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import {
  addClosedPeriod,
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { listProducts, seedMenu, updateProduct } from '#app/features/menu/menu.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { rendered } from '#tests/support/markdown.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import type { OrderRequest } from './order-schema.ts'
import { receiveOrderRequests } from './order-send.server.ts'

// Monday, November 23, 2026, in Toronto.
const NOW = new Date('2026-11-23T20:00:00Z')
const SITE_URL = 'https://butterandbloom.example'
const order: OrderRequest = { ...birthdayCakeOrder, due_date: '2026-12-12' }

let ipCounter = 0
const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}`

async function prepare(db: Db) {
  await seedMenu(db)
  // Closed Sundays; 3 units a weekday, 5 on Saturdays.
  await setWeekdayCapacity(db, [0, 3, 3, 3, 3, 3, 5])
}

async function openBakery() {
  const { db } = await openTestDatabase()
  await prepare(db)
  return db
}

function send(db: Db, orders: OrderRequest[], { now = NOW, ip = freshIp() } = {}) {
  return receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders, accept_policies: true }),
    }),
    clientIp: ip,
    db,
    siteUrl: SITE_URL,
    now,
  })
}

async function stored(db: Db) {
  return db
    .selectFrom('order_request')
    .select(['due_date', 'product_type', 'effort', 'status'])
    .orderBy('id')
    .execute()
}

async function setCakes(db: Db, change: { noticeDays?: number; effort?: number }) {
  const cakes = (await listProducts(db)).find((product) => product.name === 'Cakes')!
  await updateProduct(db, cakes.id, { ...cakes, ...change })
}

test('a stored request holds its product’s effort on its day, with the status new', async () => {
  const db = await openBakery()
  await setCakes(db, { effort: 3 })
  expect((await send(db, [order, { ...order, product_type: 'Other' }])).status).toBe(200)
  expect(await stored(db)).toEqual([
    { due_date: '2026-12-12', product_type: 'Cakes', effort: 3, status: 'new' },
    { due_date: '2026-12-12', product_type: 'Other', effort: 1, status: 'new' },
  ])
})

test('a day without room is refused with 409, naming the order and date and the next open day; nothing is stored', async () => {
  const db = await openBakery()
  await setCakes(db, { effort: 3 })
  // Saturday the 12th bakes 5: one cake (3) fits, a second does not.
  expect((await send(db, [order])).status).toBe(200)
  const before = await stored(db)
  const outcome = await send(db, [{ ...order, product_type: 'Cupcakes' }, order])
  expect(outcome.status).toBe(409)
  expect(outcome.body).toEqual({
    ok: false,
    error:
      'Order 2: Cakes on Saturday, December 12, 2026: that day is fully booked. The next open day for it is Monday, December 14, 2026.',
    problems: [
      {
        order: 2,
        field: 'due_date',
        message:
          'Cakes on Saturday, December 12, 2026: that day is fully booked. The next open day for it is Monday, December 14, 2026.',
      },
    ],
    nextOpenDay: '2026-12-14',
  })
  // Not even the cupcakes, which would have fitted.
  expect(await stored(db)).toEqual(before)
  expect(
    Number(
      (
        await db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  ).toBe(2)
})

test('a send’s own requests share the day: two cakes for one Saturday need room for both', async () => {
  const db = await openBakery()
  await setCakes(db, { effort: 3 })
  const outcome = await send(db, [order, order])
  expect(outcome.status).toBe(409)
  expect(outcome.body).toMatchObject({ problems: [{ order: 2 }], nextOpenDay: '2026-12-14' })
  expect(await stored(db)).toEqual([])
})

test.each([
  [
    'a closed weekday',
    { ...order, due_date: '2026-12-13' },
    'Cakes on Sunday, December 13, 2026: that day is closed. The next open day for it is Monday, December 14, 2026.',
  ],
  [
    'a closed holiday',
    { ...order, due_date: '2026-12-25' },
    'Cakes on Friday, December 25, 2026: that day is closed. The next open day for it is Monday, December 28, 2026.',
  ],
  [
    'a day inside the product’s notice',
    { ...order, due_date: '2026-11-30' },
    "Cakes on Monday, November 30, 2026: it needs 14 days' notice. The next open day for it is Monday, December 7, 2026.",
  ],
  [
    'a day past the booking horizon',
    { ...order, due_date: '2027-02-01' },
    'Cakes on Monday, February 1, 2027: we are not taking orders this far ahead yet. We have no open day for it in our calendar just now; please contact us.',
  ],
])('%s is refused with 409 and why', async (_, refused, message) => {
  const db = await openBakery()
  await setCakes(db, { noticeDays: 14 })
  await addClosedPeriod(db, { start: '2026-12-24', end: '2026-12-26', note: 'Family' })
  await updateBookingSettings(db, { horizonDays: 60 })
  const outcome = await send(db, [refused])
  expect(outcome.status).toBe(409)
  expect(outcome.body).toMatchObject({ ok: false, problems: [{ order: 1, message }] })
  expect(JSON.stringify(outcome.body)).not.toContain('Family')
  expect(await stored(db)).toEqual([])
})

test('the bakery’s midnight decides whether today can still be booked', async () => {
  const db = await openBakery()
  const today = { ...order, product_type: 'Other', due_date: '2026-11-23' }
  // 23:59 in Toronto on Monday the 23rd (04:59 on the 24th in UTC): today is still open.
  expect((await send(db, [today], { now: new Date('2026-11-24T04:59:00Z') })).status).toBe(200)
  // A minute past midnight it has gone.
  const late = await send(db, [today], { now: new Date('2026-11-24T05:01:00Z') })
  expect(late.status).toBe(400)
  expect(late.body).toMatchObject({
    problems: [{ message: 'The order date cannot be in the past.' }],
  })
})

test('a declined request frees its share of the day for the next customer', async () => {
  const db = await openBakery()
  await setWeekdayCapacity(db, [0, 1, 1, 1, 1, 1, 1])
  expect((await send(db, [order])).status).toBe(200)
  expect((await send(db, [order])).status).toBe(409)
  await db.updateTable('order_request').set({ status: 'declined' }).execute()
  expect((await send(db, [order])).status).toBe(200)
})

test('without the policy tick a send is refused with 400 and nothing is stored', async () => {
  const db = await openBakery()
  const outcome = await receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders: [order], accept_policies: false }),
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now: NOW,
  })
  expect(outcome).toMatchObject({
    status: 400,
    body: { ok: false, error: 'Please confirm that you have read our order policies.' },
  })
  expect(await stored(db)).toEqual([])
})

test('the policies the customer ticked are stored with the send, as they read then', async () => {
  const db = await openBakery()
  await updateBookingSettings(db, { policies: rendered('Deposits hold your date.') })
  await send(db, [order])
  await updateBookingSettings(db, { policies: rendered('Something new.') })
  const batch = await db
    .selectFrom('order_batch')
    .select(['accepted_policies', 'accepted_policies_html'])
    .executeTakeFirstOrThrow()
  // The terms from her rules first, then her words, with the HTML she read.
  expect(batch.accepted_policies).toMatch(
    /^## What every order follows[\s\S]*\n\nDeposits hold your date\.$/,
  )
  expect(batch.accepted_policies_html).toMatch(
    /^<h2>What every order follows<\/h2>[\s\S]*<p>Deposits hold your date\.<\/p>$/,
  )
})

test('each customer email in a send gets one confirmation with their own private link', async () => {
  const db = await openBakery()
  const gift = { ...order, name: 'Sam Okafor', email: 'sam@example.com', product_type: 'Cupcakes' }
  await send(db, [order, gift, { ...order, email: 'PRIYA@example.com', product_type: 'Other' }])
  const requests = await db
    .selectFrom('order_request')
    .select(['email', 'customer_token'])
    .orderBy('id')
    .execute()
  const [priya, sam, priyaAgain] = requests.map((request) => request.customer_token!)
  expect(priya).toMatch(/^[A-Za-z0-9_-]{24}$/)
  expect(priyaAgain).toBe(priya)
  expect(sam).not.toBe(priya)

  const confirmations = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_confirmation')
    .orderBy('id')
    .execute()
  const emails = confirmations.map((row) => JSON.parse(row.payload))
  expect(emails.map((email) => email.to.address)).toEqual(['priya@example.com', 'sam@example.com'])
  expect(emails[0].text).toContain(`${SITE_URL}/requests/${priya}`)
  expect(emails[0].text).toContain('1. Cakes\n   Date: Saturday, December 12, 2026')
  expect(emails[0].text).toContain('2. Other\n   Date: Saturday, December 12, 2026')
  expect(emails[0].text).not.toContain('Cupcakes')
  expect(emails[1].text).toContain(`${SITE_URL}/requests/${sam}`)
  expect(emails[1].text).not.toContain(priya)
  // A customer's Reply reaches the owner: the email names no other Reply-To.
  expect(emails[0].replyTo).toBeUndefined()
})

test('20 customers racing for a day with room for 3: exactly 3 are booked, the rest hear 409', async () => {
  // On PostgreSQL, two servers on one database, as when the site runs on
  // several instances; SQLite is one server's file, so one server there.
  const [first, second] =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [await openBakery()]
  const other = second ?? first
  await prepare(first)
  await setWeekdayCapacity(first, [3, 3, 3, 3, 3, 3, 3])
  const racer = (index: number): OrderRequest => ({
    ...order,
    product_type: 'Other',
    email: `racer${index}@example.com`,
  })
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, (_, index) => send(index % 2 === 0 ? first : other, [racer(index)])),
  )
  const statuses = outcomes.map((outcome) => outcome.status)
  expect(statuses.filter((status) => status === 200)).toHaveLength(3)
  expect(statuses.filter((status) => status === 409)).toHaveLength(17)
  expect(await stored(first)).toHaveLength(3)
  await second?.destroy()
})
