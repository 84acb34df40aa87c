import { starsLabel } from './review-schema.ts'

/** One star: filled, or an outline for the stars not given. */
export function StarIcon({
  filled,
  className = 'size-5',
}: {
  filled: boolean
  className?: string
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    >
      <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9L12 2.8Z" />
    </svg>
  )
}

/**
 * A review's stars: five drawn ones, read by a screen reader as the words
 * "4 out of 5 stars" (the drawing itself is hidden from it).
 */
export function StarRating({ rating, className = '' }: { rating: number; className?: string }) {
  return (
    <span className={`review-stars ${className}`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} filled={star <= rating} />
      ))}
      <span className="sr-only">{starsLabel(rating)}</span>
    </span>
  )
}
