import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { dropLeft, reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { readHoldPage } from '#app/features/drops/drop-pages.server.ts'
import { type DropInput, createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { cancelUnpaidOrders } from '#app/features/set-price-orders/given-up.server.ts'
import { PAYMENT_WORD_MS } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { orderHold, paymentChoices } from './hold-order.server.ts'

// Saturday's bake opens on Wednesday at noon, Toronto time.
const OPENS = Date.parse('2026-12-02T17:00:00Z')
const MINUTE = 60_000
const SITE = 'https://butterandbloom.example'

const saturday: DropInput = {
  slug: 'saturday-bake',
  name: 'Saturday bake',
  pickupDate: '2026-12-05',
  opensAt: new Date(OPENS),
  closesAt: new Date(OPENS + 48 * 60 * MINUTE),
  holdMinutes: 10,
  payAtPickup: true,
  items: [
    { name: 'Sourdough loaf', priceCents: 900, stock: 2, effort: 1 },
    { name: 'Cinnamon buns (6)', priceCents: 1800, stock: 5 },
  ],
  windows: [{ start: '10:00', end: '11:00', capacity: null }],
}

const noCards = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  SITE_URL: SITE,
}

/** A drop open since a minute ago, and a clock the test moves. */
async function openDrop(input: DropInput = saturday) {
  const { db } = await openTestDatabase()
  await createDrop(db, input, new Date(OPENS - 24 * 60 * MINUTE))
  const drop = (await readDrop(db, input.slug))!
  const clock = { now: OPENS + MINUTE }
  return { db, drop, clock, loaf: drop.items[0]!.id, buns: drop.items[1]!.id }
}

async function hold(
  db: Db,
  quantities: [number, number][],
  now: number,
  email = 'mina@example.com',
): Promise<string> {
  const held = await reserveDrop(db, {
    slug: saturday.slug,
    basket: { quantities: new Map(quantities), window: '10:00-11:00' },
    customer: { name: 'Mina Park', email, phone: '416-555-0134' },
    now: new Date(now),
  })
  if (!held.ok) throw new Error(held.problems.join(' '))
  return held.token
}

async function orderRow(db: Db) {
  return db
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select([
      'order_request.id',
      'status',
      'product_type',
      'event_theme',
      'due_date',
      'pickup_window',
      'effort',
      'customer_token',
      'price_cents',
      'deposit_cents',
      'accepted_at',
    ])
    .executeTakeFirstOrThrow()
}

async function queued(db: Db) {
  const rows = await db.selectFrom('outbox').select('payload').orderBy('id').execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as OutgoingEmail
    return { to: email.to?.address ?? 'owner', subject: email.subject }
  })
}

test('a hold booked to pay at pickup is a confirmed order in the book at the drop’s prices, once', async () => {
  const { db, drop, clock, loaf, buns } = await openDrop()
  const token = await hold(
    db,
    [
      [loaf, 2],
      [buns, 1],
    ],
    clock.now,
  )
  clock.now += 3 * MINUTE

  const ordered = await orderHold(db, { token, payment: 'pickup', now: clock.now, env: noCards })
  const order = await orderRow(db)
  expect(ordered).toEqual({ ok: true, location: `/requests/${order.customer_token}` })
  expect(order).toMatchObject({
    status: 'confirmed',
    product_type: 'Saturday bake',
    event_theme: '2 × Sourdough loaf, 1 × Cinnamon buns (6)',
    due_date: '2026-12-05',
    pickup_window: '10:00-11:00',
    effort: 2,
    price_cents: 3600,
    deposit_cents: 0,
  })
  // Nothing paid yet: the whole price is owed at pickup.
  expect(await moneyOf(db, Number(order.id))).toMatchObject({ priceCents: 3600, paidCents: 0 })
  expect(await queued(db)).toEqual([
    { to: 'mina@example.com', subject: expect.stringMatching(/confirmed|booked/i) },
    { to: 'owner', subject: 'New order: Saturday bake' },
  ])

  // A second tap (another instance, a double click) makes no second order.
  const again = await orderHold(db, { token, payment: 'pickup', now: clock.now, env: noCards })
  expect(again).toEqual({ ok: false, status: 409, message: 'This hold is already an order.' })
  expect(await db.selectFrom('order_request').select('id').execute()).toHaveLength(1)

  // The loaves stay sold long after the hold's ten minutes.
  const later = new Date(clock.now + 60 * MINUTE)
  expect((await dropLeft(db, drop, later)).items).toEqual([
    { id: loaf, left: 0 },
    { id: buns, left: 4 },
  ])
  const page = await readHoldPage(db, { slug: saturday.slug, token, now: later })
  expect(page?.state).toBe('ordered')
})

