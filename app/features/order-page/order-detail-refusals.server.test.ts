/**
 * What the owner's order page refuses, writing nothing and emailing no one:
 * a form the page does not send, a move the lifecycle refuses, and a page out
 * of date (opened before another change or the customer's answer, posted
 * without its version, or two tabs quoting at once).
 */
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { refusedMoveMessage } from '#app/features/order-status/order-status.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { versionOf } from '#tests/support/order-book.ts'
import {
  NOW,
  SITE,
  openBook,
  post,
  postForm,
  quoteForm,
  snapshot,
  updates,
} from '#tests/support/order-page.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { receiveOrderAction } from './order-action.server.ts'

test('forms the page does not send are 400, an unknown request 404; nothing written', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const json = await receiveOrderAction({
    request: new Request('http://localhost/admin/orders/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quoteForm),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now: NOW,
  })
  expect(json).toEqual({
    status: 400,
    body: { ok: false, intent: null, error: 'That request could not be understood.' },
  })
  expect((await post(db, id, { intent: 'bake' })).status).toBe(400)
  expect(await post(db, 999_999, { intent: 'ready' })).toEqual({
    status: 404,
    body: { ok: false, intent: 'ready', error: 'That request is not in the order book.' },
  })
  expect(await snapshot(db, id)).toEqual(before)
})

test('a move the lifecycle refuses is a 409 with its message; nothing written, no email', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  expect(await post(db, id, { intent: 'complete' })).toEqual({
    status: 409,
    body: { ok: false, intent: 'complete', error: refusedMoveMessage('new', 'completed') },
  })
  expect(await post(db, id, { intent: 'ready' })).toMatchObject({ status: 409 })
  expect(
    await post(db, id, {
      intent: 'payment',
      amount: '60',
      received_on: '2026-11-24',
      method: 'Cash',
    }),
  ).toEqual({
    status: 409,
    body: { ok: false, intent: 'payment', error: 'Send a quote before recording a payment.' },
  })
  expect(await snapshot(db, id)).toEqual(before)

  expect((await post(db, id, { intent: 'cancel', note: '' })).status).toBe(200)
  const cancelled = await snapshot(db, id)
  expect(await post(db, id, quoteForm)).toEqual({
    status: 409,
    body: { ok: false, intent: 'quote', error: refusedMoveMessage('cancelled', 'quoted') },
  })
  expect(await snapshot(db, id)).toEqual(cancelled)
})

test('a page opened before another change posts nothing: 409 with the request as it stands', async () => {
  const { db, id } = await openBook()
  // Two tabs open on the new request; tab A quotes first.
  const opened = await versionOf(db, id)
  expect(await postForm(db, id, { ...quoteForm, confirm: 'yes', version: opened })).toMatchObject({
    status: 200,
  })
  const quoted = await snapshot(db, id)
  const tabB = await postForm(db, id, {
    ...quoteForm,
    price: '150',
    confirm: 'yes',
    version: opened,
  })
  expect(tabB).toEqual({
    status: 409,
    body: {
      ok: false,
      intent: 'quote',
      error:
        'This request changed since you opened it. It is now “Quoted”: here it is as it stands.',
      stale: true,
    },
  })
  // One quote, one email: the customer never hears of tab B's.
  expect(await snapshot(db, id)).toEqual(quoted)
  expect((await updates(db, id)).map((email) => email.subject)).toEqual([
    'A quote for your cakes order — Butter & Bloom Bakery',
  ])
})

test('the customer’s answer also dates the owner’s page: its cancel is refused', async () => {
  const { db, id, token } = await openBook()
  await post(db, id, quoteForm)
  const opened = await versionOf(db, id)
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  const before = await snapshot(db, id)
  const cancel = await postForm(db, id, {
    intent: 'cancel',
    note: '',
    confirm: 'yes',
    version: opened,
  })
  expect(cancel.status).toBe(409)
  expect(cancel.body).toMatchObject({
    error:
      'This request changed since you opened it. It is now “Accepted, awaiting the deposit”: here it is as it stands.',
  })
  expect(await snapshot(db, id)).toEqual(before)
})

test('a post without the page’s version is refused, and nothing is written', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  expect(await postForm(db, id, { ...quoteForm, confirm: 'yes' })).toEqual({
    status: 400,
    body: {
      ok: false,
      intent: 'quote',
      error: 'This form is out of date: reload the page and try again.',
    },
  })
  expect(await snapshot(db, id)).toEqual(before)
})

test('two tabs quoting at once from the same page, on two connections: one quote, one email', async () => {
  // On PostgreSQL, two servers on one database; SQLite is one server's file,
  // whose single connection runs one transaction at a time.
  const [first, second = first] =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [(await openTestDatabase()).db]
  await seedMenu(first)
  await setWeekdayCapacity(first, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(first, [birthdayCakeOrder], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const { id } = await first.selectFrom('order_request').select('id').executeTakeFirstOrThrow()
  const opened = await versionOf(first, id)
  const tab = (db: Db, price: string) =>
    postForm(db, id, { ...quoteForm, price, confirm: 'yes', version: opened })
  const answers = await Promise.all([
    tab(first, '120'),
    tab(second, '150'),
    tab(first, '130'),
    tab(second, '140'),
  ])
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409])
  const quotes = await first.selectFrom('request_quote').select('id').execute()
  expect(quotes).toHaveLength(1)
  const events = await first.selectFrom('request_event').select('to_status').execute()
  expect(events.map((event) => event.to_status)).toEqual(['new', 'quoted'])
  expect(await updates(first, id)).toHaveLength(1)
})
