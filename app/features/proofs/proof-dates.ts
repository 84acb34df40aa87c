import { site } from '#app/content/site.ts'
import { formatCalendarDate, todayIn } from '#app/utils/dates.ts'

/** 'Thursday, November 26, 2026' for a moment, in the bakery's time zone (same on server and browser). */
export function proofDay(at: number): string {
  return formatCalendarDate(todayIn(site.timeZone, new Date(at)))
}

/** 'Nov 26' for a moment, in the bakery's time zone: the short form beside a thumbnail. */
export function proofShortDay(at: number): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${todayIn(site.timeZone, new Date(at))}T00:00:00Z`))
}
