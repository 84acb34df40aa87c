import { expect, test, vi } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import {
  HOUR,
  NOW,
  SITE,
  WEBHOOK_NOW,
  accept,
  cardEmails,
  keyNamed,
  nextIp,
  openCardBook,
  openSession,
  pay,
  webhookPost,
} from '#tests/support/card-book.ts'
import { openTestConnection, testDatabaseKind } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { cardDueOf, startCardCheckout } from './card-payments.server.ts'
import {
  cardPaymentsToLook,
  markCardPaymentLooked,
  receiveStripeWebhook,
} from './stripe-webhook.server.ts'

async function payments(db: Db) {
  return db
    .selectFrom('payment')
    .select(['request_id', 'amount_cents', 'method', 'checkout_session_id'])
    .execute()
}

async function statusOf(db: Db, id: number) {
  const row = await db
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.status
}

test('the deposit is offered by card only once the quote is accepted, and the balance once booked', () => {
  const money = {
    priceCents: 11_000,
    deliveryFeeCents: 1_000,
    depositCents: 5_000,
    paidCents: 0,
    depositWaived: false,
    discount: null,
    taxes: [],
  }
  expect(cardDueOf('quoted', false, money)).toBeNull()
  expect(cardDueOf('quoted', true, money)).toEqual({ kind: 'deposit', amountCents: 5_000 })
  expect(cardDueOf('quoted', true, { ...money, paidCents: 2_000 })).toEqual({
    kind: 'deposit',
    amountCents: 3_000,
  })
  expect(cardDueOf('confirmed', true, { ...money, paidCents: 5_000 })).toEqual({
    kind: 'balance',
    amountCents: 7_000,
  })
  expect(cardDueOf('ready', true, { ...money, paidCents: 12_000 })).toBeNull()
  // What is left is smaller than Stripe charges: she pays it as the quote says, not by card.
  expect(cardDueOf('confirmed', true, { ...money, paidCents: 11_960 })).toBeNull()
  expect(cardDueOf('confirmed', true, { ...money, paidCents: 11_950 })).toEqual({
    kind: 'balance',
    amountCents: 50,
  })
  expect(cardDueOf('cancelled', true, money)).toBeNull()
  expect(cardDueOf('completed', true, money)).toBeNull()
})

test('"Pay the deposit now" opens one Checkout session for exactly the deposit, in the bakery’s currency, however often it is pressed', async () => {
  const book = await openCardBook()
  // Before she accepts, nothing is due by card and Stripe is not asked.
  const early = await pay(book, 'request=1&kind=deposit&amount=5000')
  expect(early).toMatchObject({ status: 409 })
  expect(book.fake.received).toHaveLength(0)
  const offered = await readCustomerBook(book.db, book.token, NOW, { cardPayments: true })
  expect(offered[1]?.card).toBeNull()

  await accept(book.db, book.token)
  const page = await readCustomerBook(book.db, book.token, NOW + HOUR, { cardPayments: true })
  expect(page[1]?.card).toEqual({
    kind: 'deposit',
    amountCents: 5_000,
    amount: '$50',
    inFull: false,
  })
  // Without the keys the page offers nothing.
  const off = await readCustomerBook(book.db, book.token, NOW + HOUR)
  expect(off[1]?.card).toBeUndefined()

  const session = await openSession(book)
  const [sent] = book.fake.received
  expect(sent).toMatchObject({
    method: 'POST',
    path: '/v1/checkout/sessions',
    authorization: `Bearer ${book.env.STRIPE_SECRET_KEY}`,
    idempotencyKey: keyNamed(`checkout-${book.id}-deposit-5000-0`),
  })
  const form = Object.fromEntries(sent!.form)
  expect(form).toMatchObject({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'cad',
    'line_items[0][price_data][unit_amount]': '5000',
    client_reference_id: book.reference,
    'metadata[request_id]': String(book.id),
    'metadata[payment_reference]': book.reference,
    'metadata[kind]': 'deposit',
    'payment_intent_data[metadata][request_id]': String(book.id),
    'payment_intent_data[metadata][payment_reference]': book.reference,
    'payment_intent_data[metadata][kind]': 'deposit',
    customer_email: birthdayCakeOrder.email,
    success_url: `${SITE}/requests/${book.token}?paid=deposit`,
    cancel_url: `${SITE}/requests/${book.token}?card=cancelled`,
  })
  expect(form['line_items[0][price_data][product_data][name]']).toContain(book.reference)

  // A double click: the same key, the same session, one row.
  const again = await pay(book, 'request=1&kind=deposit&amount=5000')
  expect(again).toEqual({ redirect: session.url })
  expect(book.fake.received.map((request) => request.idempotencyKey)).toEqual([
    sent!.idempotencyKey,
    sent!.idempotencyKey,
  ])
  const sessions = await book.db
    .selectFrom('card_checkout')
    .select(['request_id', 'session_id', 'kind', 'amount_cents', 'currency'])
    .execute()
  expect(sessions).toEqual([
    {
      request_id: book.id,
      session_id: session.id,
      kind: 'deposit',
      amount_cents: 5_000,
      currency: 'cad',
    },
  ])

  // A page showing an old amount, or asking for the balance now, is refused with the reason.
  expect(await pay(book, 'request=1&kind=deposit&amount=4000')).toMatchObject({
    status: 409,
    body: { error: expect.stringContaining('now $50') },
  })
  expect(await pay(book, 'request=1&kind=balance&amount=7000')).toMatchObject({ status: 409 })
  expect(await pay(book, 'request=9&kind=deposit')).toMatchObject({ status: 404 })
  expect(await pay(book, 'kind=deposit')).toMatchObject({ status: 400 })
  expect(book.fake.received).toHaveLength(2)
})

