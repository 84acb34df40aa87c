import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { cancelByCustomer } from '#app/features/customer-changes/self-cancel.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import { listGiftCards, saveGiftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { HOUR, NOW, SITE, accept, nextIp, openCardBook } from '#tests/support/card-book.ts'
import { openTestConnection, testDatabaseKind } from '#tests/support/database.ts'
import { BUYER, buyGiftCard, giftCardEmail as cardEmail } from '#tests/support/gift-cards.ts'
import { quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { cardPaymentsOf } from './card-refunds.server.ts'
import { startGiftCardCheckout } from './gift-card-checkout.server.ts'
import { payWithGiftCard } from './gift-card-pay.server.ts'
import { GIVEN_BACK_REASON, giveUpUnpaidOrders } from './unpaid-orders.server.ts'

/** Her "Pay with a gift card", as her page posts it. */
function payWith(book: { db: Db; token: string }, fields: Record<string, string>, db = book.db) {
  return payWithGiftCard({
    request: new Request(`${SITE}/requests/${book.token}?gift-card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: '1', ...fields }),
    }),
    token: book.token,
    clientIp: nextIp(),
    db,
    siteUrl: SITE,
    now: NOW + HOUR,
  })
}

async function balanceOfCard(db: Db) {
  const [card] = await listGiftCards(db)
  return card!.balanceCents
}

test('a gift card bought by card is emailed once with its code, spent across two orders, and a refund goes back onto it', async () => {
  const book = await openCardBook()
  const { session, code, card } = await buyGiftCard(book, { amount: 'other', other_amount: '150' })

  // Stripe was asked for exactly the card, in the bakery's money.
  const asked = book.fake.received.find((call) => call.path === '/v1/checkout/sessions')!
  expect(Object.fromEntries(asked.form)).toMatchObject({
    'line_items[0][price_data][unit_amount]': '15000',
    'line_items[0][price_data][currency]': 'cad',
    'line_items[0][price_data][product_data][name]': '$150 gift card for Priya Patel',
    customer_email: 'ana@example.com',
    'metadata[gift_card]': 'yes',
  })
  expect(card.to).toEqual({ name: 'Priya Patel', address: 'priya@example.com' })
  expect(card.subject).toBe('Ana sent you a Butter & Bloom Bakery gift card')
  expect(card.text).toContain('Happy birthday!')
  expect(card.text).toContain('Gift card: $150')
  expect((await cardEmail(book.db, 'buyer')).text).toContain(
    'your $150 gift card for Priya Patel is paid, and we have emailed it to priya@example.com',
  )
  expect((await cardEmail(book.db, 'owner')).subject).toBe('Ana Giver bought a $150 gift card')
  // Stripe's retry of the same event gives no second card, code or email.
  expect(await book.fake.deliver(book.fake.event(book.fake.sessions.get(session.id)!))).toBe(200)
  await cardEmail(book.db, 'card')
  expect(await balanceOfCard(book.db)).toBe(15_000)

  // Priya's cake: $120 quoted, accepted. Her page offers the card for all of it.
  await accept(book.db, book.token)
  const offered = await readCustomerBook(book.db, book.token, NOW + HOUR, { giftCards: true })
  expect(offered[1]!.giftCard).toEqual({ amountCents: 12_000, amount: '$120' })
  // A code typed wrong is refused, and nothing moves.
  const wrong = await payWith(book, { code: 'ABCD-EFGH-JKMN-PQRS', amount: '12000' })
  expect(wrong).toMatchObject({
    status: 409,
    body: { ok: false, error: expect.stringMatching(/^We could not find a gift card/) },
  })
  const paid = await payWith(book, { code: code.toLowerCase(), amount: '12000' })
  expect(paid.body).toEqual({
    ok: true,
    card: true,
    giftCard: true,
    position: 1,
    message: `Paid $120 with your gift card. Your order is all paid. $30 is left on your gift card ····${code.slice(-4)}.`,
  })
  const cake = await book.db
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', book.id)
    .executeTakeFirstOrThrow()
  expect(cake.status).toBe('confirmed')
  expect(amountsOwed(await moneyOf(book.db, book.id)).stillOwed).toBe(0)

  // A second order, $90: the card pays what is left on it, $30; $60 is still owed.
  const second = await sendRequest(book.db, { email: 'priya@example.com' })
  await quoteFor(book.db, second)
  const { customer_token: token } = await book.db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', second)
    .executeTakeFirstOrThrow()
  await accept(book.db, token!)
  const rest = await payWith({ db: book.db, token: token! }, { code, amount: '9000' })
  expect(rest.body).toMatchObject({
    ok: true,
    message: `Paid $30 with your gift card. $60 is still to pay. Your gift card ····${code.slice(-4)} is now spent.`,
  })
  expect(amountsOwed(await moneyOf(book.db, second)).stillOwed).toBe(6_000)
  expect(await balanceOfCard(book.db)).toBe(0)
  const spent = await payWith({ db: book.db, token: token! }, { code, amount: '6000' })
  expect(spent.body).toMatchObject({
    ok: false,
    error: 'This gift card has been spent: nothing is left on it.',
  })

  // The owner refunds $20 of the cake's gift card payment: it goes back onto the card.
  const [payment] = await cardPaymentsOf(book.db, book.id)
  expect(payment).toMatchObject({ amountCents: 12_000, giftCard: `····${code.slice(-4)}` })
  const version = await book.db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', book.id)
    .executeTakeFirstOrThrow()
  const refunded = await receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${book.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'card_refund',
        version: String(version.version),
        payment: String(payment!.paymentId),
        card_refund_amount: '20',
        card_refund_reason: 'One tier fewer.',
        confirm: 'yes',
      }),
    }),
    db: book.db,
    requestId: book.id,
    siteUrl: SITE,
    env: book.env,
    now: NOW + 3 * HOUR,
  })
  expect(refunded.body).toEqual({
    ok: true,
    intent: 'card_refund',
    message: `Put back on gift card ····${code.slice(-4)}; the customer is told.`,
  })
  // Stripe was not asked: the money never left the bakery.
  expect(book.fake.received.filter((call) => call.path === '/v1/refunds')).toEqual([])
  expect(await balanceOfCard(book.db)).toBe(2_000)
  const [listed] = await listGiftCards(book.db)
  expect(listed!.lines.map((line) => [line.kind, line.amount])).toEqual([
    ['bought', '+$150'],
    ['spent', '−$120'],
    ['spent', '−$30'],
    ['returned', '+$20'],
  ])
  const refundMail = await book.db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', 'like', 'gift-card-refund:%')
    .executeTakeFirstOrThrow()
  expect((JSON.parse(refundMail.payload) as OutgoingEmail).text).toContain(
    `We put $20 back on your gift card ····${code.slice(-4)}`,
  )
  // Spent again on the second order: what came back pays $20 more of it.
  const again = await payWith({ db: book.db, token: token! }, { code, amount: '6000' })
  expect(again.body).toMatchObject({ ok: true })
  expect(amountsOwed(await moneyOf(book.db, second)).stillOwed).toBe(4_000)
})

test('a form that cannot buy a card says why beside each field, and Stripe is not asked', async () => {
  const book = await openCardBook()
  await saveGiftCardsOn(book.db, true)
  const refused = await startGiftCardCheckout({
    request: new Request(`${SITE}/gift-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...BUYER,
        recipient_email: 'priya',
        amount: 'other',
        other_amount: '5',
      }),
    }),
    clientIp: nextIp(),
    db: book.db,
    env: book.env,
    now: NOW,
  })
  expect(refused).toMatchObject({
    status: 400,
    body: {
      ok: false,
      errors: {
        other_amount: 'A gift card can be from $10 to $500.',
        recipient_email: 'Enter an email address like name@example.com.',
      },
      values: { recipient_email: 'priya' },
    },
  })
  expect(book.fake.received).toEqual([])
  await saveGiftCardsOn(book.db, false)
  const off = await startGiftCardCheckout({
    request: new Request(`${SITE}/gift-cards`, { method: 'POST' }),
    clientIp: nextIp(),
    db: book.db,
    env: book.env,
    now: NOW,
  })
  expect(off).toMatchObject({ status: 404 })
})

