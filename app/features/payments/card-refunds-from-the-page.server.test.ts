/**
 * Card refunds the owner makes from the order page: asked first, then sent
 * to Stripe as exactly one request each, recorded and emailed once; more than
 * is left, a double submit, Stripe refusing or down, and a refund that lowers
 * the price.
 */
import { expect, test, vi } from 'vitest'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { answerOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { HOUR, NOW, keyNamed, openCardBook, paidByCard } from '#tests/support/card-book.ts'
import { postCardRefund, refundCalls, refundEmails, refunds } from '#tests/support/card-refunds.ts'
import { openTestConnection, testDatabaseKind } from '#tests/support/database.ts'
import { versionOf } from '#tests/support/order-book.ts'

test('the owner refunds part, then the rest, of a card payment through Stripe: asked first, the exact request, recorded and emailed once each', async () => {
  const book = await openCardBook()
  const { paymentId, intent } = await paidByCard(book)
  const detail = await readOrderDetail(book.db, book.id, '2026-11-23')
  expect(detail?.card.payments).toEqual([
    {
      paymentId,
      amountCents: 5_000,
      receivedOn: '2026-11-23',
      refundedCents: 0,
      leftCents: 5_000,
      refundable: true,
      giftCard: null,
    },
  ])

  // Asked first: Stripe is not called and nothing is written.
  const asked = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '$20',
    card_refund_reason: 'A smaller cake after all.',
  })
  expect(asked.status).toBe(200)
  expect(asked.body).toMatchObject({
    ok: false,
    ask: { question: expect.stringMatching(/^Refund \$20 to Priya’s card through Stripe\?/) },
  })
  expect(refundCalls(book)).toEqual([])
  expect(await refunds(book.db)).toEqual([])

  const part = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '20',
    card_refund_reason: 'A smaller cake after all.',
    confirm: 'yes',
  })
  expect(part.body).toEqual({
    ok: true,
    intent: 'card_refund',
    message: 'Refunded to the card through Stripe; the customer is told.',
  })
  const whole = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '$30.00',
    confirm: 'yes',
  })
  expect(whole.status).toBe(200)

  const reference = book.reference
  expect(refundCalls(book)).toEqual([
    {
      key: keyNamed(`card-refund-${paymentId}-0-2000`),
      authorization: `Bearer ${book.env.STRIPE_SECRET_KEY}`,
      form: {
        payment_intent: intent,
        amount: '2000',
        'metadata[request_id]': String(book.id),
        'metadata[payment_reference]': reference,
      },
    },
    {
      key: keyNamed(`card-refund-${paymentId}-2000-3000`),
      authorization: `Bearer ${book.env.STRIPE_SECRET_KEY}`,
      form: {
        payment_intent: intent,
        amount: '3000',
        'metadata[request_id]': String(book.id),
        'metadata[payment_reference]': reference,
      },
    },
  ])
  const made = [...book.fake.refunds.values()]
  expect(await refunds(book.db)).toEqual([
    {
      payment_id: paymentId,
      amount_cents: 2_000,
      method: 'card',
      reason: 'A smaller cake after all.',
      stripe_refund_id: made[0]!.id,
    },
    {
      payment_id: paymentId,
      amount_cents: 3_000,
      method: 'card',
      reason: '',
      stripe_refund_id: made[1]!.id,
    },
  ])
  expect(book.fake.charges.get(intent)?.amount_refunded).toBe(5_000)
  expect((await moneyOf(book.db, book.id)).paidCents).toBe(0)

  // One email each, named by the refund, telling her it went to her card.
  const emails = await refundEmails(book.db)
  expect(emails.map(({ key }) => key)).toEqual(made.map((refund) => `card-refund:${refund.id}`))
  expect(emails[0]!.email.text).toContain(
    'We refunded $20 to your card on Monday, November 23, 2026',
  )

  // The order page's money and timeline, her page and the CSV show them.
  const after = await readOrderDetail(book.db, book.id, '2026-11-23')
  expect(after?.money).toMatchObject({ receivedCents: 5_000, refundedCents: 5_000, paidCents: 0 })
  expect(after?.card.payments[0]).toMatchObject({ refundedCents: 5_000, leftCents: 0 })
  expect(after?.timeline.map((entry) => entry.note)).toEqual(
    expect.arrayContaining([
      'Refunded to the customer’s card through Stripe: $20, Monday, November 23, 2026. Reason: A smaller cake after all.',
      'Refunded to the customer’s card through Stripe: $30, Monday, November 23, 2026.',
    ]),
  )
  const page = await readCustomerBook(book.db, book.token, NOW + 3 * HOUR, { cardPayments: true })
  expect(Object.values(page)[0]?.ledger).toMatchObject({
    entries: [
      { kind: 'payment', amount: '$50', method: 'card' },
      { kind: 'refund', amount: '$20', method: 'to your card' },
      { kind: 'refund', amount: '$30', method: 'to your card' },
    ],
    refunded: '$50',
    paid: '$0',
  })
  const csv = await (await answerOrdersCsv({ db: book.db, now: new Date(NOW) })).text()
  expect(csv).toContain('2026-11-23 $20.00 card')
  expect(csv).toContain('2026-11-23 $30.00 card')

  // Nothing is left of it: a third refund is refused before Stripe is asked.
  const more = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '1',
    confirm: 'yes',
  })
  expect(more.status).toBe(409)
  expect(refundCalls(book)).toHaveLength(2)
})