test('when Stripe is down or refuses, she is told in a sentence and nothing is stored', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  book.fake.failWith = 500
  const refused = await pay(book, 'request=1&kind=deposit&amount=5000')
  expect(refused).toMatchObject({
    status: 502,
    body: { ok: false, card: true, error: expect.stringContaining('nothing was charged') },
  })
  book.fake.failWith = undefined
  await book.fake.close()
  const down = await pay(book, 'request=1&kind=deposit&amount=5000')
  expect(down).toMatchObject({
    status: 503,
    body: { error: expect.stringContaining('could not reach our card payment service') },
  })
  expect(await book.db.selectFrom('card_checkout').selectAll().execute()).toEqual([])
  // Without the keys, the post is an unknown page.
  const off = await startCardCheckout({
    request: new Request(`${SITE}/requests/${book.token}?checkout`, { method: 'POST' }),
    token: book.token,
    clientIp: nextIp(),
    db: book.db,
    env: { SITE_URL: SITE },
  })
  expect(off).toMatchObject({ status: 404 })
})

test('a paid session confirms the request once, emails her and the owner once, and a replay changes nothing', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  const session = await openSession(book)
  expect(await book.fake.pay(session.id)).toBe(200)

  expect(await payments(book.db)).toEqual([
    { request_id: book.id, amount_cents: 5_000, method: 'card', checkout_session_id: session.id },
  ])
  expect(await statusOf(book.db, book.id)).toBe('confirmed')
  const timeline = await book.db
    .selectFrom('request_event')
    .select(['actor', 'note', 'to_status'])
    .where('request_id', '=', book.id)
    .orderBy('id')
    .execute()
  expect(timeline.slice(-2)).toEqual([
    { actor: 'customer', note: expect.stringContaining('$50 by card'), to_status: 'quoted' },
    { actor: 'customer', note: null, to_status: 'confirmed' },
  ])
  const emails = await cardEmails(book.db)
  expect(emails).toEqual([
    {
      key: `card-paid:${session.id}:customer`,
      to: birthdayCakeOrder.email,
      subject: expect.stringContaining('booked'),
    },
    {
      key: `card-paid:${session.id}:owner`,
      to: 'owner',
      subject: `${birthdayCakeOrder.name} paid the deposit by card: $50`,
    },
  ])

  // The same event again (Stripe retries), and a second event about the same session.
  const [first] = book.fake.deliveries
  const event = book.fake.event(session, { id: first!.eventId })
  expect(await book.fake.deliver(event)).toBe(200)
  expect(
    await book.fake.deliver(
      book.fake.event(session, { type: 'checkout.session.async_payment_succeeded' }),
    ),
  ).toBe(200)
  expect(await payments(book.db)).toHaveLength(1)
  expect(await cardEmails(book.db)).toEqual(emails)
  const page = await readCustomerBook(book.db, book.token, NOW + 3 * HOUR, { cardPayments: true })
  // Booked now: what is left is the balance, offered by card too.
  expect(page[1]?.card).toEqual({
    kind: 'balance',
    amountCents: 7_000,
    amount: '$70',
    inFull: false,
  })
})

test('a forged or unsigned webhook gets 400 "bad signature" and changes nothing', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  const session = await openSession(book)
  session.payment_status = 'paid'
  const forged = book.fake.event(session, { secret: 'whsec_notthebakerys000000' })
  expect(await book.fake.deliver(forged)).toBe(400)
  const unsigned = await receiveStripeWebhook({
    request: webhookPost(forged.payload),
    db: book.db,
    env: book.env,
    now: WEBHOOK_NOW,
  })
  expect(unsigned).toMatchObject({ status: 400, body: { error: 'bad signature' } })
  // A signed body changed after signing.
  const signed = book.fake.event(session)
  const tampered = await receiveStripeWebhook({
    request: webhookPost(signed.payload.replace('5000', '500000'), signed.signature()),
    db: book.db,
    env: book.env,
    now: WEBHOOK_NOW,
  })
  expect(tampered.status).toBe(400)
  expect(await payments(book.db)).toEqual([])
  expect(await book.db.selectFrom('stripe_event').selectAll().execute()).toEqual([])
  expect(await statusOf(book.db, book.id)).toBe('quoted')
  // Too large a body is refused before it is read through.
  const large = await receiveStripeWebhook({
    request: webhookPost('x'.repeat(300 * 1024), signed.signature()),
    db: book.db,
    env: book.env,
    now: WEBHOOK_NOW,
  })
  expect(large.status).toBe(413)
})

