import { type FormEvent, useState } from 'react'
import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import {
  REVIEW_NAME_MAX,
  REVIEW_WORDS_MAX,
  type ReviewField,
  type ReviewPostResult,
  type StoredReview,
  readReviewForm,
  starsLabel,
} from './review-schema.ts'
import { StarIcon, StarRating } from './star-rating.tsx'

/** What her page knows of her review: none yet, or hers as stored. */
export type ReviewOnPage = Pick<
  StoredReview,
  'rating' | 'words' | 'displayName' | 'mayShow' | 'shown'
> | null

/**
 * Her review on her private page, once her order is completed (decision
 * 056): stars as a radio group, her words, the name to show and the
 * permission tick. A plain form posted to `?review`, so it works without
 * JavaScript; with it, the one schema checks it first. She may change it
 * until the bakery shows it; then it reads as shown.
 */
export function ReviewPanel({
  review,
  defaultName,
  result,
}: {
  review: ReviewOnPage
  /** Her first name: the name shown unless she writes another. */
  defaultName: string
  result?: ReviewPostResult
}) {
  if (review?.shown) {
    return (
      <section id="review" className="card review-panel" aria-labelledby="review-heading">
        <h2 id="review-heading" className="font-display text-2xl font-semibold">
          Your review is on our site
        </h2>
        <p className="mt-2">Thank you! This is how it shows on our Home and About pages.</p>
        <figure className="mt-4 rounded-2xl bg-paper p-4">
          <StarRating rating={review.rating} />
          {review.words ? (
            <blockquote className="mt-2 whitespace-pre-line">
              <p>“{review.words}”</p>
            </blockquote>
          ) : null}
          <figcaption className="mt-2 font-semibold text-chocolate">
            — {review.displayName}
          </figcaption>
        </figure>
      </section>
    )
  }
  return <ReviewForm review={review} defaultName={defaultName} result={result} />
}

/** The review form itself: her stars, words, name and permission, checked before it posts. */
function ReviewForm({
  review,
  defaultName,
  result,
}: {
  review: ReviewOnPage
  defaultName: string
  result?: ReviewPostResult
}) {
  const { checked, checkBeforePost, ratingAnswered } = useReviewCheck()
  const failed = result && !result.ok ? result : undefined
  const errors: FieldErrors<ReviewField> = { ...failed?.fieldErrors, ...checked }
  const values = failed?.values
  const rating = values?.rating ?? (review ? String(review.rating) : '')
  const saved = result?.ok ? result : undefined
  return (
    <section id="review" className="card review-panel" aria-labelledby="review-heading">
      <h2 id="review-heading" className="font-display text-2xl font-semibold">
        {review ? 'Your review' : 'How was your order?'}
      </h2>
      <p className="mt-2">
        {review
          ? 'Thank you! You can change it until we show it on our site.'
          : 'A few stars and a line or two help a small home bakery more than anything.'}
      </p>
      <ReviewAnswer saved={saved} failed={failed} />
      <Form
        method="post"
        action="?review"
        // The page's own URL, so a post without JavaScript lands back on it.
        className="mt-5 grid gap-5"
        noValidate
        onSubmit={checkBeforePost}
      >
        <StarsFieldset rating={rating} error={errors.rating} onAnswered={ratingAnswered} />
        <ReviewTextFields
          errors={errors}
          words={values?.words ?? review?.words ?? ''}
          name={values?.display_name ?? review?.displayName ?? defaultName}
        />
        <label className="tick-label">
          <input
            type="checkbox"
            name="may_show"
            defaultChecked={values ? values.may_show === 'on' : (review?.mayShow ?? false)}
          />
          <span>You may show this on the bakery’s site</span>
        </label>
        <div>
          <button type="submit" className="button-primary">
            {review ? 'Save changes' : 'Send your review'}
          </button>
        </div>
      </Form>
    </section>
  )
}

/**
 * What the browser found wrong before posting, with the one schema the
 * server reads it with: a post that would be refused stays on the page.
 */
function useReviewCheck() {
  const [checked, setChecked] = useState<FieldErrors<ReviewField>>({})
  function checkBeforePost(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const read = readReviewForm(
      Object.fromEntries(
        [...new FormData(form).entries()].map(([key, value]) => [key, String(value)]),
      ),
    )
    const found = read.ok ? {} : read.fieldErrors
    setChecked(found)
    if (!read.ok) {
      event.preventDefault()
      focusFirstInvalid(form, found)
    }
  }
  // A star chosen answers the message about choosing one.
  function ratingAnswered() {
    setChecked(({ rating: _answered, ...rest }) => rest)
  }
  return { checked, checkBeforePost, ratingAnswered }
}

/** What her last post came to: saved, or why not when no field says it. */
function ReviewAnswer({
  saved,
  failed,
}: {
  saved: Extract<ReviewPostResult, { ok: true }> | undefined
  failed: Extract<ReviewPostResult, { ok: false }> | undefined
}) {
  return (
    <>
      {saved ? (
        <p role="status" className="review-saved mt-4">
          {saved.created
            ? 'Thank you! Your review is saved, and the bakery will read it soon.'
            : 'Your changes are saved.'}
        </p>
      ) : null}
      {failed && !failed.fieldErrors ? (
        <p role="alert" className="mt-4 rounded-2xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {failed.error}
        </p>
      ) : null}
    </>
  )
}

/** "Your stars": one to five as a radio group, with the message about choosing one. */
function StarsFieldset({
  rating,
  error,
  onAnswered,
}: {
  rating: string
  error: string | undefined
  onAnswered: () => void
}) {
  return (
    <fieldset
      className="review-stars-choice"
      aria-describedby={error ? 'review-rating-error' : undefined}
      onChange={onAnswered}
    >
      <legend className="form-label">Your stars</legend>
      <div className="mt-2 flex flex-wrap gap-1.5">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className="review-star-option">
            <input
              type="radio"
              name="rating"
              value={stars}
              defaultChecked={rating === String(stars)}
              aria-label={starsLabel(stars)}
            />
            <span aria-hidden="true" className="flex items-center gap-0.5">
              <StarIcon filled className="size-4" />
              {stars}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="review-rating-error" className="form-error mt-2">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Her words, and the name to show with them. */
function ReviewTextFields({
  errors,
  words,
  name,
}: {
  errors: FieldErrors<ReviewField>
  words: string
  name: string
}) {
  return (
    <>
      <FormField
        name="words"
        id="review-words"
        label="Your words"
        optional
        hint={`What you loved, in up to ${REVIEW_WORDS_MAX} characters.`}
        error={errors.words}
      >
        {(props) => (
          <textarea {...props} rows={4} maxLength={REVIEW_WORDS_MAX} defaultValue={words} />
        )}
      </FormField>
      <FormField
        name="display_name"
        id="review-name"
        label="Your name as it should appear"
        hint="Your first name is fine; any name you like."
        error={errors.display_name}
      >
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="given-name"
            maxLength={REVIEW_NAME_MAX}
            defaultValue={name}
          />
        )}
      </FormField>
    </>
  )
}
