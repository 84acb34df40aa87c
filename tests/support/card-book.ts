/**
 * A request with card payments on, for the order book's unit tests: Priya's
 * cake quoted and a fake Stripe whose signed events reach the site's
 * webhook, with the steps a customer takes (accept, pay) and what the
 * tests read back.
 */
import { expect, onTestFinished } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { receiveQuoteAnswer } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { quoteParty } from '#app/features/order-book/party-quote.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { startCardCheckout } from '#app/features/payments/card-payments.server.ts'
import { receiveStripeWebhook } from '#app/features/payments/stripe-webhook.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { startFakeStripe } from '#tests/support/fake-stripe.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
export const NOW = Date.parse('2026-11-23T20:00:00Z')
export const HOUR = 60 * 60_000
export const SITE = 'https://butterandbloom.example'
/** When Stripe's events are signed and reach the site: two hours after NOW. */
export const WEBHOOK_NOW = NOW + 2 * HOUR

export const quote = {
  priceCents: 12_000,
  depositCents: 5_000,
  depositDue: '2026-12-01',
  paymentInstructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: '',
}

/** An idempotency key sent to Stripe: its name, then the digest of the request's parameters. */
export const keyNamed = (name: string) => expect.stringMatching(new RegExp(`^${name}-[\\w-]{43}$`))

/** A webhook post as Stripe makes it: raw JSON, its signature in Stripe-Signature. */
export function webhookPost(payload: string, signature?: string) {
  return new Request(`${SITE}/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  })
}

/**
 * Priya's cake quoted ($120, $50 deposit), a fake Stripe whose events reach
 * the webhook on `db` (or, given, another connection), and the environment
 * that turns card payments on and points the package at it. Given `party`,
 * its treats are sent with the cake and quoted together with it ($45 each),
 * the cake leading (decision 049); the book's id and token are the cake's.
 */
export async function openCardBook({ party = [] }: { party?: OrderRequest[] } = {}) {
  const { db, location } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(db, [birthdayCakeOrder, ...party], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const [row, ...others] = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token', 'payment_reference'])
    .orderBy('position')
    .execute()
  if (!row) throw new Error('The request was not stored.')
  const lines = new Map(others.map((other) => [Number(other.id), 4_500]))
  const quoted = await db
    .transaction()
    .execute((trx) => quoteParty(trx, { requestId: row.id, lines, quote, now: NOW }))
  if (!quoted.ok) throw new Error(quoted.error)
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_fake0000000000000000',
    STRIPE_WEBHOOK_SECRET: 'whsec_fake0000000000000000',
    STRIPE_API_URL: '',
    SITE_URL: SITE,
  }
  let webhookDb: Db = db
  const fake = await startFakeStripe({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const answered = await receiveStripeWebhook({
        request: webhookPost(payload, signature),
        db: webhookDb,
        env,
        now: WEBHOOK_NOW,
      })
      return answered.status
    },
    // Stripe signs by the same clock the webhook reads.
    clock: () => WEBHOOK_NOW,
  })
  onTestFinished(() => fake.close())
  env.STRIPE_API_URL = fake.url
  const token = row.customer_token!
  return {
    db,
    location,
    fake,
    env,
    id: row.id,
    token,
    reference: row.payment_reference!,
    useWebhookDb: (other: Db) => (webhookDb = other),
  }
}

let ipCounter = 0
export const nextIp = () => `198.51.100.${++ipCounter % 250}`

export function pay(
  book: { db: Db; token: string; env: Awaited<ReturnType<typeof openCardBook>>['env'] },
  body: string,
) {
  return startCardCheckout({
    request: new Request(`${SITE}/requests/${book.token}?checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
    token: book.token,
    clientIp: nextIp(),
    db: book.db,
    env: book.env,
    now: NOW + HOUR,
  })
}

export async function accept(db: Db, token: string) {
  const answered = await receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=accept&request=1&quote=1',
    }),
    token,
    clientIp: nextIp(),
    db,
    now: NOW + HOUR / 2,
    siteUrl: SITE,
  })
  expect(answered.status).toBe(200)
}

/** The emails queued after the quote's own, each with its name and to whom. */
export async function cardEmails(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .where('dedupe_key', 'like', 'card-%')
    .orderBy('id')
    .execute()
  return rows.map((row) => {
    const email = JSON.parse(row.payload) as OutgoingEmail
    return { key: row.dedupe_key, to: email.to?.address ?? 'owner', subject: email.subject }
  })
}

export async function openSession(book: Awaited<ReturnType<typeof openCardBook>>) {
  const started = await pay(book, 'request=1&kind=deposit&amount=5000')
  if (!('redirect' in started)) throw new Error(`No session: ${JSON.stringify(started)}`)
  const session = [...book.fake.sessions.values()].at(-1)!
  expect(started.redirect).toBe(session.url)
  return session
}

export type CardBook = Awaited<ReturnType<typeof openCardBook>>

/** The deposit ($50) paid by card through Checkout: the payment's id and its payment intent. */
export async function paidByCard(book: CardBook) {
  await accept(book.db, book.token)
  const session = await openSession(book)
  expect(await book.fake.pay(session.id)).toBe(200)
  const payment = await book.db
    .selectFrom('payment')
    .select(['id', 'payment_intent_id'])
    .where('checkout_session_id', '=', session.id)
    .executeTakeFirstOrThrow()
  return { session, paymentId: Number(payment.id), intent: payment.payment_intent_id! }
}

/**
 * Card payments on for `db`, through a fake Stripe on the test's `clock`
 * whose signed word reaches the site's own webhook.
 */
export async function withFakeStripe(db: Db, clock: { now: number }) {
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_fake0000000000000000',
    STRIPE_WEBHOOK_SECRET: 'whsec_fake0000000000000000',
    STRIPE_API_URL: '',
    SITE_URL: SITE,
  }
  const fake = await startFakeStripe({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    deliver: async (payload, signature) =>
      (
        await receiveStripeWebhook({
          request: webhookPost(payload, signature),
          db,
          env,
          now: clock.now,
        })
      ).status,
    clock: () => clock.now,
  })
  onTestFinished(() => fake.close())
  env.STRIPE_API_URL = fake.url
  return { env, fake }
}
