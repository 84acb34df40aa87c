import { expect, test } from 'vitest'
import {
  type CardBook,
  WEBHOOK_NOW,
  accept,
  openCardBook,
  openSession,
  webhookPost,
} from '#tests/support/card-book.ts'
import { cardPaymentsToLook, receiveStripeWebhook } from './stripe-webhook.server.ts'

const MINUTE = 60_000

/** A body posted to the webhook with the given signature, at the webhook's clock. */
function post(book: CardBook, payload: string, signature: string) {
  return receiveStripeWebhook({
    request: webhookPost(payload, signature),
    db: book.db,
    env: book.env,
    now: WEBHOOK_NOW,
  })
}

async function storedEvents(book: CardBook) {
  return book.db.selectFrom('stripe_event').select(['id', 'outcome']).orderBy('id').execute()
}

test('a correctly signed event dated more than five minutes ahead of the site’s clock is refused like one five minutes old', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  const session = await openSession(book)
  session.payment_status = 'paid'
  const event = book.fake.event(session)

  const ahead = await post(
    book,
    event.payload,
    book.fake.sign(event.payload, { at: WEBHOOK_NOW + 10 * MINUTE }),
  )
  expect(ahead).toMatchObject({ status: 400, body: { error: 'bad signature' } })
  const behind = await post(
    book,
    event.payload,
    book.fake.sign(event.payload, { at: WEBHOOK_NOW - 10 * MINUTE }),
  )
  expect(behind).toMatchObject({ status: 400, body: { error: 'bad signature' } })
  expect(await storedEvents(book)).toEqual([])

  // A clock a few minutes apart from Stripe's, either way, is within Stripe's tolerance.
  const soon = await post(
    book,
    event.payload,
    book.fake.sign(event.payload, { at: WEBHOOK_NOW + 4 * MINUTE }),
  )
  expect(soon).toMatchObject({ status: 200, body: { received: true, outcome: 'paid' } })
  const late = book.fake.event(session, { type: 'checkout.session.async_payment_succeeded' })
  expect(
    await post(book, late.payload, book.fake.sign(late.payload, { at: WEBHOOK_NOW - 4 * MINUTE })),
  ).toMatchObject({ status: 200 })
  expect(await storedEvents(book)).toEqual([
    { id: event.id, outcome: 'paid' },
    { id: late.id, outcome: 'ignored' },
  ])
})

/** What the webhook has written: each event's row (by id), the emails queued, the payments. */
async function storedRows(book: CardBook) {
  const events = await book.db
    .selectFrom('stripe_event')
    .select(['id', 'type', 'outcome', 'note'])
    .execute()
  const emails = await book.db.selectFrom('outbox').select('dedupe_key').execute()
  return {
    events: Object.fromEntries(events.map(({ id, ...row }) => [id, row])),
    emails: emails.map((row) => row.dedupe_key).sort(),
    payments: await book.db.selectFrom('payment').select('id').execute(),
  }
}

