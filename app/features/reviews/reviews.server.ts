import { type Kysely, type Transaction, sql } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { enqueueEmail, queuedDedupeKeys } from '#app/features/mail/outbox.server.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { reviewAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'
import { composeReviewReceived, composeReviewRequest } from './review-emails.ts'
import {
  type ReviewAggregate,
  type ReviewInput,
  type ReviewLink,
  type OwnerReview,
  type ShownReview,
  type StoredReview,
  aggregateOf,
} from './review-schema.ts'

const ownTables = tablesFor('reviews')

type Executor = Kysely<Database> | Transaction<Database>

/** How many shown reviews the public pages list (the aggregate counts them all). */
export const SHOWN_REVIEWS_LISTED = 6
/** How many reviews the owner's list shows, newest first. */
export const OWNER_REVIEWS_LISTED = 200

const COLUMNS = [
  'id',
  'request_id',
  'rating',
  'words',
  'display_name',
  'may_show',
  'shown',
  'created_at',
  'updated_at',
  'decided_at',
] as const

function storedOf(row: {
  id: number
  request_id: number
  rating: number
  words: string
  display_name: string
  may_show: number
  shown: number
  created_at: number
  updated_at: number
  decided_at: number | null
}): StoredReview {
  return {
    id: Number(row.id),
    requestId: Number(row.request_id),
    rating: Number(row.rating),
    words: row.words,
    displayName: row.display_name,
    mayShow: Number(row.may_show) === 1,
    shown: Number(row.shown) === 1,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    decided: row.decided_at !== null,
  }
}

/** Her review of the link whose first request this is, if she wrote one. */
export async function readReviewOf(
  db: Executor,
  requestId: number,
): Promise<StoredReview | undefined> {
  const row = await ownTables(db)
    .selectFrom('review')
    .select(COLUMNS)
    .where('request_id', '=', requestId)
    .executeTakeFirst()
  return row ? storedOf(row) : undefined
}

export type SaveReviewResult =
  { ok: true; created: boolean } | { ok: false; status: 409; error: string }

export const NOT_YET_COMPLETED = 'You can review your order once it is completed.'
export const ALREADY_SHOWN =
  'The bakery shows your review on its site now, so it can no longer be changed here. Reply to any of our emails to change it.'

/**
 * Stores her review, or her changes to it while the owner has not shown it
 * (decision 056). The first one queues the owner's email and her phone's
 * alert, once each, in the same transaction.
 */
export async function saveReview(
  db: Kysely<Database>,
  {
    link,
    review,
    now,
    siteUrl,
  }: { link: ReviewLink; review: ReviewInput; now: number; siteUrl: string },
): Promise<SaveReviewResult> {
  if (!link.completed) return { ok: false, status: 409, error: NOT_YET_COMPLETED }
  const values = {
    rating: review.rating,
    words: review.words,
    display_name: review.displayName,
    may_show: review.mayShow ? 1 : 0,
    updated_at: now,
  }
  return db.transaction().execute(async (trx): Promise<SaveReviewResult> => {
    const existing = await readReviewOf(trx, link.requestId)
    if (existing) {
      if (existing.shown) return { ok: false, status: 409, error: ALREADY_SHOWN }
      // Only while not shown: an owner's Show between the read and this write wins.
      // Her new words wait for the owner again, even if she had kept the old ones off.
      const updated = await ownTables(trx)
        .updateTable('review')
        .set({ ...values, decided_at: null })
        .where('id', '=', existing.id)
        .where('shown', '=', 0)
        .executeTakeFirst()
      if (updated.numUpdatedRows === 0n) return { ok: false, status: 409, error: ALREADY_SHOWN }
      return { ok: true, created: false }
    }
    const inserted = await ownTables(trx)
      .insertInto('review')
      .values({ ...values, request_id: link.requestId, created_at: now })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) {
      return {
        ok: false,
        status: 409,
        error: 'Your review was just saved from another window. Please look at it below.',
      }
    }
    const id = Number(inserted.id)
    const { name: bakeryName } = await readSiteSection(trx, 'identity')
    await enqueueEmail(
      trx,
      {
        topic: 'review_received',
        subjectId: id,
        email: composeReviewReceived({ review, link, siteUrl, bakeryName }),
        dedupeKey: `review-received:${id}`,
      },
      now,
    )
    await queueOwnerAlert(
      trx,
      reviewAlert({ id, rating: review.rating, name: link.name }, link.order),
      now,
    )
    return { ok: true, created: true }
  })
}

/** Every review for the owner's list, newest first. */
export async function listReviewsForOwner(db: Executor): Promise<OwnerReview[]> {
  const rows = await ownTables(db)
    .selectFrom('review')
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OWNER_REVIEWS_LISTED)
    .execute()
  return rows.map((row) => {
    const review = storedOf(row)
    return { ...review, writtenOn: writeBakeryMoment(review.createdAt, { dateStyle: 'medium' }) }
  })
}

/** A review waiting for the owner's Show or "Keep it off the site", as Today lists it. */
export interface ReviewToApprove {
  id: number
  rating: number
  displayName: string
  /** Written on the server, e.g. "Dec 13, 2026". */
  writtenOn: string
}

/**
 * The reviews she may show and has not decided on, oldest first: the first
 * `limit`, and how many in all. One query, read from the partial index of
 * the undecided ones (migration 040-waiting-on-the-owner), so it costs the
 * same however many reviews she has decided.
 */
