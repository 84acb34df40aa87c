import type { Kysely } from 'kysely'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { migrations } from '#app/db/migrations.server.ts'
import { eraseCustomer } from '#app/features/erasure/erase-customer.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { waiveDeposit } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import {
  queueReviewRequestsDue,
  readReviewLink,
} from '#app/features/scheduled-work/review-links.server.ts'
import {
  makeTestDatabaseUrl,
  openTestConnection,
  openTestDatabase,
  openTwoInstances,
  migrateWith,
} from '#tests/support/database.ts'
import { openBakery, sendRequest } from '#tests/support/order-book.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { receiveOwnerReviewAction, receiveReviewPost } from './review-action.server.ts'
import { REVIEW_WORDS_MAX } from './review-schema.ts'
import {
  ALREADY_SHOWN,
  NOT_YET_COMPLETED,
  NO_PERMISSION,
  readReviewOf,
  readReviewsToApprove,
  readShownReviews,
  saveReview,
  setReviewShown,
} from './reviews.server.ts'

const SITE_URL = 'https://butterandbloom.example'
// Her cake's day: Saturday, December 12, 2026, completed at 3 pm in Toronto (UTC−5).
const COMPLETED_AT = Date.parse('2026-12-12T20:00:00Z')
const SAME_EVENING = new Date('2026-12-13T03:30:00Z') // 10:30 pm on the 12th
const NEXT_DAY_EARLY = new Date('2026-12-13T13:59:00Z') // 8:59 am on the 13th
const NEXT_DAY_NINE = new Date('2026-12-13T14:00:00Z') // 9:00 am on the 13th

/** Quoted, deposit waived, confirmed, ready: where a request stands the day before. */
async function makeReady(db: Db, requestId: number) {
  const at = Date.parse('2026-11-24T12:00:00Z')
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId,
      quote: {
        priceCents: 9_000,
        depositCents: 3_000,
        depositDue: null,
        paymentInstructions: '',
        message: '',
      },
      now: at,
    }),
  )
  await waiveDeposit(db, { requestId, now: at })
  await db
    .updateTable('request_quote')
    .set({ accepted_at: at })
    .where('request_id', '=', requestId)
    .execute()
  for (const to of ['confirmed', 'ready'] as const) {
    const moved = await db
      .transaction()
      .execute((trx) => moveRequest(trx, { requestId, to, actor: 'owner', now: at }))
    if (!moved.ok) throw new Error(moved.error)
  }
}

async function complete(db: Db, requestId: number, now = COMPLETED_AT) {
  const moved = await db
    .transaction()
    .execute((trx) => moveRequest(trx, { requestId, to: 'completed', actor: 'owner', now }))
  if (!moved.ok) throw new Error(moved.error)
}

async function tokenOf(db: Db, requestId: number): Promise<string> {
  const row = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return row.customer_token!
}

async function emails(db: Db, topic: 'review_request' | 'review_received') {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key', 'subject_id'])
    .where('topic', '=', topic)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    ...(JSON.parse(row.payload) as { subject: string; text: string; to?: { address: string } }),
    dedupeKey: row.dedupe_key,
    subjectId: Number(row.subject_id),
  }))
}

