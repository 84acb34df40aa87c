import { expect, test } from 'vitest'
import {
  type CardBook,
  WEBHOOK_NOW,
  accept,
  openCardBook,
  openSession,
  webhookPost,
} from '#tests/support/card-book.ts'
import { receiveStripeWebhook } from './stripe-webhook.server.ts'

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