test('a cancellation under her policy puts what a gift card paid back onto it, and says so', async () => {
  const book = await openCardBook()
  const { code } = await buyGiftCard(book, { amount: 'other', other_amount: '150' })
  await accept(book.db, book.token)
  expect((await payWith(book, { code, amount: '12000' })).body).toMatchObject({ ok: true })
  const cancelled = await cancelByCustomer(book.db, {
    token: book.token,
    position: 1,
    now: NOW + 2 * HOUR,
    siteUrl: SITE,
    env: book.env,
  })
  expect(cancelled).toMatchObject({ ok: true, refundCents: 12_000, giftCardCents: 12_000 })
  // Nothing went to Stripe: the card holds all it did again.
  expect(book.fake.received.filter((call) => call.path === '/v1/refunds')).toEqual([])
  expect(await balanceOfCard(book.db)).toBe(15_000)
  const rows = await book.db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', 'like', 'self-cancel%')
    .execute()
  const texts = rows.map((row) => (JSON.parse(row.payload) as OutgoingEmail).text)
  expect(texts.join('\n')).toContain('Back on your gift card: $120')
  expect(texts.join('\n')).toContain(
    'What went back on your gift card is there for your next order.',
  )
  expect(texts.join('\n')).toContain('Back on her gift card: $120')
  expect(texts.join('\n')).not.toContain('To your card')
})

