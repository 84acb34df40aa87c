/**
 * Which days can be booked, worked out from the owner's rules and what is
 * already booked. Pure, so the server's check, the public API and the order
 * form's calendar all answer the same way; the browser may load this file.
 *
 * Dates are calendar days (YYYY-MM-DD) in the bakery's own time zone: "today"
 * comes from the caller (see bakeryToday), and day arithmetic is done in UTC
 * where every day is 24 hours long.
 */

import { addDays, datesFrom, daysBetween, weekdayOf } from '#app/utils/calendar-days.ts'
import type { DayWindow } from './pickup-windows.ts'

/** The most days one availability call answers for: a year and a bit, for a calendar's worth of months. */
export const MAX_AVAILABILITY_DAYS = 400

export type DayStatus = 'open' | 'full' | 'closed' | 'too-soon'

export interface AvailabilityDay {
  date: string
  status: DayStatus
  /** Effort units still free that day (0 when closed). */
  remaining: number
  /** The day's pickup windows, when the owner set some for its weekday (docs/decisions/043). */
  windows?: DayWindow[]
}

/** The owner's booking rules, without the private notes. */
export interface BookingRules {
  /** Effort units per weekday, index 0 = Sunday; 0 closes that weekday. */
  weekdayCapacity: readonly number[]
  /** Closed dates and ranges, both ends included. */
  closedPeriods: readonly { start: string; end: string }[]
  /** Customers may book up to this many days after today. */
  horizonDays: number
}

/** What one request needs of a day: its notice and its share of the capacity. */
export interface Demand {
  noticeDays: number
  effort: number
}

/** An order with no product's own rules ("Other", or no product chosen yet). */
export const PLAIN_DEMAND: Demand = { noticeDays: 0, effort: 1 }

/**
 * One day's answer for one kind of request. A day the bakery does not bake
 * (its weekday's capacity is 0, a closed period, past the booking horizon)
 * is `closed`; one the request's notice does not reach (or already past) is
 * `too-soon`; one without `effort` units left is `full`.
 */
export function dayAvailability({
  date,
  today,
  rules,
  booked,
  demand = PLAIN_DEMAND,
}: {
  date: string
  today: string
  rules: BookingRules
  /** Effort units already held that day. */
  booked: number
  demand?: Demand
}): AvailabilityDay {
  const capacity = rules.weekdayCapacity[weekdayOf(date)] ?? 0
  const closed =
    capacity <= 0 ||
    date > addDays(today, rules.horizonDays) ||
    rules.closedPeriods.some((period) => period.start <= date && date <= period.end)
  if (closed) return { date, status: 'closed', remaining: 0 }
  const remaining = Math.max(0, capacity - booked)
  if (date < addDays(today, demand.noticeDays)) return { date, status: 'too-soon', remaining }
  return { date, status: remaining >= demand.effort ? 'open' : 'full', remaining }
}

/** The days from `from` to `to`; `booked` maps a date to the effort held on it. */
export function availabilityBetween({
  from,
  to,
  today,
  rules,
  booked,
  demand,
}: {
  from: string
  to: string
  today: string
  rules: BookingRules
  booked: ReadonlyMap<string, number>
  demand?: Demand
}): AvailabilityDay[] {
  return datesFrom(from, to).map((date) =>
    dayAvailability({ date, today, rules, booked: booked.get(date) ?? 0, demand }),
  )
}

/**
 * A day with its pickup windows (decision 043). When every window is taken
 * the day is full, whatever baking room it has left: a send for it would be
 * refused, so the calendar and "Next available" must not offer it. A closed
 * or past day offers no times.
 */
export function withWindows(
  day: AvailabilityDay,
  windows: readonly DayWindow[] | undefined,
): AvailabilityDay {
  if (!windows || windows.length === 0 || day.status === 'closed' || day.status === 'too-soon') {
    return day
  }
  const taken = day.status === 'open' && windows.every((window) => window.full)
  return { ...day, windows: [...windows], ...(taken ? { status: 'full' as const } : {}) }
}

/** The first open day after `after` (within the horizon), or undefined when there is none. */
export function nextOpenDay({
  after,
  today,
  rules,
  booked,
  demand,
  windowsTaken,
}: {
  after: string
  today: string
  rules: BookingRules
  booked: ReadonlyMap<string, number>
  demand?: Demand
  /** Days whose every pickup window is taken (see withWindows). */
  windowsTaken?: ReadonlySet<string>
}): string | undefined {
  // Counted, not compared as text, for the same reason as datesFrom.
  const first = daysBetween(today, after) >= 0 ? addDays(after, 1) : today
  return datesFrom(first, addDays(today, rules.horizonDays)).find(
    (date) =>
      !windowsTaken?.has(date) &&
      dayAvailability({ date, today, rules, booked: booked.get(date) ?? 0, demand }).status ===
        'open',
  )
}

/**
 * Why a day cannot be picked, as the order form and the server say it:
 * 'fully booked', 'closed', 'needs 14 days' notice'. `lastBookable` tells a
 * day past the booking horizon from one the bakery is closed.
 */
export function unavailableReason(
  day: AvailabilityDay,
  { noticeDays, lastBookable }: { noticeDays: number; lastBookable?: string },
): string {
  switch (day.status) {
    case 'open':
      return ''
    case 'full':
      return 'fully booked'
    case 'closed':
      return lastBookable && day.date > lastBookable
        ? 'not taking orders this far ahead yet'
        : 'closed'
    case 'too-soon':
      if (noticeDays === 0) return 'already past'
      return noticeDays === 1 ? "needs 1 day's notice" : `needs ${noticeDays} days' notice`
  }
}
