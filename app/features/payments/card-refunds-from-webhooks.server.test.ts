/**
 * Card refunds as Stripe's webhook tells of them: one made on Stripe's
 * dashboard recorded once however it is told, one the owner made here
 * changing nothing (and her retry after a lost answer getting the same
 * refund), and refunds for payments the book does not have kept for her look.
 */
import { expect, test } from 'vitest'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { HOUR, NOW, SITE, keyNamed, openCardBook, paidByCard } from '#tests/support/card-book.ts'
import { postCardRefund, refundCalls, refundEmails, refunds } from '#tests/support/card-refunds.ts'
import { refundOnCardIn } from './card-refunds.server.ts'

test('a refund made on Stripe’s dashboard is recorded once from its webhook, however often and by whichever event it is told', async () => {
  const book = await openCardBook()
  const { paymentId, intent } = await paidByCard(book)
  const { refund, event } = book.fake.refundOnDashboard(intent, 1_500, Math.floor(NOW / 1000))

  expect(await book.fake.deliver(event)).toBe(200)
  // Stripe's retry of the same event, its update, and the charge's own event.
  expect(await book.fake.deliver(event)).toBe(200)
  expect(await book.fake.deliver(book.fake.event({ ...refund }, { type: 'refund.updated' }))).toBe(
    200,
  )
  expect(await book.fake.deliver(book.fake.chargeRefundedEvent(intent))).toBe(200)

  expect(await refunds(book.db)).toEqual([
    {
      payment_id: paymentId,
      amount_cents: 1_500,
      method: 'card',
      reason: '',
      stripe_refund_id: refund.id,
    },
  ])
  const events = await book.db
    .selectFrom('stripe_event')
    .select(['type', 'outcome', 'request_id'])
    .where('type', '!=', 'checkout.session.completed')
    .orderBy('created_at')
    .orderBy('type')
    .execute()
  expect(events.map(({ type, outcome }) => [type, outcome]).sort()).toEqual([
    ['charge.refunded', 'ignored'],
    ['refund.created', 'refunded'],
    ['refund.updated', 'ignored'],
  ])
  const emails = await refundEmails(book.db)
  expect(emails.map(({ key }) => key)).toEqual([`card-refund:${refund.id}`])
  const detail = await readOrderDetail(book.db, book.id, '2026-11-23')
  expect(detail?.timeline.at(-1)).toMatchObject({
    actor: 'site',
    note: 'Refunded to the customer’s card through Stripe: $15, Monday, November 23, 2026.',
  })
  expect(detail?.card.payments[0]).toMatchObject({ refundedCents: 1_500, leftCents: 3_500 })
})

test('the webhook of a refund the owner made here changes nothing, and a retry after a lost answer gets Stripe’s same refund', async () => {
  const book = await openCardBook()
  const { paymentId } = await paidByCard(book)

  // Stripe refunded, but the answer was lost (the transaction never committed).
  class Lost extends Error {}
  await book.db
    .transaction()
    .execute(async (trx) => {
      const made = await refundOnCardIn(trx, {
        requestId: book.id,
        paymentId,
        amountCents: 2_500,
        reason: '',
        now: NOW + 3 * HOUR,
        env: book.env,
      })
      expect(made.ok).toBe(true)
      throw new Lost()
    })
    .catch((error: unknown) => {
      if (!(error instanceof Lost)) throw error
    })
  expect(await refunds(book.db)).toEqual([])

  // Her retry asks Stripe again with the same key: the same refund, recorded once.
  const retried = await postCardRefund(book, {
    payment: String(paymentId),
    card_refund_amount: '25',
    confirm: 'yes',
  })
  expect(retried.status).toBe(200)
  expect(book.fake.refunds.size).toBe(1)
  const [refund] = [...book.fake.refunds.values()]
  const [firstKey, ...again] = refundCalls(book).map((call) => call.key)
  expect(firstKey).toEqual(keyNamed(`card-refund-${paymentId}-0-2500`))
  expect(again).toEqual([firstKey])

  // Stripe's own event about it finds it by its id.
  expect(await book.fake.deliver(book.fake.event(refund!, { type: 'refund.created' }))).toBe(200)
  expect(await refunds(book.db)).toHaveLength(1)
  expect(await refundEmails(book.db)).toHaveLength(1)
})

test('a refund in Stripe for a payment the site does not have is kept for the owner, and shown on its request when it has one', async () => {
  const book = await openCardBook()
  await paidByCard(book)
  const stranger = book.fake.event(
    {
      id: 're_test_stranger',
      object: 'refund',
      amount: 4_000,
      currency: 'cad',
      payment_intent: 'pi_test_unknown',
      charge: 'ch_test_unknown',
      status: 'succeeded',
      metadata: {},
      created: Math.floor(NOW / 1000),
    },
    { type: 'refund.created' },
  )
  expect(await book.fake.deliver(stranger)).toBe(200)
  const row = await book.db
    .selectFrom('stripe_event')
    .select(['outcome', 'note'])
    .where('id', '=', stranger.id)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({
    outcome: 'needs_look',
    note: 'A card refund of $40 was made in Stripe for a payment this site does not have (it may have been erased, or paid another way). Nothing was changed here.',
  })
  expect(await refunds(book.db)).toEqual([])
})

test('a refund Stripe counts on a payment that the book has not heard of is a note on the request’s page until the owner marks it looked at', async () => {
  const book = await openCardBook()
  const { intent } = await paidByCard(book)
  // Refunded on the dashboard, and only the charge's event (no refund list) is enabled.
  book.fake.refundOnDashboard(intent, 1_000)
  expect(await book.fake.deliver(book.fake.chargeRefundedEvent(intent))).toBe(200)
  const detail = await readOrderDetail(book.db, book.id, '2026-11-23')
  expect(detail?.card.looks).toEqual([
    expect.objectContaining({
      what: 'refund',
      amount: '$10',
      reference: book.reference,
      requestId: book.id,
      note: `Stripe has refunded $10 of a card payment for ${book.reference}, $10 more than the book shows. It is recorded when Stripe sends the refund itself (the “refund.created” event); if that event is not enabled, record it as a refund by card.`,
    }),
  ])
  const eventId = detail!.card.looks[0]!.eventId
  const looked = await receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${book.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'card-looked', event: eventId }),
    }),
    db: book.db,
    requestId: book.id,
    siteUrl: SITE,
  })
  expect(looked.body).toEqual({ ok: true, intent: null, message: 'Marked as looked at.' })
  expect((await readOrderDetail(book.db, book.id, '2026-11-23'))?.card.looks).toEqual([])
})
