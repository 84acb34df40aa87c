import { bakeryDateOf, formatCalendarDate, formatShortDateRange } from '#app/utils/dates.ts'

/** 'Thursday, November 26, 2026' for a moment, in the bakery's time zone and locale. */
export function proofDay(at: number): string {
  return formatCalendarDate(bakeryDateOf(new Date(at)))
}

/** 'Nov 26' for a moment, in the bakery's time zone: the short form beside a thumbnail. */
export function proofShortDay(at: number): string {
  const day = bakeryDateOf(new Date(at))
  return formatShortDateRange(day, day)
}