export async function readReviewsToApprove(
  db: Executor,
  { limit }: { limit: number },
): Promise<{ items: ReviewToApprove[]; total: number }> {
  const rows = await ownTables(db)
    .selectFrom('review')
    .select(['id', 'rating', 'display_name', 'created_at'])
    .select(({ fn }) => fn.countAll<number | string>().over().as('total'))
    // Written out rather than bound, so both databases use the partial index.
    .where('may_show', '=', sql.lit(1))
    .where('decided_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return {
    items: rows.map((row) => ({
      id: Number(row.id),
      rating: Number(row.rating),
      displayName: row.display_name,
      writtenOn: writeBakeryMoment(Number(row.created_at), { dateStyle: 'medium' }),
    })),
    total: Number(rows[0]?.total ?? 0),
  }
}

export type ShowReviewResult = { ok: true } | { ok: false; status: 404 | 409; error: string }

export const NO_PERMISSION =
  'This customer did not give permission to show her review, so it stays private.'

/**
 * Shows a review on Home and About, or hides it again (or keeps one never
 * shown off the site): either way the owner has decided, and it waits for
 * her no more. Showing needs her permission, checked in the same statement
 * that shows it.
 */
export async function setReviewShown(
  db: Executor,
  { reviewId, shown, now }: { reviewId: number; shown: boolean; now: number },
): Promise<ShowReviewResult> {
  const updated = await ownTables(db)
    .updateTable('review')
    .set(
      shown
        ? { shown: 1, shown_at: now, decided_at: now }
        : { shown: 0, shown_at: null, decided_at: now },
    )
    .where('id', '=', reviewId)
    .$if(shown, (query) => query.where('may_show', '=', 1))
    .executeTakeFirst()
  if (updated.numUpdatedRows > 0n) return { ok: true }
  const exists = await ownTables(db)
    .selectFrom('review')
    .select('id')
    .where('id', '=', reviewId)
    .executeTakeFirst()
  return exists
    ? { ok: false, status: 409, error: NO_PERMISSION }
    : { ok: false, status: 404, error: 'That review is no longer here; it may have been erased.' }
}

/**
 * The public pages' reviews: the newest shown few, and the aggregate of
 * every shown one (never a hidden or unpermitted one).
 */
export async function readShownReviews(
  db: Executor,
): Promise<{ reviews: ShownReview[]; aggregate: ReviewAggregate | null }> {
  const [rows, totals] = await Promise.all([
    ownTables(db)
      .selectFrom('review')
      .select(['id', 'rating', 'words', 'display_name'])
      .where('shown', '=', 1)
      .orderBy('shown_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SHOWN_REVIEWS_LISTED)
      .execute(),
    ownTables(db)
      .selectFrom('review')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum<number>('rating').as('stars')])
      .where('shown', '=', 1)
      .executeTakeFirstOrThrow(),
  ])
  const count = Number(totals.count)
  return {
    reviews: rows.map((row) => ({
      id: Number(row.id),
      rating: Number(row.rating),
      words: row.words,
      displayName: row.display_name,
    })),
    aggregate: aggregateOf(count, Number(totals.stars ?? 0)),
  }
}

/** Erasure: the reviews of these requests go, shown or not. Returns how many. */
export async function deleteReviewsOf(
  trx: Executor,
  requestIds: readonly number[],
): Promise<number> {
  if (requestIds.length === 0) return 0
  const deleted = await ownTables(trx)
    .deleteFrom('review')
    .where('request_id', 'in', [...requestIds])
    .executeTakeFirst()
  return Number(deleted.numDeletedRows)
}

/** The invitation's name in the outbox: one per link, ever. */
export function reviewRequestKey(link: Pick<ReviewLink, 'requestId'>): string {
  return `review-request:${link.requestId}`
}

/**
 * Invites a review from each of these completed links (the order book says
 * which are due): once per link, by its name in the outbox, so a restart or
 * a second instance queues nothing twice; none for a link she has already
 * reviewed. Returns how many were queued.
 */
export async function queueReviewRequests(
  db: Kysely<Database>,
  links: readonly ReviewLink[],
  { now, siteUrl }: { now: number; siteUrl: string },
): Promise<number> {
  const due = links.filter((link) => link.completed)
  if (due.length === 0) return 0
  const done = await queuedDedupeKeys(db, due.map(reviewRequestKey))
  const reviewed = new Set(
    (
      await ownTables(db)
        .selectFrom('review')
        .select('request_id')
        .where(
          'request_id',
          'in',
          due.map((link) => link.requestId),
        )
        .execute()
    ).map((row) => Number(row.request_id)),
  )
  // Her name and her bakery's as they stand now (Settings › Your site), once per run.
  const bakery = await readSiteSection(db, 'identity')
  let queued = 0
  for (const link of due) {
    if (done.has(reviewRequestKey(link)) || reviewed.has(link.requestId)) continue
    const added = await enqueueEmail(
      db,
      {
        topic: 'review_request',
        subjectId: link.requestId,
        email: composeReviewRequest({ link, siteUrl, bakery }),
        dedupeKey: reviewRequestKey(link),
      },
      now,
    )
    if (added !== undefined) queued += 1
  }
  return queued
}