test('a signed event the site cannot read is never a 500: without an id it is refused, with one it is kept for the owner and answered so Stripe stops', async () => {
  const book = await openCardBook()
  await accept(book.db, book.token)
  const session = await openSession(book)
  const signedPost = (payload: string) => post(book, payload, book.fake.sign(payload))
  const paid = { ...session, payment_status: 'paid', status: 'complete' }

  // Nothing to record it by: 400, nothing written, whatever Stripe's retries bring.
  const unusable = [
    'this is not JSON',
    '[1,2,3]',
    'null',
    '"evt_test_string"',
    JSON.stringify({ type: 'checkout.session.completed', data: { object: paid } }),
    JSON.stringify({ id: 42, type: 'checkout.session.completed', data: { object: paid } }),
    JSON.stringify({ id: '', type: 'checkout.session.completed', data: { object: paid } }),
    JSON.stringify({ id: 'evt_\u0000', type: 'checkout.session.completed' }),
    JSON.stringify({ id: `evt_${'x'.repeat(300)}`, type: 'checkout.session.completed' }),
  ]
  for (const payload of unusable) {
    const answer = await signedPost(payload)
    expect(answer, payload).toMatchObject({ status: 400, body: { error: expect.any(String) } })
    expect((answer.body as { error: string }).error).not.toBe('bad signature')
  }
  const before = await storedRows(book)
  expect(before).toMatchObject({ events: {}, payments: [] })

  // With an id, it is recorded once and answered 200, so Stripe stops sending it; what
  // the site cannot place is kept for the owner, by the id she finds it under in Stripe.
  const kept = {
    evt_test_no_data: { type: 'checkout.session.completed' },
    evt_test_null_object: { type: 'checkout.session.completed', data: { object: null } },
    evt_test_list_object: { type: 'refund.created', data: { object: [1, 2, 3] } },
    evt_test_no_type: { data: { object: paid } },
    evt_test_number_type: { type: 5, data: { object: paid } },
    // Fields in shapes no session has: an id that is not text, a fraction of a cent…
    evt_test_odd_session: {
      type: 'checkout.session.completed',
      data: { object: { ...paid, id: { nested: true }, amount_total: 12.5 } },
    },
    // …more cents than the book can hold, a reference that is an object.
    evt_test_odd_fields: {
      type: 'checkout.session.completed',
      data: {
        object: {
          ...paid,
          id: 'cs_test_elsewhere',
          amount_total: 5_000_000_000_000,
          currency: ['cad'],
          metadata: { payment_reference: { looks: 'odd' } },
          payment_intent: { id: 7 },
        },
      },
    },
    evt_test_odd_refunds: {
      type: 'charge.refunded',
      data: { object: { id: 'ch_test_x', refunds: { data: [null, 'ref', { amount: -5 }] } } },
    },
  }
  // A charge without a list of refunds is weighed as one (for no payment here: nothing to
  // do), and a type the site does not act on needs no object at all.
  const ignored = {
    evt_test_odd_refund_list: {
      type: 'charge.refunded',
      data: { object: { id: 'ch_test_y', amount_refunded: 2_500, refunds: { data: {} } } },
    },
    evt_test_other: { type: 'customer.created' },
  }
  const payloads = Object.entries({ ...kept, ...ignored }).map(([id, event]) =>
    JSON.stringify({ id, ...event }),
  )
  for (const payload of payloads) {
    expect(await signedPost(payload), payload).toMatchObject({ status: 200 })
  }
  const after = await storedRows(book)
  expect(after.payments).toEqual([])
  expect(after.events).toEqual({
    ...Object.fromEntries(
      Object.keys(kept).map((id) => [
        id,
        {
          type: expect.any(String),
          outcome: 'needs_look',
          note: expect.stringMatching(/Stripe/),
        },
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(ignored).map(([id, event]) => [
        id,
        { type: event.type, outcome: 'ignored', note: expect.any(String) },
      ]),
    ),
  })
  expect(after.events.evt_test_no_type).toEqual({
    type: '',
    outcome: 'needs_look',
    note: expect.stringContaining('(evt_test_no_type)'),
  })
  // The owner sees each on Today and is emailed about each, once.
  const toLook = await cardPaymentsToLook(book.db, 50)
  expect(toLook.map((item) => item.eventId).sort()).toEqual(Object.keys(kept).sort())
  expect(after.emails).toEqual(
    [...before.emails, ...Object.keys(kept).map((id) => `card-needs-look:${id}`)].sort(),
  )

  // Stripe's retries of each change nothing.
  for (const payload of payloads) {
    expect(await signedPost(payload)).toMatchObject({
      status: 200,
      body: { received: true, outcome: 'replay' },
    })
  }
  for (const payload of unusable) expect((await signedPost(payload)).status).toBe(400)
  expect(await storedRows(book)).toEqual(after)
})