function reviewPost(token: string, fields: Record<string, string>): Request {
  return new Request(`${SITE_URL}/requests/${token}?review`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

function ownerPost(fields: Record<string, string>): Request {
  return new Request(`${SITE_URL}/admin/reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
}

async function postReview(db: Db, token: string, fields: Record<string, string>, now: number) {
  return receiveReviewPost({
    request: reviewPost(token, fields),
    clientIp: '203.0.113.9',
    db,
    link: await readReviewLink(db, token),
    now,
    siteUrl: SITE_URL,
  })
}

async function pageVersion(db: Db): Promise<string> {
  const row = await db.selectFrom('page_version').select('token').executeTakeFirstOrThrow()
  return row.token
}

test('the invitation to review goes once, the day after completion from nine, across restarts and two instances', async () => {
  const [one, two] = await openTwoInstances()
  await openBakery(one)
  const id = await sendRequest(one)
  const token = await tokenOf(one, id)
  await makeReady(one, id)
  // Not completed yet: nothing, whatever the hour.
  expect(await queueReviewRequestsDue(one, { now: NEXT_DAY_NINE, siteUrl: SITE_URL })).toBe(0)

  await complete(one, id)
  // The same evening, and the next morning before nine: not yet.
  expect(await queueReviewRequestsDue(one, { now: SAME_EVENING, siteUrl: SITE_URL })).toBe(0)
  expect(await queueReviewRequestsDue(one, { now: NEXT_DAY_EARLY, siteUrl: SITE_URL })).toBe(0)
  expect(await emails(one, 'review_request')).toEqual([])

  // Two instances at nine, at once, then a restart running it again.
  const [a, b] = await Promise.all([
    queueReviewRequestsDue(one, { now: NEXT_DAY_NINE, siteUrl: SITE_URL }),
    queueReviewRequestsDue(two, { now: NEXT_DAY_NINE, siteUrl: SITE_URL }),
  ])
  expect(a + b).toBe(1)
  const later = new Date(NEXT_DAY_NINE.getTime() + 3 * 60 * 60_000)
  expect(await queueReviewRequestsDue(two, { now: later, siteUrl: SITE_URL })).toBe(0)

  const sent = await emails(one, 'review_request')
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({
    to: { address: 'priya@example.com' },
    dedupeKey: `review-request:${id}`,
    subjectId: id,
  })
  expect(sent[0]!.subject).toContain('How was your order?')
  expect(sent[0]!.text).toContain('Hi Priya,')
  expect(sent[0]!.text).toContain(`${SITE_URL}/requests/${token}#review`)
})

test('no invitation for a link she has already reviewed, nor for an erased customer, nor long after', async () => {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const reviewed = await sendRequest(db)
  const erased = await sendRequest(db, { name: 'Sam Okafor', email: 'sam@example.com' })
  const old = await sendRequest(db, { name: 'Jo Park', email: 'jo@example.com' })
  for (const id of [reviewed, erased, old]) await makeReady(db, id)
  await complete(db, reviewed)
  await complete(db, erased)
  await complete(db, old, Date.parse('2026-11-28T20:00:00Z'))

  const posted = await postReview(
    db,
    await tokenOf(db, reviewed),
    { rating: '5', words: 'Perfect.', display_name: 'Priya', may_show: 'on' },
    COMPLETED_AT + 60_000,
  )
  expect(posted.status).toBe(200)
  await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'sam@example.com' },
  )

  // Jo's was completed early, more than a fortnight before: she is not asked either.
  expect(await queueReviewRequestsDue(db, { now: NEXT_DAY_NINE, siteUrl: SITE_URL })).toBe(0)
  expect(await emails(db, 'review_request')).toEqual([])
})

test('her review is checked by the one schema, waits for completion, and is hers to change until it is shown', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db)
  const token = await tokenOf(db, id)
  await makeReady(db, id)
  const good = { rating: '4', words: 'Lovely cake.', display_name: 'Priya S.', may_show: 'on' }

  // Before completion: refused, nothing stored.
  expect(await postReview(db, token, good, COMPLETED_AT)).toMatchObject({
    status: 409,
    body: { review: true, ok: false, error: NOT_YET_COMPLETED },
  })
  await complete(db, id)

  const bad = await postReview(
    db,
    token,
    { rating: '6', words: 'x'.repeat(REVIEW_WORDS_MAX + 1), display_name: ' ' },
    COMPLETED_AT,
  )
  expect(bad.status).toBe(400)
  expect(bad.body).toMatchObject({
    ok: false,
    fieldErrors: {
      rating: 'Choose from one to five stars.',
      words: `Your review must be at most ${REVIEW_WORDS_MAX} characters.`,
      display_name: 'The name to show is required.',
    },
  })
  expect(await readReviewOf(db, id)).toBeUndefined()

  expect(await postReview(db, token, good, COMPLETED_AT + 1)).toMatchObject({
    status: 200,
    body: { ok: true, created: true },
  })
  // She changes her mind about the stars; the owner still hears once.
  expect(await postReview(db, token, { ...good, rating: '5' }, COMPLETED_AT + 2)).toMatchObject({
    status: 200,
    body: { ok: true, created: false },
  })
  const stored = await readReviewOf(db, id)
  expect(stored).toMatchObject({ rating: 5, words: 'Lovely cake.', displayName: 'Priya S.' })
  const owner = await emails(db, 'review_received')
  expect(owner).toHaveLength(1)
  expect(owner[0]!.subject).toBe('New review: 4 out of 5 stars from Priya Sharma')
  expect(owner[0]!.text).toContain('Lovely cake.')

  // Shown: hers no longer to change.
  expect(
    await setReviewShown(db, { reviewId: stored!.id, shown: true, now: COMPLETED_AT }),
  ).toEqual({ ok: true })
  expect(await postReview(db, token, { ...good, rating: '1' }, COMPLETED_AT + 3)).toMatchObject({
    status: 409,
    body: { ok: false, error: ALREADY_SHOWN },
  })
  expect((await readReviewOf(db, id))!.rating).toBe(5)
})

