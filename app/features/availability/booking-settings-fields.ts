import { WEEKDAY_NAMES } from '#app/utils/calendar-days.ts'

/**
 * The owner's availability forms at /admin/settings: their intents, field
 * names and bounds, which the page needs to draw them. The schemas that check
 * them are in booking-settings-schema.ts, which the page does not load, so it
 * ships none of zod (decision 061).
 */

export const SETTINGS_INTENTS = [
  'capacity',
  'close-dates',
  'reopen',
  'horizon',
  'policies',
  'delivery',
  'pickup-window-add',
  'pickup-window-remove',
  'pickup-address',
] as const
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number]

export function isSettingsIntent(value: unknown): value is SettingsIntent {
  return SETTINGS_INTENTS.includes(value as SettingsIntent)
}

export { WEEKDAY_NAMES }

/** The capacity form's field for a weekday (0 = Sunday). */
export const capacityField = (weekday: number) => `capacity_${weekday}`

export const LIMITS = {
  capacity: { min: 0, max: 99 },
  horizonDays: { min: 1, max: 730 },
  closedNote: 200,
  policies: 4000,
  deliveryNote: 300,
} as const

/**
 * Settings' booking cards and the intents their forms post. Each card shows
 * what is set and opens its forms on request (`?open=<card>`), one at a time,
 * so the page draws a few lines per rule rather than every form on every
 * visit (decision 072). A page answering a post without JavaScript opens the
 * card the post came from.
 */
export const BOOKING_CARDS = {
  'weekly-capacity': ['capacity'],
  'closed-dates': ['close-dates', 'reopen'],
  'booking-horizon': ['horizon'],
  delivery: ['delivery'],
  'pickup-windows': ['pickup-window-add', 'pickup-window-remove', 'pickup-address'],
  'order-policies': ['policies'],
} as const satisfies Record<string, readonly SettingsIntent[]>
export type BookingCard = keyof typeof BOOKING_CARDS

/** The search parameter naming the open card. */
export const OPEN_CARD_PARAM = 'open'

export function isBookingCard(value: unknown): value is BookingCard {
  return typeof value === 'string' && Object.hasOwn(BOOKING_CARDS, value)
}

/** The card whose forms post `intent`. */
export function cardOfIntent(intent: SettingsIntent): BookingCard {
  const cards = Object.keys(BOOKING_CARDS) as BookingCard[]
  return cards.find((card) => (BOOKING_CARDS[card] as readonly string[]).includes(intent))!
}

/** Where a card opens: Settings with its forms drawn, at its heading. */
export function openCardHref(card: BookingCard): string {
  return `?${OPEN_CARD_PARAM}=${card}#${card}-heading`
}
