import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { bookedEffort } from '#app/features/availability/availability.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { refusedMoveMessage } from '#app/features/order-status/order-status.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { recordPayment, waiveDeposit } from './money-in.server.ts'
import { moneyOf } from './money.server.ts'
import { answerQuote } from './quote-answers.server.ts'
import { expireQuotes, quoteRequest } from './quotes.server.ts'
import { moveRequest } from './request-moves.server.ts'

// Monday, November 23, 2026, in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

const quote = {
  priceCents: 12_000,
  depositCents: 6_000,
  depositDue: '2026-12-01',
  paymentInstructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: 'Two tiers, lemon and raspberry.',
}

/** A bakery with one new request for Saturday, December 12; its id and its customer's token. */
async function openBook() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(db, [birthdayCakeOrder], {
    products: [],
    siteUrl: 'https://butterandbloom.example',
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const request = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .executeTakeFirstOrThrow()
  return { db, id: request.id, token: request.customer_token! }
}

async function statusOf(db: Db, id: number) {
  return (
    await db
      .selectFrom('order_request')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status
}

async function timeline(db: Db, id: number) {
  const events = await db
    .selectFrom('request_event')
    .select(['from_status', 'to_status', 'actor', 'note'])
    .where('request_id', '=', id)
    .orderBy('id')
    .execute()
  return events.map(
    (event) =>
      `${event.from_status ?? '∅'}→${event.to_status} ${event.actor}${event.note ? `: ${event.note}` : ''}`,
  )
}

const sendQuote = (db: Db, id: number, now = NOW, change: Partial<typeof quote> = {}) =>
  db
    .transaction()
    .execute((trx) => quoteRequest(trx, { requestId: id, quote: { ...quote, ...change }, now }))

const move = (db: Db, id: number, to: Parameters<typeof moveRequest>[1]['to'], note?: string) =>
  db
    .transaction()
    .execute((trx) =>
      moveRequest(trx, { requestId: id, to, actor: 'owner', note, now: NOW + 5 * DAY }),
    )

const held = async (db: Db) =>
  (await bookedEffort(db, { from: '2026-12-12', to: '2026-12-12' })).get('2026-12-12') ?? 0

test('quote, accept, deposit, ready, completed: each step on the timeline', async () => {
  const { db, id, token } = await openBook()
  expect(await sendQuote(db, id)).toMatchObject({ ok: true, expiresAt: NOW + 3 * DAY })
  expect(
    await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + HOUR }),
  ).toEqual({
    ok: true,
    confirmed: false,
  })
  // Accepted, but the deposit is not in yet: still quoted, still holding the day.
  expect(await statusOf(db, id)).toBe('quoted')
  expect(
    await recordPayment(db, {
      requestId: id,
      payment: { amountCents: 6_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
      now: NOW + DAY,
    }),
  ).toEqual({ ok: true, confirmed: true, settled: false, paymentId: expect.any(Number) })
  expect(await moneyOf(db, id)).toEqual({
    priceCents: 12_000,
    deliveryFeeCents: 0,
    depositCents: 6_000,
    paidCents: 6_000,
    depositWaived: false,
    discount: null,
    taxes: [],
  })
  expect(await move(db, id, 'ready')).toEqual({ ok: true })
  expect(await move(db, id, 'completed')).toEqual({ ok: true })
  expect(await timeline(db, id)).toEqual([
    '∅→new customer',
    'new→quoted owner',
    'quoted→quoted customer: Accepted the quote.',
    'quoted→quoted owner: Payment received: $60 by e-Transfer, Tuesday, November 24, 2026.',
    'quoted→confirmed owner',
    'confirmed→ready owner',
    'ready→completed owner',
  ])
})

test('a waived deposit confirms an accepted quote at once', async () => {
  const { db, id, token } = await openBook()
  await sendQuote(db, id)
  await waiveDeposit(db, { requestId: id, now: NOW })
  expect((await timeline(db, id)).at(-1)).toBe('quoted→quoted owner: Deposit waived.')
  expect(
    await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + HOUR }),
  ).toEqual({
    ok: true,
    confirmed: true,
  })
  expect(await statusOf(db, id)).toBe('confirmed')
})

