import { z } from 'zod/mini'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import { personName, plainText } from '#app/utils/form-fields.ts'

/** How long her words may be: a paragraph or two, never a page. */
export const REVIEW_WORDS_MAX = 1000
/** The name shown beside a review. */
export const REVIEW_NAME_MAX = 40

/**
 * The customer's review form (her private page), in the browser and on the
 * server alike: stars 1–5, her words (may be empty), the name to show, and
 * the permission tick (`may_show`, 'on' when ticked).
 */
export const ReviewSchema = z.object({
  rating: z
    .string('Choose from one to five stars.')
    .check(z.regex(/^[1-5]$/, 'Choose from one to five stars.')),
  words: z.optional(
    z
      .string()
      .check(
        ...plainText(
          'Your review',
          'lines',
          z.maxLength(
            REVIEW_WORDS_MAX,
            `Your review must be at most ${REVIEW_WORDS_MAX} characters.`,
          ),
        ),
      ),
  ),
  display_name: personName('The name to show', REVIEW_NAME_MAX),
  may_show: z.optional(z.string()),
})

export type ReviewField = keyof z.infer<typeof ReviewSchema>

/** A review as stored, once the schema has read it. */
export interface ReviewInput {
  rating: number
  words: string
  displayName: string
  mayShow: boolean
}

/** The form's fields as the schema reads them, or the field errors. */
export function readReviewForm(
  form: Record<string, string>,
): { ok: true; review: ReviewInput } | { ok: false; fieldErrors: FieldErrors<ReviewField> } {
  const parsed = ReviewSchema.safeParse(form)
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf<ReviewField>(parsed.error) }
  return {
    ok: true,
    review: {
      rating: Number(parsed.data.rating),
      words: parsed.data.words ?? '',
      displayName: parsed.data.display_name,
      mayShow: parsed.data.may_show === 'on',
    },
  }
}

/** Stars as words, for screen readers and the owner's emails: '4 out of 5 stars'. */
export function starsLabel(rating: number): string {
  return `${rating} out of 5 stars`
}

/** Her first name, the default name shown beside her review. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || name.trim()
}

/** What the shown reviews add up to: their count and mean rating (one decimal), or null for none. */
export interface ReviewAggregate {
  count: number
  /** The mean of the shown reviews' stars, rounded to one decimal. */
  average: number
}

/** The aggregate of `count` reviews whose stars add up to `stars`; null for none. */
export function aggregateOf(count: number, stars: number): ReviewAggregate | null {
  if (count === 0) return null
  return { count, average: Math.round((stars / count) * 10) / 10 }
}

/**
 * A customer's private link as the order book hands it to reviews: the
 * review's key is the link's first request (decision 056). Reviews never
 * reads the requests itself.
 */
export interface ReviewLink {
  /** The first request (lowest id) of the link. */
  requestId: number
  /** Her name and address as on the request. */
  name: string
  email: string
  token: string
  /** At least one of the link's requests is completed: only then may she review. */
  completed: boolean
  /** What the first request was for and its day, for the owner's alert of her review. */
  order?: { productType: string; dueDate: string }
}

/** A review as she and the owner see it. */
export interface StoredReview {
  id: number
  requestId: number
  rating: number
  words: string
  displayName: string
  mayShow: boolean
  shown: boolean
  createdAt: number
  updatedAt: number
  /** The owner showed it or kept it off her site; until then one she may show waits for her. */
  decided: boolean
}

/** A review on the owner's list, with the day she wrote it as the bakery's clock showed it. */
export interface OwnerReview extends StoredReview {
  /** Written on the server (see writeBakeryMoment), e.g. "Nov 26, 2026". */
  writtenOn: string
}

/** A shown review as the public pages show it: no key, no dates but when it was shown. */
export interface ShownReview {
  id: number
  rating: number
  words: string
  displayName: string
}

/** How her review's post went, as her page reads it (`review` tells it from the page's other forms). */
export type ReviewPostResult =
  | { review: true; ok: true; created: boolean }
  | {
      review: true
      ok: false
      error: string
      fieldErrors?: FieldErrors<ReviewField>
      /** What she typed, given back so nothing is lost. */
      values?: Record<string, string>
    }

/** The owner's Show or Hide. */
export type ReviewOwnerResult =
  { ok: true; reviewId: number; shown: boolean } | { ok: false; error: string; reviewId?: number }

export const SHOW_REVIEW = 'show'
export const HIDE_REVIEW = 'hide'