test('more than is left of the card payment is refused with a sentence, and Stripe is not asked', async () => {
  const book = await openCardBook()
  const { paymentId } = await paidByCard(book)
  await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '20',
    confirm: 'yes',
  })
  const over = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '$30.01',
    confirm: 'yes',
  })
  expect(over.status).toBe(409)
  expect(over.body).toMatchObject({
    ok: false,
    error: 'Only $30 of that card payment is left to refund.',
    fieldErrors: { card_refund_amount: 'Only $30 of that card payment is left to refund.' },
  })
  const bad = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: 'twenty',
    confirm: 'yes',
  })
  expect(bad.status).toBe(400)
  const elsewhere = await postCardRefund(book, {
    payment: String(paymentId + 99),
    card_refund_amount: '5',
    confirm: 'yes',
  })
  expect(elsewhere.status).toBe(404)
  expect(refundCalls(book)).toHaveLength(1)
  expect(await refunds(book.db)).toHaveLength(1)
})

test('a double submit, from one page on two instances at once, makes one Stripe refund and one record', async () => {
  const book = await openCardBook()
  const { paymentId } = await paidByCard(book)
  const other = testDatabaseKind() === 'pg' ? openTestConnection(book.location) : book.db
  const version = await versionOf(book.db, book.id)
  const fields = { payment: String(paymentId), card_refund_amount: '50', confirm: 'yes' }
  const answers = await Promise.all([
    postCardRefund(book, fields, { version }),
    postCardRefund(book, fields, { version, db: other }),
  ])
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  expect(book.fake.refunds.size).toBe(1)
  expect(await refunds(book.db)).toHaveLength(1)
  expect(await refundEmails(book.db)).toHaveLength(1)
  if (other !== book.db) await other.destroy()
})

test('when Stripe refuses or is down, the owner reads a sentence and nothing is written', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const book = await openCardBook()
  const { paymentId, intent } = await paidByCard(book)
  const before = await versionOf(book.db, book.id)

  book.fake.failWith = 500
  const down = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '50',
    confirm: 'yes',
  })
  book.fake.failWith = undefined
  expect(down.status).toBe(503)
  expect(down.body).toMatchObject({
    ok: false,
    error: expect.stringMatching(/^Stripe did not answer, so nothing was recorded here\./),
  })

  // Refunded on Stripe's dashboard, its event not here yet: Stripe refuses a second refund.
  const dashboard = book.fake.refundOnDashboard(intent, 5_000)
  const refused = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '50',
    confirm: 'yes',
  })
  expect(refused.status).toBe(502)
  expect(refused.body).toMatchObject({
    ok: false,
    error: expect.stringMatching(
      /^Stripe refused the refund, so nothing was refunded\. It said: “Charge ch_test_\w+ has already been refunded\.”$/,
    ),
  })
  expect(await refunds(book.db)).toEqual([])
  expect(await refundEmails(book.db)).toEqual([])
  expect(await versionOf(book.db, book.id)).toBe(before)

  // Then its event comes, and the book has it.
  expect(await book.fake.deliver(dashboard.event)).toBe(200)
  expect(await refunds(book.db)).toEqual([
    {
      payment_id: paymentId,
      amount_cents: 5_000,
      method: 'card',
      reason: '',
      stripe_refund_id: dashboard.refund.id,
    },
  ])
})

test('a card refund that lowers the price asks Stripe once and takes the price down with the record', async () => {
  const book = await openCardBook()
  const { paymentId } = await paidByCard(book)
  // A price below what is paid cannot come down: refused before Stripe is asked.
  await book.db.updateTable('request_quote').set({ price_cents: 4_000 }).execute()
  const refused = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '10',
    card_refund_lowers_price: 'yes',
    confirm: 'yes',
  })
  expect(refused).toMatchObject({
    status: 409,
    body: {
      error:
        '$50 has been paid on a total of $40, so the price cannot come down with this refund: give the extra back as money back first.',
      fieldErrors: { card_refund_lowers_price: expect.any(String) },
    },
  })
  expect(refundCalls(book)).toEqual([])
  await book.db.updateTable('request_quote').set({ price_cents: 12_000 }).execute()

  const done = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '25',
    card_refund_lowers_price: 'yes',
    confirm: 'yes',
  })
  expect(done).toMatchObject({ status: 200, body: { ok: true } })
  expect(refundCalls(book)).toHaveLength(1)
  expect(refundCalls(book)[0]!.form).toMatchObject({ amount: '2500' })
  // $120 less $25: $95, with $25 of the $50 deposit paid and the deposit still $50.
  expect(await moneyOf(book.db, book.id)).toMatchObject({
    priceCents: 9_500,
    depositCents: 5_000,
    paidCents: 2_500,
  })
  const [sent] = await refundEmails(book.db)
  expect(sent?.email.text).toContain('We refunded $25 to your card')
  expect(sent?.email.text).toContain('Your order’s price is lowered by the same $25, to $95.')
})
