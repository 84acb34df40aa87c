import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import {
  setContactMessageHandled,
  submitContactMessage,
} from '#app/features/contact/contact-messages.server.ts'
import { askForChange } from '#app/features/customer-changes/customer-changes.server.ts'
import { cancelByCustomer } from '#app/features/customer-changes/self-cancel.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { recordPayment, waiveDeposit } from '#app/features/order-book/money-in.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { markCardPaymentLooked } from '#app/features/payments/stripe-webhook.server.ts'
import { receiveProofAnswer } from '#app/features/proof-steps/proof-answers.server.ts'
import { receiveProofSend } from '#app/features/proof-steps/proof-steps.server.ts'
import { saveReview, setReviewShown } from '#app/features/reviews/reviews.server.ts'
import { readReviewLink } from '#app/features/scheduled-work/review-links.server.ts'
import { type CardBook, NOW, SITE, openCardBook } from '#tests/support/card-book.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { readTodayPage } from './today.server.ts'
import { TODAY_FULL_LIMIT, TODAY_LIST_LIMIT } from './today.ts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** Thursday, December 3, 2026, 9 in the morning in Toronto. */
const TODAY_NOW = new Date('2026-12-03T14:00:00Z')

/** One customer's send of one request; its id and private link. */
async function send(db: Db, order: Partial<OrderRequest>) {
  const sent = await submitOrderRequests(db, [{ ...birthdayCakeOrder, ...order }], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const row = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('batch_id', '=', sent.batchId)
    .executeTakeFirstOrThrow()
  return { id: Number(row.id), token: row.customer_token! }
}

/** Quotes a request $120 with a $50 deposit, as the owner's form would. */
async function quote(
  db: Db,
  requestId: number,
  dates: { depositDue?: string | null; balanceDue?: string | null } = {},
) {
  const quoted = await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 12_000,
        depositCents: 5_000,
        depositDue: dates.depositDue ?? null,
        balanceDue: dates.balanceDue ?? null,
        paymentInstructions: 'e-Transfer',
        message: '',
        expiresInDays: 30,
      },
      now: NOW,
    }),
  )
  if (!quoted.ok) throw new Error(quoted.error)
}

async function accept(db: Db, { id, token }: { id: number; token: string }) {
  const answered = await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1 })
  if (!answered.ok) throw new Error(answered.error)
}

async function move(db: Db, requestId: number, to: 'confirmed' | 'ready' | 'completed') {
  const moved = await db
    .transaction()
    .execute((trx) => moveRequest(trx, { requestId, to, actor: 'owner', now: NOW + 2 }))
  if (!moved.ok) throw new Error(moved.error)
}

