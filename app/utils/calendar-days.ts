/**
 * Calendar-day arithmetic on YYYY-MM-DD strings: a day names a date, not a
 * moment, so it is worked out in UTC where every day is 24 hours long (see
 * CALENDAR_DAY_ZONE in dates.ts). Pure and shared: availability, the order
 * book, the calendars and the order form all count days the same way.
 */

/** Index 0 = Sunday, as weekdayOf counts. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

const DAY_MS = 24 * 60 * 60 * 1000

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay()
}

/**
 * The most days any loop over dates walks: a little more than the whole
 * DATE_WINDOW (app/utils/dates.ts). Callers bound their ranges far tighter;
 * this is the backstop that keeps a date nobody checked from running a loop
 * out of memory.
 */
export const MAX_DATES = 40_000

/**
 * Every date from `from` to `to`, both included. It counts the days first
 * rather than comparing strings, which stops being safe past year 9999
 * ('+010000-01-01' sorts before '9999-12-31'), and refuses a range longer
 * than MAX_DATES.
 */
export function datesFrom(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1
  if (!Number.isFinite(count)) throw new RangeError(`Not a range of dates: ${from} to ${to}`)
  if (count > MAX_DATES) throw new RangeError(`Too many days from ${from} to ${to}`)
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(from, index))
}