test('showing needs her permission, only shown reviews count, and the page version follows Show and Hide', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const ids = [
    await sendRequest(db),
    await sendRequest(db, { name: 'Sam Okafor', email: 'sam@example.com' }),
    await sendRequest(db, { name: 'Jo Park', email: 'jo@example.com' }),
  ]
  const reviews = [
    { rating: 5, words: 'Wonderful.', displayName: 'Priya', mayShow: true },
    { rating: 4, words: 'Very good.', displayName: 'Sam', mayShow: true },
    { rating: 1, words: 'Not for me.', displayName: 'Jo', mayShow: false },
  ]
  for (const [index, id] of ids.entries()) {
    await makeReady(db, id)
    await complete(db, id)
    const link = (await readReviewLink(db, await tokenOf(db, id)))!
    await saveReview(db, { link, review: reviews[index]!, now: COMPLETED_AT, siteUrl: SITE_URL })
  }
  const [priya, sam, jo] = await Promise.all(ids.map((id) => readReviewOf(db, id)))
  expect(await readShownReviews(db)).toEqual({ reviews: [], aggregate: null })

  // Jo did not allow it: Show is refused, by the owner's form as by the function.
  const before = await pageVersion(db)
  expect(
    await receiveOwnerReviewAction({
      request: ownerPost({ intent: 'show', review: String(jo!.id) }),
      db,
      now: COMPLETED_AT,
    }),
  ).toMatchObject({ status: 409, body: { ok: false, error: NO_PERMISSION } })
  expect(await pageVersion(db)).toBe(before)

  for (const review of [priya, sam]) {
    const shown = await receiveOwnerReviewAction({
      request: ownerPost({ intent: 'show', review: String(review!.id) }),
      db,
      now: COMPLETED_AT,
    })
    expect(shown).toMatchObject({ status: 200, body: { ok: true, shown: true } })
  }
  const afterShow = await pageVersion(db)
  expect(afterShow).not.toBe(before)
  const shown = await readShownReviews(db)
  expect(shown.aggregate).toEqual({ count: 2, average: 4.5 })
  expect(shown.reviews.map((review) => review.displayName).sort()).toEqual(['Priya', 'Sam'])

  await receiveOwnerReviewAction({
    request: ownerPost({ intent: 'hide', review: String(sam!.id) }),
    db,
    now: COMPLETED_AT,
  })
  expect(await pageVersion(db)).not.toBe(afterShow)
  expect((await readShownReviews(db)).aggregate).toEqual({ count: 1, average: 5 })

  expect(
    await receiveOwnerReviewAction({ request: ownerPost({ intent: 'show', review: 'x' }), db }),
  ).toMatchObject({ status: 400 })
})

test('erasing a customer removes her review from the book, the pages and the rating', async () => {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const priya = await sendRequest(db)
  const sam = await sendRequest(db, { name: 'Sam Okafor', email: 'sam@example.com' })
  for (const id of [priya, sam]) {
    await makeReady(db, id)
    await complete(db, id)
    const link = (await readReviewLink(db, await tokenOf(db, id)))!
    await saveReview(db, {
      link,
      review: {
        rating: id === priya ? 5 : 3,
        words: 'Kind words.',
        displayName: link.name,
        mayShow: true,
      },
      now: COMPLETED_AT,
      siteUrl: SITE_URL,
    })
    await setReviewShown(db, {
      reviewId: (await readReviewOf(db, id))!.id,
      shown: true,
      now: COMPLETED_AT,
    })
  }
  expect((await readShownReviews(db)).aggregate).toEqual({ count: 2, average: 4 })
  const before = await pageVersion(db)

  await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'PRIYA@example.com' },
  )

  expect(await readReviewOf(db, priya)).toBeUndefined()
  expect(await pageVersion(db)).not.toBe(before)
  const shown = await readShownReviews(db)
  expect(shown.aggregate).toEqual({ count: 1, average: 3 })
  expect(shown.reviews.map((review) => review.displayName)).toEqual(['Sam Okafor'])
  // The owner's email of her review named her: gone with her.
  const left = await emails(db, 'review_received')
  expect(left.map((email) => email.text).join('\n')).not.toContain('Priya')
  expect(left).toHaveLength(1)
})