async function deposit(db: Db, requestId: number) {
  await recordPayment(db, {
    requestId,
    payment: { amountCents: 5_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + DAY,
  })
}

/** A card payment Stripe tells of for a request the site does not have: it needs a look. */
async function strangerPaid(book: CardBook, index: number) {
  const reference = `BB-9${String(index).padStart(4, '0')}`
  const delivered = await book.fake.deliver(
    book.fake.event({
      id: `cs_test_stranger${index}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2_500,
      currency: 'cad',
      client_reference_id: reference,
      customer_email: 'someone@example.com',
      metadata: { request_id: '999999', payment_reference: reference, kind: 'deposit' },
      success_url: '',
      cancel_url: '',
      url: '',
      payment_intent: `pi_test_stranger${index}`,
    }),
  )
  expect(delivered).toBe(200)
  return reference
}

/** The owner's post from a request's page, as her browser makes it. */
async function ownerPost(db: Db, requestId: number, fields: Record<string, string>) {
  const { version } = await db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${requestId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, version: String(version) }),
    }),
    db,
    requestId,
    siteUrl: SITE,
    now: TODAY_NOW.getTime(),
  })
}

/** The owner sends a design proof of one image, as her browser posts it. */
async function sendProof(book: CardBook, requestId: number, now: number) {
  const form = new FormData()
  form.set('note', 'Peonies on top.')
  const jpeg = await photoJpeg({ width: 600, height: 400 })
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'proof.jpg')
  const sent = await receiveProofSend({
    request: new Request(`${SITE}/admin/orders/${requestId}?proof`, { method: 'POST', body: form }),
    db: book.db,
    store: createLocalMediaStore(book.location.dataDir),
    requestId,
    siteUrl: SITE,
    now,
  })
  expect(sent.status).toBe(200)
}

/**
 * A busy morning, one of everything that waits on the owner: Priya's quote
 * out (the card book's), a card payment for no request, a new request, a
 * change asked, a cancellation whose deposit goes back by e-Transfer, a
 * proof she asked to change, a deposit and a balance overdue, a review she
 * may show and a contact message.
 */
async function openBusyDay() {
  const book = await openCardBook()
  const { db } = book
  const reference = await strangerPaid(book, 1)
  const ada = await send(db, { name: 'Ada New', email: 'ada@example.com', due_date: '2026-12-19' })

  const bo = await send(db, { name: 'Bo Change', email: 'bo@example.com', due_date: '2026-12-19' })
  await quote(db, bo.id)
  const asked = await askForChange(db, {
    token: bo.token,
    position: 1,
    newDate: '2026-12-20',
    newWindow: null,
    details: 'Blue icing, please.',
    now: NOW + DAY,
  })
  expect(asked.ok).toBe(true)

  const cy = await send(db, { name: 'Cy Cancel', email: 'cy@example.com', due_date: '2026-12-18' })
  await quote(db, cy.id)
  await accept(db, cy)
  await deposit(db, cy.id)
  const cancelled = await cancelByCustomer(db, {
    token: cy.token,
    position: 1,
    now: NOW + 2 * DAY,
    env: book.env,
  })
  expect(cancelled.ok).toBe(true)

  const di = await send(db, { name: 'Di Proof', email: 'di@example.com', due_date: '2026-12-17' })
  await sendProof(book, di.id, NOW + DAY)
  const answered = await receiveProofAnswer({
    request: new Request(`${SITE}/requests/${di.token}?proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        answer: 'change',
        position: '1',
        round: '1',
        change: 'Pink peonies.',
      }).toString(),
    }),
    token: di.token,
    clientIp: '203.0.113.7',
    db,
    siteUrl: SITE,
    now: NOW + 2 * DAY,
  })
  expect(answered.status).toBe(200)

  const flo = await send(db, {
    name: 'Flo Deposit',
    email: 'flo@example.com',
    due_date: '2026-12-22',
  })
  await quote(db, flo.id, { depositDue: '2026-12-01' })
  await accept(db, flo)

  const gus = await send(db, {
    name: 'Gus Balance',
    email: 'gus@example.com',
    due_date: '2026-12-21',
  })
  await quote(db, gus.id, { balanceDue: '2026-12-02' })
  await accept(db, gus)
  await deposit(db, gus.id)

  // Ed's order was made and handed over; he wrote a review she may show.
  const ed = await send(db, { name: 'Ed Review', email: 'ed@example.com', due_date: '2026-11-28' })
  await quote(db, ed.id)
  await accept(db, ed)
  await waiveDeposit(db, { requestId: ed.id, now: NOW + 2 })
  for (const to of ['ready', 'completed'] as const) await move(db, ed.id, to)
  const link = (await readReviewLink(db, ed.token))!
  const reviewed = await saveReview(db, {
    link,
    review: { rating: 5, words: 'Lovely.', displayName: 'Ed', mayShow: true },
    now: NOW + 5 * DAY,
    siteUrl: SITE,
  })
  expect(reviewed.ok).toBe(true)

  const { messageId } = await submitContactMessage(
    db,
    {
      name: 'Hana Hello',
      email: 'hana@example.com',
      phone_number: '',
      message: 'Do you do gluten free?',
    },
    new Date(NOW + 3 * DAY),
  )
  return { book, db, reference, ada, bo, cy, di, flo, gus, ed, messageId }
}

const idsOf = (list: { items: { id: number }[] }) => list.items.map((item) => item.id)

test('Today lists one of everything that waits on the owner, each list counted as it shows', async () => {
  const { book, db, reference, ada, bo, cy, di, flo, gus, messageId } = await openBusyDay()
  const page = await readTodayPage(db, { now: TODAY_NOW })

  expect(page.cardLooks).toEqual({
    total: 1,
    items: [expect.objectContaining({ reference, amount: '$25', requestId: null })],
  })
  // Di's request is new too: a proof goes out before a quote as well.
  expect(idsOf(page.waiting)).toEqual([ada.id, di.id])
  expect(page.waiting.total).toBe(2)
  expect(page.asks).toEqual({
    total: 2,
    items: [
      expect.objectContaining({
        id: bo.id,
        kind: 'change',
        newDate: '2026-12-20',
        owedBackCents: 0,
        askedOn: '2026-11-24',
      }),
      // The whole $50 deposit comes back, by hand: nothing was paid by card.
      expect.objectContaining({
        id: cy.id,
        kind: 'cancel',
        owedBackCents: 5_000,
        askedOn: '2026-11-25',
      }),
    ],
  })
  expect(page.proofChanges).toEqual({
    total: 1,
    items: [expect.objectContaining({ id: di.id, round: 1, answeredOn: '2026-11-25' })],
  })
  expect(idsOf(page.awaitingAnswer)).toEqual([book.id, bo.id])
  expect(page.deposits).toMatchObject({ total: 1, overdue: 1 })
  expect(page.deposits.items).toEqual([
    expect.objectContaining({ id: flo.id, owedCents: 5_000, overdue: true }),
  ])
  expect(page.balances).toMatchObject({ total: 1, overdue: 1 })
  expect(page.balances.items).toEqual([
    expect.objectContaining({ id: gus.id, owedCents: 7_000, balanceDue: '2026-12-02' }),
  ])
  expect(page.reviews).toEqual({
    total: 1,
    items: [expect.objectContaining({ rating: 5, displayName: 'Ed' })],
  })
  expect(page.messages).toEqual({
    total: 1,
    items: [{ id: messageId, name: 'Hana Hello', receivedOn: '2026-11-26' }],
  })
})

