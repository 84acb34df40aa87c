import type { Generated } from 'kysely'

/* The booking rules (features/availability): capacity, windows, closed days, the settings row. */

/** A pickup window on a weekday (docs/decisions/043). */
export interface PickupWindowTable {
  id: Generated<number>
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
  /** HH:MM */
  start_time: string
  /** HH:MM, after start_time. */
  end_time: string
  /** How many requests the window takes. */
  capacity: number
}

export interface WeekdayCapacityTable {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
  /** Effort units the bakery can make that weekday; 0 = closed. */
  capacity: number
}

export interface ClosedPeriodTable {
  id: Generated<number>
  /** YYYY-MM-DD, inclusive. */
  start_date: string
  /** YYYY-MM-DD, inclusive; equal to start_date for one day. */
  end_date: string
  /** The owner's private note; never shown to customers. */
  note: Generated<string>
}

export interface BookingSettingsTable {
  /** Always 1: the one row. */
  id: number
  /** How many days ahead customers may book. */
  horizon_days: number
  /** The order policies a customer ticks before sending. */
  policies: string
  /** The policies' safe HTML, rendered when saved; null until rendered (decision 076). */
  policies_html: string | null
  /** 1 when the bakery delivers; customers may then choose delivery. */
  delivery_enabled: Generated<number>
  /** Where and how the bakery delivers, shown beside the choice. */
  delivery_note: Generated<string>
  /** The secret in the owner's calendar feed URL; null until first shown. */
  ical_key: string | null
  /** Days a quote waits for the customer's answer before it expires. */
  quote_expiry_days: Generated<number>
  /** Where customers collect; private, shown to a customer once her request is confirmed. */
  pickup_address: Generated<string>
  /** A quote's balance is due this many days before the order date, unless the owner sets another. */
  balance_due_days: Generated<number>
  /** No changes or cancellations by the customer within this many days of the order date (decision 054). */
  change_window_days: Generated<number>
  /** A cancellation this many days or more before the order date gets refund_before_percent of the deposit. */
  refund_cutoff_days: Generated<number>
  /** Percent of the deposit refunded when cancelled refund_cutoff_days or more before. */
  refund_before_percent: Generated<number>
  /** Percent of the deposit refunded when cancelled later. */
  refund_after_percent: Generated<number>
}

/** A delivery fee for postal codes starting with `prefix` (decision 102). */
export interface DeliveryFeeRuleTable {
  id: Generated<number>
  /** Upper case, no spaces. */
  prefix: string
  fee_cents: number
}
