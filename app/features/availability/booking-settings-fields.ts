import { WEEKDAY_NAMES } from './availability.ts'

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
