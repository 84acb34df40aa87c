import type { ShownReview, ReviewAggregate } from './review-schema.ts'
import { StarRating } from './star-rating.tsx'

/**
 * The reviews the owner shows, on Home and About: the rating they add up
 * to, then each one's stars, words and name. Her words are text (React
 * escapes them), never HTML. Nothing at all while none is shown; rendered
 * with the page, so nothing moves once it has loaded.
 */
export function ShownReviews({
  reviews,
  aggregate,
}: {
  reviews: readonly ShownReview[]
  aggregate: ReviewAggregate | null
}) {
  if (!aggregate || reviews.length === 0) return null
  return (
    <section aria-labelledby="reviews-heading" className="reviews-section">
      <div className="page-section">
        <p className="eyebrow text-center">From our customers</p>
        <h2 id="reviews-heading" className="section-heading mt-2 text-center">
          Kind Words
        </h2>
        <p className="mt-3 flex flex-wrap items-center justify-center gap-2 text-lg">
          {/* The words beside say the rating exactly; the drawing is for the eye. */}
          <span aria-hidden="true">
            <StarRating rating={Math.round(aggregate.average)} />
          </span>
          <span>
            <strong>{aggregate.average.toFixed(1)}</strong> out of 5, from {aggregate.count}{' '}
            {aggregate.count === 1 ? 'review' : 'reviews'}
          </span>
        </p>
        <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {reviews.map((review) => (
            <li key={review.id} className="card review-card">
              <figure className="flex h-full flex-col">
                <StarRating rating={review.rating} />
                {review.words ? (
                  <blockquote className="mt-3 whitespace-pre-line">
                    <p>“{review.words}”</p>
                  </blockquote>
                ) : null}
                <figcaption className="mt-auto pt-4 font-display text-lg font-semibold text-chocolate">
                  — {review.displayName}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