/**
 * Priya's $120 cake made a card order of a drop's kind: all of it its
 * deposit, given up unless paid by `until`.
 */
async function paidWholeWithin(book: { db: Db; id: number }, until: number) {
  await book.db
    .updateTable('request_quote')
    .set({ deposit_cents: 12_000 })
    .where('request_id', '=', book.id)
    .execute()
  await book.db
    .insertInto('set_price_order')
    .values({ request_id: book.id, product_id: null, unpaid_until: until, send_id: null })
    .execute()
}

test('a card order given up unless paid whole takes part from a gift card, and gives it back if the rest never comes', async () => {
  const book = await openCardBook()
  const { code } = await buyGiftCard(book, { amount: '10000' })
  await accept(book.db, book.token)
  await paidWholeWithin(book, NOW + 2 * HOUR)
  const part = await payWith(book, { code, amount: '12000' })
  expect(part.body).toMatchObject({
    ok: true,
    message: `Paid $100 with your gift card. $20 is still to pay. Your gift card ····${code.slice(-4)} is now spent.`,
  })
  expect(amountsOwed(await moneyOf(book.db, book.id)).stillOwed).toBe(2_000)

  // She leaves Stripe's page for the $20 and never pays it: the order is given up, and the
  // card has its $100 again, once, however often the pass runs.
  expect(await giveUpUnpaidOrders(book.db, { now: NOW + 3 * HOUR, siteUrl: SITE })).toBe(1)
  expect(await giveUpUnpaidOrders(book.db, { now: NOW + 4 * HOUR, siteUrl: SITE })).toBe(0)
  expect(await balanceOfCard(book.db)).toBe(10_000)
  const [card] = await listGiftCards(book.db)
  expect(card!.lines.map((line) => [line.kind, line.amount, line.requestId])).toEqual([
    ['bought', '+$100', null],
    ['spent', '−$100', book.id],
    ['returned', '+$100', book.id],
  ])
  const order = await book.db
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', book.id)
    .executeTakeFirstOrThrow()
  expect(order.status).toBe('cancelled')
  const refunds = await book.db
    .selectFrom('refund')
    .select(['amount_cents', 'method', 'reason'])
    .where('request_id', '=', book.id)
    .execute()
  expect(refunds).toEqual([
    { amount_cents: 10_000, method: `gift card ····${code.slice(-4)}`, reason: GIVEN_BACK_REASON },
  ])
  // She is told, once, as for any refund onto her card.
  const told = await book.db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', 'like', 'gift-card-refund:%')
    .execute()
  expect(told).toHaveLength(1)
  expect((JSON.parse(told[0]!.payload) as OutgoingEmail).text).toContain(
    `We put $100 back on your gift card ····${code.slice(-4)}`,
  )
})

test('a gift card leaving less than a card payment can be on an order paid whole is refused, and nothing moves', async () => {
  const book = await openCardBook()
  const { code } = await buyGiftCard(book, { amount: '10000' })
  await accept(book.db, book.token)
  await paidWholeWithin(book, NOW + 2 * HOUR)
  // $19.70 paid another way leaves $100.30: the card's $100 would leave 30¢ for a card.
  await recordPayment(book.db, {
    requestId: book.id,
    payment: { amountCents: 1_970, receivedOn: '2026-11-23', method: 'e-Transfer' },
    now: NOW,
  })
  expect(await payWith(book, { code, amount: '10030' })).toMatchObject({
    status: 409,
    body: {
      ok: false,
      error:
        'Your gift card holds $100 of the $100.30 owed, and the $0.30 left is less than a card payment can be. Pay it all by card, and keep your gift card for another order.',
    },
  })
  expect(await balanceOfCard(book.db)).toBe(10_000)
  expect(amountsOwed(await moneyOf(book.db, book.id)).stillOwed).toBe(10_030)
})

test('a gift card paying part of a drop’s order whose time for a card has run out is refused, and nothing moves', async () => {
  const book = await openCardBook()
  const { code } = await buyGiftCard(book, { amount: '10000' })
  await accept(book.db, book.token)
  // Given up 35 minutes after she pays: less than a Checkout session's half hour and Stripe's word.
  await paidWholeWithin(book, NOW + HOUR + 35 * 60_000)
  expect(await payWith(book, { code, amount: '12000' })).toMatchObject({
    status: 409,
    body: {
      ok: false,
      error:
        'Your gift card holds $100 of the $120 owed, and the time to pay the $20 left by card has run out. Only a gift card that holds it all can pay for this order now.',
    },
  })
  expect(await balanceOfCard(book.db)).toBe(10_000)
  expect(amountsOwed(await moneyOf(book.db, book.id)).stillOwed).toBe(12_000)
})