test('another customer’s link can neither read nor answer the quote; nothing changes', async () => {
  const { db, id } = await openBook()
  await sendQuote(db, id)
  for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAA', '']) {
    expect(
      await answerQuote(db, { token, requestId: id, answer: 'decline', now: NOW }),
    ).toMatchObject({
      ok: false,
      status: 404,
    })
  }
  expect(await statusOf(db, id)).toBe('quoted')
})

test('a quote not answered in time expires by itself and frees the day; it cannot be accepted after', async () => {
  const { db, id, token } = await openBook()
  await sendQuote(db, id)
  expect(await held(db)).toBe(1)
  expect(await expireQuotes(db, NOW + 3 * DAY - 1)).toEqual([])
  expect(await expireQuotes(db, NOW + 3 * DAY)).toEqual([id])
  expect(await statusOf(db, id)).toBe('expired')
  expect(await held(db)).toBe(0)
  // Run again (another instance, a restart): nothing more happens.
  expect(await expireQuotes(db, NOW + 4 * DAY)).toEqual([])
  expect(
    await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 4 * DAY }),
  ).toMatchObject({
    ok: false,
    status: 409,
  })
  expect((await timeline(db, id)).at(-1)).toBe('quoted→expired site: Quote not answered in time.')
})

test('an accepted quote never expires, and a newer quote replaces an expired-looking older one', async () => {
  const { db, id, token } = await openBook()
  await sendQuote(db, id)
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + HOUR })
  expect(await expireQuotes(db, NOW + 10 * DAY)).toEqual([])

  const other = await openBook()
  await sendQuote(other.db, other.id, NOW)
  await sendQuote(other.db, other.id, NOW + 2 * DAY)
  expect(await expireQuotes(other.db, NOW + 4 * DAY)).toEqual([])
  expect(await expireQuotes(other.db, NOW + 5 * DAY)).toEqual([other.id])
})

test('declining and cancelling close the request and free its day; the reason is kept', async () => {
  const declined = await openBook()
  expect(
    await move(declined.db, declined.id, 'declined', 'Fully booked with weddings that week.'),
  ).toEqual({ ok: true })
  expect(await held(declined.db)).toBe(0)
  const reason = await declined.db
    .selectFrom('order_request')
    .select('decline_reason')
    .executeTakeFirstOrThrow()
  expect(reason.decline_reason).toBe('Fully booked with weddings that week.')

  const cancelled = await openBook()
  await sendQuote(cancelled.db, cancelled.id)
  expect(await move(cancelled.db, cancelled.id, 'cancelled')).toEqual({ ok: true })
  expect(await held(cancelled.db)).toBe(0)

  const byCustomer = await openBook()
  await sendQuote(byCustomer.db, byCustomer.id)
  expect(
    await answerQuote(byCustomer.db, {
      token: byCustomer.token,
      requestId: byCustomer.id,
      answer: 'decline',
      now: NOW,
    }),
  ).toEqual({ ok: true })
  expect(await statusOf(byCustomer.db, byCustomer.id)).toBe('declined')
})

test('moves that make no sense are refused with a clear message, and nothing is written', async () => {
  const { db, id } = await openBook()
  expect(await move(db, id, 'ready')).toEqual({
    ok: false,
    status: 409,
    error: 'A new request cannot be marked ready.',
  })
  expect(await move(db, id, 'confirmed')).toMatchObject({ ok: false, status: 409 })
  await move(db, id, 'declined')
  expect(await sendQuote(db, id)).toEqual({
    ok: false,
    status: 409,
    error: 'A declined request cannot be quoted.',
  })
  expect(refusedMoveMessage('expired', 'confirmed')).toBe('An expired request cannot be confirmed.')
  expect(await timeline(db, id)).toEqual(['∅→new customer', 'new→declined owner'])
  expect(
    await recordPayment(db, {
      requestId: id,
      payment: { amountCents: 100, receivedOn: '2026-11-24', method: 'cash' },
      now: NOW,
    }),
  ).toMatchObject({ ok: false, status: 409 })
  expect(await move(db, 999_999, 'quoted')).toMatchObject({ ok: false, status: 404 })
})
