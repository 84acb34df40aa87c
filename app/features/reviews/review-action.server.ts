import type { Kysely } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  HIDE_REVIEW,
  type ReviewLink,
  type ReviewOwnerResult,
  type ReviewPostResult,
  SHOW_REVIEW,
  readReviewForm,
} from './review-schema.ts'
import { saveReview, setReviewShown } from './reviews.server.ts'

/** Her words' 1000 characters, each up to 9 bytes once url-encoded, and the other fields. */
const MAX_REVIEW_BYTES = 12_000

/**
 * Her review posted from her private page (with JavaScript or without): the
 * public post's checks, the one schema, then saveReview. `link` is the
 * order book's answer for her token; undefined when no request holds it.
 */
export async function receiveReviewPost({
  request,
  clientIp,
  db,
  link,
  now = Date.now(),
  siteUrl,
}: {
  request: Request
  clientIp: string
  db: Kysely<Database>
  link: ReviewLink | undefined
  now?: number
  siteUrl: string
}): Promise<Reply<ReviewPostResult>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'review',
    now,
    maxBytes: MAX_REVIEW_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    const { status, body, headers } = post.refused
    return { status, body: { review: true, ...body }, ...(headers ? { headers } : {}) }
  }
  const form = Object.fromEntries(new URLSearchParams(post.text))
  if (!link) {
    return reply(404, { review: true, ok: false, error: 'This link does not hold a request.' })
  }
  const read = readReviewForm(form)
  const values = {
    rating: form.rating ?? '',
    words: (form.words ?? '').slice(0, 2000),
    display_name: (form.display_name ?? '').slice(0, 200),
    may_show: form.may_show === 'on' ? 'on' : '',
  }
  if (!read.ok) {
    return reply(400, {
      review: true,
      ok: false,
      error: 'Please check your review.',
      fieldErrors: read.fieldErrors,
      values,
    })
  }
  const saved = await saveReview(db, { link, review: read.review, now, siteUrl })
  if (!saved.ok) return reply(saved.status, { review: true, ok: false, error: saved.error, values })
  // The owner's email was queued with a first review; send it now, not at the next poll.
  if (saved.created) kickDeliveryWorker()
  return reply(200, { review: true, ok: true, created: saved.created })
}

/** The owner's Show or Hide from her reviews list. */
export async function receiveOwnerReviewAction({
  request,
  db,
  now = Date.now(),
}: {
  request: Request
  db: Kysely<Database>
  now?: number
}): Promise<Reply<ReviewOwnerResult>> {
  const form = await readAdminForm(request)
  const intent = form?.intent
  const reviewId = /^[1-9]\d{0,9}$/.test(form?.review ?? '') ? Number(form?.review) : undefined
  if ((intent !== SHOW_REVIEW && intent !== HIDE_REVIEW) || reviewId === undefined) {
    return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  }
  const shown = intent === SHOW_REVIEW
  const result = await setReviewShown(db, { reviewId, shown, now })
  if (!result.ok) return reply(result.status, { ok: false, error: result.error, reviewId })
  return reply(200, { ok: true, reviewId, shown })
}
