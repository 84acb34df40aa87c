import type { EventThemeHolds } from '#app/db/schema/order-book.ts'

export type { EventThemeHolds }

/**
 * What a request's `event_theme` is called wherever it is shown: her pages,
 * the owner's, and the emails about it. A custom request keeps her event or
 * theme there; a treat sold at a set price (a drop's, a treat bought now,
 * booked or sent for a quote: decisions 100 and 103) keeps what she chose,
 * "Two dozen · Cream cheese", and is named so. Without a word, her event.
 */
export function themeLabel(holds: EventThemeHolds | null | undefined): string {
  return holds === 'choices' ? 'Choices' : 'Event/Theme'
}