test('an order called off gives its stock back; a hold that has ended makes no order', async () => {
  const { db, drop, clock, loaf } = await openDrop()
  const token = await hold(db, [[loaf, 2]], clock.now)
  await orderHold(db, { token, payment: 'pickup', now: clock.now, env: noCards })
  const { id } = await orderRow(db)
  expect((await dropLeft(db, drop, new Date(clock.now))).items[0]!.left).toBe(0)
  await db
    .transaction()
    .execute((trx) =>
      moveRequest(trx, { requestId: Number(id), to: 'cancelled', actor: 'owner', now: clock.now }),
    )
  expect((await dropLeft(db, drop, new Date(clock.now))).items[0]!.left).toBe(2)

  const late = await hold(db, [[loaf, 1]], clock.now, 'late@example.com')
  const ended = await orderHold(db, {
    token: late,
    payment: 'pickup',
    now: clock.now + 10 * MINUTE,
    env: noCards,
  })
  expect(ended).toEqual({
    ok: false,
    status: 409,
    message: 'This hold has ended and its items went back on sale.',
  })
  expect(await db.selectFrom('order_request').select('id').execute()).toHaveLength(1)
})

test('paid by card, a hold is an order waiting for Stripe, then confirmed and paid in full by its webhook', async () => {
  const { db, drop, clock, loaf } = await openDrop({ ...saturday, payAtPickup: false })
  const { env, fake } = await withFakeStripe(db, clock)
  const token = await hold(db, [[loaf, 2]], clock.now)

  // This drop is paid as it is ordered.
  expect(await orderHold(db, { token, payment: 'pickup', now: clock.now, env })).toEqual({
    ok: false,
    status: 409,
    message: 'This drop is paid by card when you order.',
  })
  const ordered = await orderHold(db, { token, payment: 'card', now: clock.now, env })
  const session = [...fake.sessions.values()].at(-1)!
  expect(ordered).toEqual({ ok: true, location: session.url })
  const sent = fake.received.at(-1)!.form
  expect(Object.fromEntries(sent)).toMatchObject({
    'line_items[0][price_data][unit_amount]': '1800',
    'line_items[0][price_data][product_data][name]': expect.stringMatching(
      /^2 × Sourdough loaf: Saturday bake, pickup Saturday, December 5, 2026 \(BB-\d{4,}\)$/,
    ),
    'metadata[kind]': 'deposit',
    // Stripe takes no payment after the stock kept for it is given back.
    expires_at: String(Math.floor((clock.now + 31 * MINUTE) / 1000)),
  })
  const order = await orderRow(db)
  expect(order).toMatchObject({ status: 'quoted', price_cents: 1800, deposit_cents: 1800 })
  expect(sent.get('success_url')).toBe(`${SITE}/requests/${order.customer_token}?paid=full`)

  // Kept while she pays, past the hold's own ten minutes.
  clock.now += 25 * MINUTE
  expect((await dropLeft(db, drop, new Date(clock.now))).items[0]!.left).toBe(0)
  expect(await fake.pay(session.id)).toBe(200)
  expect(await orderRow(db)).toMatchObject({ status: 'confirmed' })
  // Paid, it is never cancelled as unpaid.
  expect(await cancelUnpaidOrders(db, clock.now + 60 * MINUTE)).toBe(0)
  expect(await moneyOf(db, Number(order.id))).toMatchObject({ priceCents: 1800, paidCents: 1800 })
  // Paid, the loaves are hers for good.
  const dayLater = new Date(clock.now + 24 * 60 * MINUTE)
  expect((await dropLeft(db, drop, dayLater)).items[0]!.left).toBe(0)
})

