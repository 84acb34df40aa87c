import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import {
  HIDE_REVIEW,
  type OwnerReview,
  type ReviewOwnerResult,
  SHOW_REVIEW,
} from './review-schema.ts'
import { StarRating } from './star-rating.tsx'

/**
 * The owner's reviews, newest first: each one's stars, words, name, whether
 * the customer gave permission, and Show or Hide. Show is offered only with
 * her permission (and the server checks it again).
 */
export function ReviewList({
  reviews,
  posted,
}: {
  reviews: readonly OwnerReview[]
  posted?: ReviewOwnerResult
}) {
  const navigation = useNavigation()
  const busyId = navigation.formData?.get('review')
  if (reviews.length === 0) {
    return (
      <p className="card mt-8 p-6">
        No reviews yet. The day after you mark an order completed, the customer gets one email
        asking for a review on her private page.
      </p>
    )
  }
  const shownCount = reviews.filter((review) => review.shown).length
  return (
    <>
      <p className="mt-6" role="status">
        {posted?.ok
          ? posted.shown
            ? 'Shown on Home and About. '
            : 'Hidden from your site. '
          : null}
        {shownCount} of {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'} shown on your
        site.
      </p>
      {posted && !posted.ok ? (
        <p role="alert" className="mt-4 rounded-2xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {posted.error}
        </p>
      ) : null}
      <ul className="mt-6 grid gap-5 lg:grid-cols-2" aria-label="Reviews">
        {reviews.map((review) => (
          <li key={review.id} id={`review-${review.id}`} className="card review-card">
            <ReviewCard review={review} busyId={busyId} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** One review: its stars and where it stands, her name and words, her permission, and its buttons. */
function ReviewCard({
  review,
  busyId,
}: {
  review: OwnerReview
  busyId: FormDataEntryValue | null | undefined
}) {
  return (
    <article aria-labelledby={`review-${review.id}-name`} className="flex h-full flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        <span className={`review-badge ${review.shown ? 'review-badge-shown' : ''}`}>
          {review.shown
            ? 'Shown on your site'
            : review.mayShow && !review.decided
              ? 'Waiting for you'
              : 'Not shown'}
        </span>
      </div>
      <h2 id={`review-${review.id}-name`} className="mt-3 font-display text-xl font-semibold">
        {review.displayName}
      </h2>
      <p className="text-sm text-chocolate">Written {review.writtenOn}</p>
      {review.words ? (
        <blockquote className="mt-3 whitespace-pre-line">
          <p>“{review.words}”</p>
        </blockquote>
      ) : (
        <p className="mt-3 italic text-chocolate">Stars only, no words.</p>
      )}
      <p className="mt-3 text-sm font-bold">
        {review.mayShow
          ? 'She gave permission to show it.'
          : 'Private: she did not give permission to show it.'}
      </p>
      <ReviewActions review={review} busyId={busyId} />
    </article>
  )
}

/** Hide a shown review, show one she allowed, or say no to one still waiting. */
function ReviewActions({
  review,
  busyId,
}: {
  review: OwnerReview
  busyId: FormDataEntryValue | null | undefined
}) {
  return (
    <div className="mt-auto flex flex-wrap gap-3 pt-4">
      {review.shown ? (
        <ReviewButton review={review} intent={HIDE_REVIEW} busy={busyId}>
          Hide
        </ReviewButton>
      ) : review.mayShow ? (
        <ReviewButton review={review} intent={SHOW_REVIEW} busy={busyId} primary>
          Show on your site
        </ReviewButton>
      ) : null}
      {/* Until she decides, it waits for her on Today; this says no without showing it. */}
      {review.mayShow && !review.shown && !review.decided ? (
        <ReviewButton review={review} intent={HIDE_REVIEW} busy={busyId}>
          Keep it off the site
        </ReviewButton>
      ) : null}
    </div>
  )
}

/** One review's Show, Hide or "Keep it off the site": a plain form, so it works without JavaScript. */
function ReviewButton({
  review,
  intent,
  busy,
  primary = false,
  children,
}: {
  review: OwnerReview
  intent: typeof SHOW_REVIEW | typeof HIDE_REVIEW
  busy: FormDataEntryValue | null | undefined
  primary?: boolean
  children: ReactNode
}) {
  return (
    <Form method="post">
      <input type="hidden" name="review" value={review.id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={primary ? 'button-primary' : 'button-secondary'}
        disabled={busy === String(review.id)}
      >
        {children}
        <span className="sr-only"> the review by {review.displayName}</span>
      </button>
    </Form>
  )
}