test('a card’s purchase refunded in Stripe’s dashboard takes it off the card, once, never below nothing', async () => {
  const book = await openCardBook()
  const { session, code } = await buyGiftCard(book, { amount: '10000' })
  const intent = book.fake.sessions.get(session.id)!.payment_intent!
  // How the site took an event: found by its id, as events delivered in one moment share a time.
  const taken = (event: { id: string }) =>
    book.db
      .selectFrom('stripe_event')
      .select(['outcome', 'note'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow()

  // $5 back to Ana: the card holds $95, and Stripe telling again changes nothing.
  const part = book.fake.refundOnDashboard(intent, 500)
  expect(await book.fake.deliver(part.event)).toBe(200)
  const again = book.fake.chargeRefundedEvent(intent)
  expect(await book.fake.deliver(again)).toBe(200)
  expect(await balanceOfCard(book.db)).toBe(9_500)
  expect(await taken(again)).toMatchObject({ outcome: 'ignored' })

  // $90 of it spent on an order; then $20 more of the purchase is refunded in Stripe.
  const order = await sendRequest(book.db, { email: 'priya@example.com' })
  await quoteFor(book.db, order)
  const { customer_token: token } = await book.db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', order)
    .executeTakeFirstOrThrow()
  await accept(book.db, token!)
  expect(
    (await payWith({ db: book.db, token: token! }, { code, amount: '9000' })).body,
  ).toMatchObject({
    ok: true,
  })
  const rest = book.fake.refundOnDashboard(intent, 2_000)
  expect(await book.fake.deliver(rest.event)).toBe(200)
  // Only the $5 left comes off, and the owner is shown the refund to look at.
  expect(await balanceOfCard(book.db)).toBe(0)
  expect(await taken(rest.event)).toEqual({
    outcome: 'needs_look',
    note: `A $20 refund of gift card ····${code.slice(-4)} was made in Stripe, but only $5 was left on it: the rest had been spent on orders. The card holds nothing now; check the refund in Stripe’s dashboard.`,
  })
  const [card] = await listGiftCards(book.db)
  expect(card!.lines.map((line) => [line.kind, line.amount])).toEqual([
    ['bought', '+$100'],
    ['refunded', '−$5'],
    ['spent', '−$90'],
    ['refunded', '−$5'],
  ])

  // Stripe then says that refund failed: Ana did not get it, and the card holds its $5 again.
  const failed = book.fake.event({ ...rest.refund, status: 'failed' }, { type: 'refund.updated' })
  expect(await book.fake.deliver(failed)).toBe(200)
  expect(await balanceOfCard(book.db)).toBe(500)
  expect(await taken(failed)).toMatchObject({
    outcome: 'needs_look',
    note: expect.stringContaining(
      'failed at Stripe: the buyer did not get the money back, and the card holds $5 again',
    ),
  })
})

// On PostgreSQL the two payments come on two connections, as from two
// instances; a SQLite site is one process, so there they share its one.
test('two orders spending one card at once take from it one after the other', async () => {
  const book = await openCardBook()
  const { code } = await buyGiftCard(book, { amount: '10000' })
  const tokens: string[] = []
  for (const email of ['priya@example.com', 'ravi@example.com']) {
    const id = await sendRequest(book.db, { email })
    await quoteFor(book.db, id)
    const row = await book.db
      .selectFrom('order_request')
      .select('customer_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    await accept(book.db, row.customer_token!)
    tokens.push(row.customer_token!)
  }
  const other = testDatabaseKind() === 'pg' ? openTestConnection(book.location) : book.db
  try {
    const answers = await Promise.all([
      payWith({ db: book.db, token: tokens[0]! }, { code, amount: '9000' }),
      payWith({ db: other, token: tokens[1]! }, { code, amount: '9000' }, other),
    ])
    // $100 on the card: one order gets $90, the other the $10 left, never more.
    const taken = answers.map(
      (answer) => answer.body.ok && /^Paid (\$\d+)/.exec(answer.body.message)?.[1],
    )
    expect(taken.sort()).toEqual(['$10', '$90'])
    expect(await balanceOfCard(book.db)).toBe(0)
  } finally {
    if (other !== book.db) await other.destroy()
  }
})