test('a card order never paid gives its stock back when its Checkout session and the time for Stripe’s word have passed', async () => {
  const { db, drop, clock, loaf } = await openDrop()
  const { env } = await withFakeStripe(db, clock)
  const token = await hold(db, [[loaf, 2]], clock.now)
  const start = clock.now
  expect(await orderHold(db, { token, payment: 'card', now: start, env })).toMatchObject({
    ok: true,
  })
  const keptUntil = start + 31 * MINUTE + PAYMENT_WORD_MS
  expect((await dropLeft(db, drop, new Date(keptUntil - 1))).items[0]!.left).toBe(0)
  expect((await dropLeft(db, drop, new Date(keptUntil))).items[0]!.left).toBe(2)
  // The clockwork closes it in the book too, once.
  expect(await cancelUnpaidOrders(db, keptUntil - 1)).toBe(0)
  expect(await cancelUnpaidOrders(db, keptUntil)).toBe(1)
  expect(await cancelUnpaidOrders(db, keptUntil + MINUTE)).toBe(0)
  expect(await orderRow(db)).toMatchObject({ status: 'cancelled' })
  expect((await dropLeft(db, drop, new Date(keptUntil))).items[0]!.left).toBe(2)
})

test('an order is made only at the price her page showed', async () => {
  const { db, clock, loaf } = await openDrop()
  const token = await hold(db, [[loaf, 2]], clock.now)
  await db.updateTable('drop_item').set({ price_cents: 1_000 }).where('id', '=', loaf).execute()
  expect(
    await orderHold(db, {
      token,
      payment: 'pickup',
      now: clock.now,
      env: noCards,
      shownCents: 1_800,
    }),
  ).toEqual({
    ok: false,
    status: 409,
    message:
      'The prices have changed since this page was opened: your items now come to $20. Check them and order again.',
  })
  expect(
    await orderHold(db, {
      token,
      payment: 'pickup',
      now: clock.now,
      env: noCards,
      shownCents: 2_000,
    }),
  ).toMatchObject({ ok: true })
})

test('a hold smaller than a card can pay is offered pickup alone, even from a drop paid by card, and Stripe is never asked', async () => {
  const cookies: DropInput = {
    ...saturday,
    payAtPickup: false,
    items: [
      { name: 'Sugar cookie', priceCents: 45, stock: 5 },
      { name: 'Cinnamon buns (6)', priceCents: 1800, stock: 5 },
    ],
  }
  const { db, clock, loaf: cookie } = await openDrop(cookies)
  const { env, fake } = await withFakeStripe(db, clock)
  const token = await hold(db, [[cookie, 1]], clock.now)
  const page = (await readHoldPage(db, { slug: saturday.slug, token, now: new Date(clock.now) }))!
  expect(paymentChoices(page, env)).toEqual(['pickup'])

  expect(await orderHold(db, { token, payment: 'card', now: clock.now, env })).toEqual({
    ok: false,
    status: 409,
    message: 'Card payments start at $0.50: please choose to pay at pickup.',
  })
  const booked = await orderHold(db, { token, payment: 'pickup', now: clock.now, env })
  expect(booked).toMatchObject({ ok: true, location: expect.stringMatching(/^\/requests\//) })
  expect(await orderRow(db)).toMatchObject({ status: 'confirmed', price_cents: 45 })
  expect(fake.received).toEqual([])
  // Two of them are a card's worth again.
  expect(paymentChoices({ payAtPickup: false, totalCents: 90 }, env)).toEqual(['card'])
})