test('each leaves Today once the owner has acted on it', async () => {
  const day = await openBusyDay()
  const { book, db, bo, cy, di, messageId } = day
  const before = await readTodayPage(db, { now: TODAY_NOW })

  expect(
    await markCardPaymentLooked(db, { eventId: before.cardLooks.items[0]!.eventId, now: 1 }),
  ).toBe(true)
  const declined = await ownerPost(db, bo.id, {
    intent: 'decline_change',
    change: String(before.asks.items[0]!.askId),
    change_note: 'That Sunday is full, sorry.',
  })
  expect(declined.status).toBe(200)
  await db.transaction().execute((trx) =>
    recordRefundIn(trx, {
      requestId: cy.id,
      amountCents: 5_000,
      refundedOn: '2026-12-03',
      method: 'e-Transfer',
      reason: '',
      now: TODAY_NOW.getTime(),
    }),
  )
  await sendProof(book, di.id, TODAY_NOW.getTime())
  await setReviewShown(db, { reviewId: before.reviews.items[0]!.id, shown: false, now: 1 })
  await setContactMessageHandled(db, { id: messageId, handled: true, now: TODAY_NOW })

  const after = await readTodayPage(db, { now: TODAY_NOW })
  for (const list of [
    after.cardLooks,
    after.asks,
    after.proofChanges,
    after.reviews,
    after.messages,
  ]) {
    expect(list).toEqual({ items: [], total: 0 })
  }
})

test('a long list shows its first ten and counts them all; a list only Today holds opens whole', async () => {
  const book = await openCardBook()
  const { db } = book
  const count = TODAY_LIST_LIMIT + 2
  const references: string[] = []
  for (let index = 1; index <= count; index++) {
    references.push(await strangerPaid(book, index))
    await submitContactMessage(
      db,
      { name: `Writer ${index}`, email: `w${index}@example.com`, phone_number: '', message: 'Hi' },
      new Date(NOW + index * MINUTE),
    )
  }
  const page = await readTodayPage(db, { now: TODAY_NOW })
  expect(page.cardLooks.total).toBe(count)
  expect(page.cardLooks.items).toHaveLength(TODAY_LIST_LIMIT)
  expect(page.messages.total).toBe(count)
  // Oldest first: the ones waiting longest.
  expect(page.messages.items.map((message) => message.name)).toEqual(
    Array.from({ length: TODAY_LIST_LIMIT }, (_, index) => `Writer ${index + 1}`),
  )
  expect(page.full).toBeNull()

  const whole = await readTodayPage(db, { now: TODAY_NOW, full: 'cards' })
  expect(whole.full).toBe('cards')
  expect(whole.cardLooks.total).toBe(count)
  expect(whole.cardLooks.items.map((item) => item.reference).sort()).toEqual(references.sort())
  expect(count).toBeLessThan(TODAY_FULL_LIMIT)
  // The other lists stay a glance.
  expect(whole.messages.items).toHaveLength(TODAY_LIST_LIMIT)
})

test("a party's deposit waits once, on its lead", async () => {
  const book = await openCardBook({
    party: [{ ...birthdayCakeOrder, product_type: 'Cupcakes', due_date: '2026-12-13' }],
  })
  await accept(book.db, { id: book.id, token: book.token })
  const page = await readTodayPage(book.db, { now: TODAY_NOW })
  // The card book's quote: a $50 deposit due December 1, so overdue.
  expect(page.deposits).toMatchObject({ total: 1, overdue: 1 })
  expect(page.deposits.items).toEqual([
    expect.objectContaining({ id: book.id, owedCents: 5_000, overdue: true }),
  ])
})
