/** One formatter per time zone: building one costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** Today's date as YYYY-MM-DD in the given time zone (the bakery's, not the server's). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    // The en-CA locale formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(timeZone, format)
  }
  return format.format(now)
}

/**
 * The moment a wall-clock time (`HH:MM`) on a date (YYYY-MM-DD) is in the
 * given time zone: '2026-12-12', '10:00' in America/Toronto is 15:00 UTC.
 * Found by asking the zone's offset at a first guess and again at the
 * answer, which settles the days clocks change on.
 */
export function instantIn(timeZone: string, date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, Number(part.value)]),
    )
    return (
      Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) -
      Math.floor(instant / 60_000) * 60_000
    )
  }
  const first = wall - offsetAt(wall)
  return new Date(wall - offsetAt(first))
}

/**
 * The dates the site reads at all: a bakery's orders, payments and closed
 * days fall well inside this century. Anything outside (9999-12-31 in a
 * link) is refused where it is read, so no page, query or loop over days
 * ever runs towards year 10000, where date arithmetic stops working.
 */
export const DATE_WINDOW = { first: '2000-01-01', last: '2100-12-31' } as const

/** What a person is told when a date falls outside DATE_WINDOW. */
export const OUTSIDE_DATE_WINDOW = 'Choose a date from the year 2000 to 2100.'

/** Whether a YYYY-MM-DD string names a real calendar date, not necessarily inside DATE_WINDOW. */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

/**
 * Whether a YYYY-MM-DD string names a real calendar date inside DATE_WINDOW:
 * the test every date read from a request passes before it is used.
 */
export function isCalendarDate(value: string): boolean {
  return isRealDate(value) && value >= DATE_WINDOW.first && value <= DATE_WINDOW.last
}

// A date-only value names a calendar day, not a moment: it is read and written
// in UTC so no time zone (the server's or the visitor's) can move it a day.
const readableDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
})

/** A YYYY-MM-DD date as people write it: 'Saturday, December 12, 2026'. Other text is returned as it is. */
export function formatCalendarDate(value: string): string {
  if (!isCalendarDate(value)) return value
  return readableDate.format(new Date(`${value}T00:00:00Z`))
}

const shortDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
})
const shortDayAndYear = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
})
const monthDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
})

const utc = (value: string) => new Date(`${value}T00:00:00Z`)

/**
 * Dates from `start` to `end` (YYYY-MM-DD, both included) as a person reads
 * them: 'Thu, Dec 24 – Sat, Dec 26, 2026', 'Thu, Dec 31, 2026 – Fri, Jan 1,
 * 2027', or 'Thu, Dec 24, 2026' for one day.
 */
export function formatDateRange(start: string, end: string): string {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return `${start} – ${end}`
  if (start === end) return shortDayAndYear.format(utc(start))
  const first = start.slice(0, 4) === end.slice(0, 4) ? shortDay : shortDayAndYear
  return `${first.format(utc(start))} – ${shortDayAndYear.format(utc(end))}`
}

/** The same dates, briefly: 'Dec 24 – Dec 26', or 'Dec 24' for one day. */
export function formatShortDateRange(start: string, end: string): string {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return `${start} – ${end}`
  if (start === end) return monthDay.format(utc(start))
  return `${monthDay.format(utc(start))} – ${monthDay.format(utc(end))}`
}