test('two instances receiving the same event at once record one payment', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  const session = await openSession(book)
  session.payment_status = 'paid'
  session.status = 'complete'
  // A second connection is a second instance on PostgreSQL; SQLite's one
  // file is written by one instance, whose connection takes them in turn.
  const other = testDatabaseKind() === 'pg' ? openTestConnection(book.location) : book.db
  const event = book.fake.event(session)
  const twice = [book.db, other, book.db, other].map((db) =>
    receiveStripeWebhook({
      request: webhookPost(event.payload, event.signature()),
      db,
      env: book.env,
      now: WEBHOOK_NOW,
    }),
  )
  // And a second event about the same session, on both, at the same time.
  const async = book.fake.event(session, { type: 'checkout.session.async_payment_succeeded' })
  const alsoTwice = [other, book.db].map((db) =>
    receiveStripeWebhook({
      request: webhookPost(async.payload, async.signature()),
      db,
      env: book.env,
      now: WEBHOOK_NOW,
    }),
  )
  const answers = await Promise.all([...twice, ...alsoTwice])
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200])
  expect(await payments(book.db)).toHaveLength(1)
  expect(await statusOf(book.db, book.id)).toBe('confirmed')
  expect(await cardEmails(book.db)).toHaveLength(2)
  const events = await book.db.selectFrom('stripe_event').select(['id', 'outcome']).execute()
  expect(events.map((row) => row.outcome).sort()).toEqual(['ignored', 'paid'])
})

test('a payment for an unknown or closed request is kept for the owner to look at, never lost', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  const session = await openSession(book)
  // The owner cancels before the payment comes in.
  await book.db.transaction().execute((trx) =>
    moveRequest(trx, {
      requestId: book.id,
      to: 'cancelled',
      actor: 'owner',
      note: null,
      now: NOW + HOUR,
    }),
  )
  expect(await book.fake.pay(session.id)).toBe(200)
  // A session this site never opened.
  const stranger = {
    ...session,
    id: 'cs_test_elsewhere',
    amount_total: 2_500,
    metadata: { request_id: '999', payment_reference: 'BB-0000', kind: 'deposit' },
  }
  expect(await book.fake.deliver(book.fake.event(stranger))).toBe(200)
  // An event the site does not act on.
  expect(await book.fake.deliver(book.fake.event(session, { type: 'charge.refunded' }))).toBe(200)

  expect(await payments(book.db)).toEqual([])
  expect(await statusOf(book.db, book.id)).toBe('cancelled')
  const toLook = await cardPaymentsToLook(book.db)
  expect(toLook).toHaveLength(2)
  expect(toLook).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        amount: '$50',
        reference: book.reference,
        requestId: book.id,
        note: expect.stringContaining('which is cancelled'),
      }),
      expect.objectContaining({
        amount: '$25',
        reference: 'BB-0000',
        requestId: null,
        note: expect.stringContaining('does not have'),
      }),
    ]),
  )
  const outcomes = await book.db
    .selectFrom('stripe_event')
    .select(['type', 'outcome'])
    .orderBy('created_at')
    .execute()
  expect(outcomes.map((row) => row.outcome).sort()).toEqual(['ignored', 'needs_look', 'needs_look'])
  // The owner hears of each by email, once.
  const looks = await book.db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', 'like', 'card-needs-look:%')
    .execute()
  expect(looks.map((row) => (JSON.parse(row.payload) as OutgoingEmail).subject).sort()).toEqual([
    'A card payment of $25 for BB-0000 needs a look',
    `A card payment of $50 for ${book.reference} needs a look`,
  ])
  // Marked looked at, it leaves Today.
  expect(await markCardPaymentLooked(book.db, { eventId: toLook[0]!.eventId, now: NOW })).toBe(true)
  expect(await markCardPaymentLooked(book.db, { eventId: toLook[0]!.eventId, now: NOW })).toBe(
    false,
  )
  expect(await cardPaymentsToLook(book.db)).toHaveLength(1)
})

test('a party’s Checkout names every treat it pays for, not the lead’s alone', async () => {
  const book = await openCardBook({
    party: [{ ...birthdayCakeOrder, product_type: 'Cupcakes', due_date: '2026-12-13' }],
  })
  await accept(book.db, book.token)
  const session = await openSession(book)
  const form = Object.fromEntries(book.fake.received[0]!.form)
  expect(form['line_items[0][price_data][product_data][name]']).toBe(
    `Deposit for your Cakes and Cupcakes order on Saturday, December 12, 2026 (${book.reference})`,
  )
  // Paid: the owner's email names the party too.
  expect(await book.fake.pay(session.id)).toBe(200)
  const owner = await book.db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', '=', `card-paid:${session.id}:owner`)
    .executeTakeFirstOrThrow()
  expect((JSON.parse(owner.payload) as OutgoingEmail).text).toMatch(/Treat: Cakes and Cupcakes\n/)
})
