/**
 * The owner's phone hears of a customer's answer to a proof (the change she
 * asks for in her words, then her approval, once each) and of her new review
 * (her stars, never her words; her later edits alert nobody).
 */
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { receiveProofAnswer } from '#app/features/proof-steps/proof-answers.server.ts'
import { receiveProofSend } from '#app/features/proof-steps/proof-steps.server.ts'
import { receiveReviewPost } from '#app/features/reviews/review-action.server.ts'
import { readReviewLink } from '#app/features/scheduled-work/review-links.server.ts'
import { HOUR, SITE, nextIp } from '#tests/support/card-book.ts'
import { addPhone, deliver, lines, listen } from '#tests/support/customer-alerts.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { listDevices, setDeviceKinds } from './subscriptions.server.ts'

const MINUTE = 60_000

/** A quoted request for Priya, a phone, and a media store for the proofs. */
async function openProofBook() {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const requestId = await sendRequest(db)
  await moveTo(db, requestId, 'quoted')
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return { db, requestId, token: token!, store: createLocalMediaStore(dataDir) }
}

async function sendProof(book: Awaited<ReturnType<typeof openProofBook>>, now: number) {
  const form = new FormData()
  form.set('note', 'Two tiers, peonies on top.')
  const jpeg = await photoJpeg({ width: 600, height: 400 })
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'proof.jpg')
  const sent = await receiveProofSend({
    request: new Request(`${SITE}/admin/orders/${book.requestId}?proof`, {
      method: 'POST',
      body: form,
    }),
    db: book.db,
    store: book.store,
    requestId: book.requestId,
    siteUrl: SITE,
    now,
  })
  expect(sent.status).toBe(200)
}

function answerProof(
  book: Awaited<ReturnType<typeof openProofBook>>,
  fields: Record<string, string>,
  now: number,
) {
  return receiveProofAnswer({
    request: new Request(`${SITE}/requests/${book.token}?proof`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ position: '1', ...fields }),
    }),
    token: book.token,
    clientIp: nextIp(),
    db: book.db,
    siteUrl: SITE,
    now,
  })
}

test('her answer to a proof reaches the phone: the change she asks for in her words, then her approval, once each', async () => {
  const book = await openProofBook()
  const push = await listen()
  const phone = await addPhone(book.db, push, 'nadia')
  await sendProof(book, BOOK_NOW)
  const change = await answerProof(
    book,
    { answer: 'change', round: '1', change: 'Pink peonies, please.' },
    BOOK_NOW + MINUTE,
  )
  expect(change.status).toBe(200)
  await sendProof(book, BOOK_NOW + 2 * MINUTE)
  const approve = await answerProof(book, { answer: 'approve', round: '2' }, BOOK_NOW + 3 * MINUTE)
  expect(approve.status).toBe(200)
  // Answered already (another tab): refused, and no second alert.
  const twice = await answerProof(book, { answer: 'approve', round: '2' }, BOOK_NOW + 4 * MINUTE)
  expect(twice.status).toBe(409)

  const words = (await deliver(book.db, push, phone, 'nadia')).filter(
    (word) => word.title !== 'New request',
  )
  expect(lines(words)).toEqual([
    'Proof change asked: Cakes for Priya, Sat, Dec 12, proof 1: “Pink peonies, please.”',
    'Proof approved: Cakes for Priya, Sat, Dec 12, proof 2',
  ])
  expect(words.map((word) => word.url)).toEqual([
    `/admin/orders/${book.requestId}`,
    `/admin/orders/${book.requestId}`,
  ])
})

async function completed(db: Db) {
  const requestId = await sendRequest(db)
  for (const to of ['quoted', 'confirmed', 'ready', 'completed'] as const) {
    const moved = await db
      .transaction()
      .execute((trx) => moveRequest(trx, { requestId, to, actor: 'owner', now: BOOK_NOW }))
    if (!moved.ok) throw new Error(moved.error)
  }
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return token!
}

function postReview(db: Db, token: string, fields: Record<string, string>, now: number) {
  return readReviewLink(db, token).then((link) =>
    receiveReviewPost({
      request: new Request(`${SITE}/requests/${token}?review`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
      clientIp: nextIp(),
      db,
      link,
      now,
      siteUrl: SITE,
    }),
  )
}

test('a new review reaches the phone with her stars, never her words, and opens the reviews page; her later edits alert nobody', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const push = await listen()
  const phone = await addPhone(db, push, 'nadia')
  await setDeviceKinds(db, (await listDevices(db))[0]!.id, ['review'])
  const token = await completed(db)
  const review = {
    rating: '4',
    words: 'Lovely cake, my secret recipe-loving aunt asked for seconds.',
    display_name: 'Priya S.',
    may_show: 'on',
  }
  expect(await postReview(db, token, review, BOOK_NOW + HOUR)).toMatchObject({ status: 200 })
  expect(
    await postReview(db, token, { ...review, rating: '5' }, BOOK_NOW + 2 * HOUR),
  ).toMatchObject({ status: 200, body: { created: false } })

  const words = await deliver(db, push, phone, 'nadia')
  expect(words).toEqual([
    {
      title: 'New review',
      body: '★★★★☆ 4 stars — Cakes from Priya, Sat, Dec 12',
      url: '/admin/reviews',
      tag: expect.stringMatching(/^review:\d+$/),
    },
  ])
  expect(JSON.stringify(words)).not.toContain('secret')
  // A review can wait for a phone that is saving its battery.
  expect(push.received[0]!.headers.urgency).toBe('normal')
})
