import type { ClosedPeriod } from '#app/features/availability/booking-settings.server.ts'
import type { PickupWindow } from '#app/features/availability/pickup-windows.ts'

/** What the settings page's loader reads for these forms. */
export interface AvailabilitySettingsData {
  today: string
  weekdayCapacity: readonly number[]
  /** Closed periods not yet over, soonest first. */
  closedPeriods: readonly ClosedPeriod[]
  horizonDays: number
  policies: string
  deliveryEnabled: boolean
  deliveryNote: string
  pickupWindows: readonly PickupWindow[]
  /** Private until the owner confirms a request. */
  pickupAddress: string
}

/** What a folded card shows what is set from. */
export type CardProps = { data: AvailabilitySettingsData }
/** An open card's forms: the settings, and the page's action data when a form posted without JavaScript. */
export type FormsProps = CardProps & { posted: unknown }

/** Monday first, as a week is planned; index 0 = Sunday as stored. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const
