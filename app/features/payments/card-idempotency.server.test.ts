import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import {
  type CardBook,
  HOUR,
  NOW,
  accept,
  keyNamed,
  openCardBook,
  paidByCard,
  pay,
} from '#tests/support/card-book.ts'
import { refundOnCardIn } from './card-refunds.server.ts'

/**
 * Two installs of the site on one Stripe account: each on its own fresh
 * database (a reinstall, a second site; or a restore, after which the next
 * request takes the id of one the backup did not have), so both have a
 * request 1 with the same deposit and a payment 1. The second talks to the
 * first's fake Stripe, which keeps idempotency keys for the whole account.
 */
async function twoInstallsOnOneStripe(): Promise<[CardBook, CardBook]> {
  const first = await openCardBook()
  const second = await openCardBook()
  second.env.STRIPE_API_URL = first.fake.url
  expect(second.id).toBe(first.id)
  return [first, { ...second, fake: first.fake }]
}

const keysSent = (book: CardBook, path: string) =>
  book.fake.received.filter((call) => call.path === path).map((call) => call.idempotencyKey)

async function sessionsOf(db: Db) {
  return db.selectFrom('card_checkout').select(['request_id', 'session_id']).execute()
}

test('a second install on the same Stripe account opens its own Checkout session for its request 1, and a double click on either still opens one', async () => {
  const [first, second] = await twoInstallsOnOneStripe()
  await accept(first.db, first.token)
  await accept(second.db, second.token)

  const opened = []
  for (const book of [first, second, second, first]) {
    opened.push(await pay(book, 'request=1&kind=deposit&amount=5000'))
  }
  const [firstSession, secondSession] = [...first.fake.sessions.values()]
  expect(opened).toEqual([
    { redirect: firstSession!.url },
    { redirect: secondSession!.url },
    { redirect: secondSession!.url },
    { redirect: firstSession!.url },
  ])
  const [firstKey, secondKey, ...again] = keysSent(first, '/v1/checkout/sessions')
  expect([firstKey, secondKey]).toEqual([
    keyNamed(`checkout-${first.id}-deposit-5000-0`),
    keyNamed(`checkout-${second.id}-deposit-5000-0`),
  ])
  expect(secondKey).not.toBe(firstKey)
  expect(again).toEqual([secondKey, firstKey])
  expect(first.fake.sessions.size).toBe(2)
  expect(await sessionsOf(first.db)).toEqual([
    { request_id: first.id, session_id: firstSession!.id },
  ])
  expect(await sessionsOf(second.db)).toEqual([
    { request_id: second.id, session_id: secondSession!.id },
  ])
})

test('a second install on the same Stripe account refunds its own payment 1, though the first just refunded as much of its payment 1', async () => {
  const [first, second] = await twoInstallsOnOneStripe()
  const firstPaid = await paidByCard(first)
  // Stripe's events about the second install's payment go to the second install.
  first.useWebhookDb(second.db)
  const secondPaid = await paidByCard(second)
  expect(secondPaid.paymentId).toBe(firstPaid.paymentId)
  expect(secondPaid.intent).not.toBe(firstPaid.intent)

  const refund = (book: CardBook, paymentId: number) =>
    book.db.transaction().execute((trx) =>
      refundOnCardIn(trx, {
        requestId: book.id,
        paymentId,
        amountCents: 2_500,
        reason: '',
        now: NOW + 3 * HOUR,
        env: book.env,
      }),
    )
  expect(await refund(first, firstPaid.paymentId)).toMatchObject({ ok: true })
  expect(await refund(second, secondPaid.paymentId)).toMatchObject({ ok: true })
  expect([...first.fake.refunds.values()].map((made) => made.payment_intent)).toEqual([
    firstPaid.intent,
    secondPaid.intent,
  ])
  const [firstKey, secondKey] = keysSent(first, '/v1/refunds')
  expect(firstKey).toEqual(keyNamed(`card-refund-${firstPaid.paymentId}-0-2500`))
  expect(secondKey).not.toBe(firstKey)
})
