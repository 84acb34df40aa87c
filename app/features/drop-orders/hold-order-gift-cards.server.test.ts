import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { dropLeft, reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { type DropInput, createDrop, readDrop } from '#app/features/drops/drops.server.ts'
import { balanceOf } from '#app/features/gift-cards/gift-card-ledger.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { giveUpUnpaidOrders } from '#app/features/payments/unpaid-orders.server.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { buyGiftCard } from '#tests/support/gift-cards.ts'
import { orderHold } from './hold-order.server.ts'

// Saturday's bake opens on Wednesday at noon, Toronto time, and is paid by card as it is ordered.
const OPENS = Date.parse('2026-12-02T17:00:00Z')
const MINUTE = 60_000

const saturday: DropInput = {
  slug: 'saturday-bake',
  name: 'Saturday bake',
  pickupDate: '2026-12-05',
  opensAt: new Date(OPENS),
  closesAt: new Date(OPENS + 48 * 60 * MINUTE),
  holdMinutes: 10,
  payAtPickup: false,
  items: [{ name: 'Sourdough loaf', priceCents: 900, stock: 4 }],
  windows: [{ start: '10:00', end: '11:00', capacity: null }],
}

/** The drop open, cards taken through the fake Stripe, and a gift card of `dollars` bought. */
async function openDropWithGiftCard(dollars: string, input: DropInput = saturday) {
  const { db } = await openTestDatabase()
  await createDrop(db, input, new Date(OPENS - 24 * 60 * MINUTE))
  const drop = (await readDrop(db, saturday.slug))!
  const clock = { now: OPENS + MINUTE }
  const { env, fake } = await withFakeStripe(db, clock)
  const { code } = await buyGiftCard({ db, env, fake }, { amount: 'other', other_amount: dollars })
  return { db, drop, clock, env, fake, code, loaf: drop.items[0]!.id }
}

async function holdLoaves(db: Db, loaf: number, count: number, now: number, email: string) {
  const held = await reserveDrop(db, {
    slug: saturday.slug,
    basket: { quantities: new Map([[loaf, count]]), window: '10:00-11:00' },
    customer: { name: 'Mina Park', email, phone: '416-555-0134' },
    now: new Date(now),
  })
  if (!held.ok) throw new Error(held.problems.join(' '))
  return held.token
}

async function orderOf(db: Db, email: string) {
  const row = await db
    .selectFrom('order_request')
    .select(['id', 'status', 'customer_token'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return { ...row, money: await moneyOf(db, Number(row.id)) }
}

const cardBalance = async (db: Db) =>
  balanceOf(
    db,
    Number((await db.selectFrom('gift_card').select('id').executeTakeFirstOrThrow()).id),
  )

test('a gift card typed as a drop is ordered pays what it holds, Stripe the rest; a spent card makes no order', async () => {
  const { db, clock, env, fake, code, loaf } = await openDropWithGiftCard('10')
  const sessions = fake.sessions.size
  const token = await holdLoaves(db, loaf, 2, clock.now, 'mina@example.com')

  const ordered = await orderHold(db, {
    token,
    payment: 'card',
    giftCard: code,
    now: clock.now,
    env,
  })
  const session = [...fake.sessions.values()].at(-1)!
  expect(fake.sessions.size).toBe(sessions + 1)
  expect(ordered).toEqual({ ok: true, location: session.url })
  // Stripe is asked for the $8 the card did not cover.
  expect(fake.received.at(-1)!.form.get('line_items[0][price_data][unit_amount]')).toBe('800')
  expect(fake.received.at(-1)!.form.get('line_items[0][price_data][product_data][name]')).toMatch(
    /, after \$10 from your gift card \(\w+-\w+\)$/,
  )
  const mina = await orderOf(db, 'mina@example.com')
  expect(mina).toMatchObject({ status: 'quoted', money: { priceCents: 1_800, paidCents: 1_000 } })
  expect(await cardBalance(db)).toBe(0)

  expect(await fake.pay(session.id)).toBe(200)
  expect(await orderOf(db, 'mina@example.com')).toMatchObject({
    status: 'confirmed',
    money: { paidCents: 1_800 },
  })

  // The card is spent: a second order with it is refused, and her hold is kept to pay another way.
  const second = await holdLoaves(db, loaf, 1, clock.now, 'jo@example.com')
  expect(
    await orderHold(db, { token: second, payment: 'card', giftCard: code, now: clock.now, env }),
  ).toEqual({
    ok: false,
    status: 409,
    message: 'This gift card has been spent: nothing is left on it.',
    giftCardRefused: true,
  })
  expect(await db.selectFrom('order_request').select('id').execute()).toHaveLength(1)
  expect(
    await orderHold(db, { token: second, payment: 'card', now: clock.now, env }),
  ).toMatchObject({ ok: true })
})

test('a card that holds it all needs no Stripe; one that leaves the rest unpaid gets it back when the order is given up', async () => {
  const { db, drop, clock, env, fake, code, loaf } = await openDropWithGiftCard('25')
  const sessions = fake.sessions.size

  // Two loaves, $18, all on the card: confirmed at once, no Checkout opened.
  const token = await holdLoaves(db, loaf, 2, clock.now, 'mina@example.com')
  const paid = await orderHold(db, { token, payment: 'card', giftCard: code, now: clock.now, env })
  const mina = await orderOf(db, 'mina@example.com')
  expect(paid).toEqual({ ok: true, location: `/requests/${mina.customer_token}` })
  expect(mina).toMatchObject({ status: 'confirmed', money: { paidCents: 1_800 } })
  expect(fake.sessions.size).toBe(sessions)
  expect(await cardBalance(db)).toBe(700)

  // Two more for Jo: the card's $7, then she leaves Stripe's page for the $11.
  const second = await holdLoaves(db, loaf, 2, clock.now, 'jo@example.com')
  await orderHold(db, { token: second, payment: 'card', giftCard: code, now: clock.now, env })
  expect(await cardBalance(db)).toBe(0)
  expect((await dropLeft(db, drop, new Date(clock.now))).items[0]!.left).toBe(0)
  expect(
    await giveUpUnpaidOrders(db, {
      now: clock.now + 60 * MINUTE,
      siteUrl: 'https://butterandbloom.example',
    }),
  ).toBe(1)
  expect(await orderOf(db, 'jo@example.com')).toMatchObject({
    status: 'cancelled',
    money: { paidCents: 0 },
  })
  // The card has its $7 again, and the loaves are on sale again.
  expect(await cardBalance(db)).toBe(700)
  expect((await dropLeft(db, drop, new Date(clock.now + 60 * MINUTE))).items[0]!.left).toBe(2)
})

test('paid at pickup, a gift card pays its part first, and the booked emails say what is left to bring', async () => {
  const { db, clock, env, code, loaf } = await openDropWithGiftCard('10', {
    ...saturday,
    payAtPickup: true,
  })
  const token = await holdLoaves(db, loaf, 2, clock.now, 'mina@example.com')
  const ordered = await orderHold(db, {
    token,
    payment: 'pickup',
    giftCard: code,
    now: clock.now,
    env,
  })
  const mina = await orderOf(db, 'mina@example.com')
  expect(ordered).toEqual({ ok: true, location: `/requests/${mina.customer_token}` })
  expect(mina).toMatchObject({
    status: 'confirmed',
    money: { priceCents: 1_800, paidCents: 1_000 },
  })
  const emails = (
    await db.selectFrom('outbox').select('payload').where('subject_id', '=', mina.id).execute()
  ).map((row) => JSON.parse(row.payload) as OutgoingEmail)
  const owner = emails.find((email) => email.subject === 'New order: Saturday bake')!
  expect(owner.text).toContain('to pay $8 at pickup; $10 of its $18 is paid.')
  const booked = emails.find((email) =>
    email.subject.startsWith('Your Saturday bake order is booked'),
  )!
  expect(booked.text).toContain('Balance owed: $8')
  const paid = emails.find((email) => email.subject.startsWith('We received your payment of $10'))!
  expect(paid.text).toContain('Still to pay: $8')
})