test('a review she may show waits for the owner until she shows it or keeps it off; new words wait again', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const people = [
    { name: 'Priya Sharma', email: 'priya@example.com', show: true },
    { name: 'Sam Okafor', email: 'sam@example.com', show: true },
    { name: 'Jo Park', email: 'jo@example.com', show: false },
    { name: 'Lee Chan', email: 'lee@example.com', show: true },
  ]
  const reviewIds: number[] = []
  const tokens: string[] = []
  for (const [index, person] of people.entries()) {
    const id = await sendRequest(db, { name: person.name, email: person.email })
    tokens.push(await tokenOf(db, id))
    await makeReady(db, id)
    await complete(db, id)
    const posted = await postReview(
      db,
      tokens[index]!,
      {
        rating: String(5 - index),
        words: 'Thank you.',
        display_name: person.name.split(' ')[0]!,
        ...(person.show ? { may_show: 'on' } : {}),
      },
      COMPLETED_AT + index,
    )
    expect(posted.status).toBe(200)
    reviewIds.push((await readReviewOf(db, id))!.id)
  }
  const [priya, sam] = reviewIds as [number, number, number, number]
  const waiting = async (limit = 10) => {
    const { items, total } = await readReviewsToApprove(db, { limit })
    return { names: items.map((item) => item.displayName), total }
  }
  // Jo kept hers private: nothing for the owner to approve. Oldest first.
  expect(await waiting()).toEqual({ names: ['Priya', 'Sam', 'Lee'], total: 3 })
  expect(await waiting(2)).toEqual({ names: ['Priya', 'Sam'], total: 3 })
  expect((await readReviewsToApprove(db, { limit: 1 })).items[0]).toMatchObject({
    id: priya,
    rating: 5,
    writtenOn: 'Dec 12, 2026',
  })

  // Shown, or kept off the site from her list: decided either way.
  await receiveOwnerReviewAction({
    request: ownerPost({ intent: 'show', review: String(priya) }),
    db,
    now: COMPLETED_AT + 10,
  })
  await receiveOwnerReviewAction({
    request: ownerPost({ intent: 'hide', review: String(sam) }),
    db,
    now: COMPLETED_AT + 10,
  })
  expect(await waiting()).toEqual({ names: ['Lee'], total: 1 })
  // Hiding a shown one later does not make it wait again.
  await setReviewShown(db, { reviewId: priya, shown: false, now: COMPLETED_AT + 11 })
  expect(await waiting()).toEqual({ names: ['Lee'], total: 1 })

  // Sam changes his words: the owner has not read these, so they wait for her.
  await postReview(
    db,
    tokens[1]!,
    { rating: '2', words: 'On second thought…', display_name: 'Sam', may_show: 'on' },
    COMPLETED_AT + 12,
  )
  expect(await waiting()).toEqual({ names: ['Sam', 'Lee'], total: 2 })
})

test('reviews written before the owner could keep one off: a shown one is decided, an unshown one waits once', async () => {
  const dataDir = await makeTempDir()
  const db = openTestConnection({ dataDir, url: await makeTestDatabaseUrl() })
  // Every migration but the one that adds the column, so today's code can send
  // the requests the reviews are of; then that one alone, as an upgrade runs it.
  const before = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => name !== '040-waiting-on-the-owner'),
  )
  const migrated = await migrateWith(db, before)
  expect(migrated.error).toBeUndefined()
  await openBakery(db)
  const shownOn = await sendRequest(db)
  const notShown = await sendRequest(db, { name: 'Sam Okafor', email: 'sam@example.com' })
  const written = { rating: 5, words: 'Lovely.', may_show: 1, created_at: 1, updated_at: 1 }
  // Written as the site did then, before the column it adds.
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto('review')
    .values([
      { ...written, request_id: shownOn, display_name: 'Priya', shown: 1, shown_at: 2 },
      { ...written, request_id: notShown, display_name: 'Sam', shown: 0, shown_at: null },
    ])
    .execute()
  const upgraded = await migrateWith(db, migrations, { allowUnorderedMigrations: true })
  expect(upgraded.error).toBeUndefined()
  const waiting = await readReviewsToApprove(db, { limit: 10 })
  expect(waiting.items.map((review) => review.displayName)).toEqual(['Sam'])
  expect(waiting.total).toBe(1)
})
