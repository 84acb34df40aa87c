/**
 * What the owner's order page asks before it acts, and only confirm=yes
 * sends: a decline or a cancel, naming who will be emailed; an order marked
 * ready days early or completed with money owed; a quote whose deposit falls
 * due after it expires.
 */
import { expect, test } from 'vitest'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { versionOf } from '#tests/support/order-book.ts'
import {
  NOW,
  openBook,
  post,
  postForm,
  quoteForm,
  snapshot,
  updates,
} from '#tests/support/order-page.ts'
import { readOrderDetail } from './order-detail.server.ts'

test('decline and cancel ask first, naming who will be emailed; only confirm=yes sends', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const version = await versionOf(db, id)
  const decline = await postForm(db, id, { intent: 'decline', reason: 'Fully booked.', version })
  expect(decline).toEqual({
    status: 200,
    body: {
      ok: false,
      intent: 'decline',
      error:
        'Decline Priya’s request? Priya Sharma (priya@example.com) will be emailed your reason.',
      ask: {
        question:
          'Decline Priya’s request? Priya Sharma (priya@example.com) will be emailed your reason.',
        yes: 'Yes, decline and email Priya',
        fields: { reason: 'Fully booked.' },
      },
    },
  })
  const cancel = await postForm(db, id, { intent: 'cancel', note: '', version })
  expect(cancel.body).toMatchObject({
    ask: {
      question:
        'Cancel Priya’s request? Priya Sharma (priya@example.com) will be emailed that it is cancelled.',
    },
  })
  // Asking wrote nothing, not even a new version: the question's own form still posts.
  expect(await snapshot(db, id)).toEqual(before)
  const confirmed = await postForm(db, id, {
    intent: 'decline',
    reason: 'Fully booked.',
    version,
    confirm: 'yes',
  })
  expect(confirmed).toMatchObject({ status: 200, body: { ok: true, intent: 'decline' } })
  expect(await updates(db, id)).toHaveLength(1)
})

test('marking ready days early, or completed with money owed, asks first', async () => {
  const { db, id, token } = await openBook()
  await post(db, id, { ...quoteForm, deposit_due: '' })
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  await post(db, id, { intent: 'payment', amount: '60', received_on: '2026-11-24', method: 'Cash' })
  const ask = async (intent: string, now: number) =>
    postForm(db, id, { intent, version: await versionOf(db, id) }, now)

  // Due Saturday, December 12. On Wednesday the 9th it is three days early.
  const early = await ask('ready', Date.parse('2026-12-09T15:00:00Z'))
  expect(early.body).toMatchObject({
    ok: false,
    ask: {
      question:
        'Mark it ready 3 days before its date, Saturday, December 12, 2026? Priya Sharma (priya@example.com) will be emailed that it is ready.',
    },
  })
  expect((await readOrderDetail(db, id))!.request.status).toBe('confirmed')
  // The day before is the usual bake: no question.
  expect(await ask('ready', Date.parse('2026-12-11T15:00:00Z'))).toMatchObject({
    status: 200,
    body: { ok: true },
  })
  const owed = await ask('complete', Date.parse('2026-12-12T20:00:00Z'))
  expect(owed.body).toMatchObject({
    ask: {
      question: 'Mark it completed with $60 still owed? Record the payment first if it came in.',
    },
  })
  expect((await readOrderDetail(db, id))!.request.status).toBe('ready')
  await post(db, id, { intent: 'payment', amount: '60', received_on: '2026-12-12', method: 'Cash' })
  expect(await ask('complete', Date.parse('2026-12-12T20:00:00Z'))).toMatchObject({
    body: { ok: true, message: 'Marked completed.' },
  })
})

test('a quote whose deposit falls due after the quote expires asks before it is sent', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const version = await versionOf(db, id)
  // Expires in 3 days (Thursday, November 26); the deposit is due December 1.
  const late = await postForm(db, id, { ...quoteForm, version })
  expect(late.body).toMatchObject({
    ok: false,
    intent: 'quote',
    ask: {
      question:
        'The deposit is due Tuesday, December 1, 2026, after the quote expires on Thursday, November 26, 2026. Send it to Priya Sharma (priya@example.com) anyway?',
      yes: 'Yes, send the quote to Priya',
      fields: { price: '120', deposit_due: '2026-12-01', expires_in_days: '3' },
    },
  })
  expect(await snapshot(db, id)).toEqual(before)
  // Due on the day it expires: no question.
  expect(
    await postForm(db, id, { ...quoteForm, deposit_due: '2026-11-26', version }),
  ).toMatchObject({ status: 200, body: { ok: true } })
})
