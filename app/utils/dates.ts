import type { Formatter } from './drawn-words.ts'
import { bakeryDateTimeFormat, cachedFormatter, localSettings } from './local-settings.ts'

/**
 * The zone a calendar day (a YYYY-MM-DD with no time) is written in: it
 * names a day, not a moment, so it is read and written in UTC and no time
 * zone (the server's, the visitor's or the bakery's) can move it a day.
 * Never the bakery's time zone, which is the owner's (localSettings()).
 */
export const CALENDAR_DAY_ZONE = 'UTC'

/** One formatter per time zone: building one costs far more than formatting with it. */
const partFormats = new Map<string, Formatter<Intl.DateTimeFormat>>()

/** A moment's wall-clock parts in a time zone, as numbers (Latin digits, 24-hour clock). */
function wallClockParts(timeZone: string, instant: Date) {
  const format = cachedFormatter(
    partFormats,
    `clock|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(undefined, {
        timeZone,
        numberingSystem: 'latn',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      }),
  )
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {}
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** Today's date as YYYY-MM-DD in the given time zone (the bakery's, not the server's). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = wallClockParts(timeZone, now)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** The bakery's date now (YYYY-MM-DD), in its own time zone (Settings), whatever the server's. */
export function bakeryToday(now: Date = new Date()): string {
  return todayIn(localSettings().timeZone, now)
}

/** The wall-clock time of a moment in a time zone, HH:MM (24-hour). */
export function timeIn(timeZone: string, instant: Date): string {
  const { hour, minute } = wallClockParts(timeZone, instant)
  return `${pad(hour)}:${pad(minute)}`
}

/** The bakery's wall-clock time of a moment, HH:MM (24-hour). */
export function bakeryTimeOf(instant: Date): string {
  return timeIn(localSettings().timeZone, instant)
}

/** The bakery's date of a moment, YYYY-MM-DD. */
export function bakeryDateOf(instant: Date): string {
  return todayIn(localSettings().timeZone, instant)
}

/** The moment a bakery-local wall-clock time (HH:MM) on a date (YYYY-MM-DD) is. */
export function bakeryInstant(date: string, time: string): Date {
  return instantIn(localSettings().timeZone, date, time)
}

/**
 * A moment as ISO 8601 on the wall clock of `timeZone`, with its offset:
 * '2026-12-02T12:00:00-05:00' for noon in Toronto that day.
 */
export function isoMomentIn(timeZone: string, at: number | Date): string {
  const instant = typeof at === 'number' ? at : at.getTime()
  const parts = wallClockParts(timeZone, new Date(instant))
  const minute = Math.floor(instant / 60_000) * 60_000
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute)
  const offset = Math.round((wall - minute) / 60_000)
  const seconds = Math.floor((instant - minute) / 1000)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return (
    `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` +
    `T${pad(parts.hour)}:${pad(parts.minute)}:${pad(seconds)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  )
}

/** A moment as ISO 8601 in the bakery's time zone (Settings), with its offset. */
export function bakeryIsoMoment(at: number | Date): string {
  return isoMomentIn(localSettings().timeZone, at)
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
    const parts = wallClockParts(timeZone, new Date(instant))
    return (
      Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) -
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

/**
 * A formatter for calendar days (and months) in the bakery's locale, in
 * CALENDAR_DAY_ZONE (see there): the same words on the server and in any
 * browser, whatever either's time-zone data says.
 */
export function calendarDayFormat(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): Formatter<Intl.DateTimeFormat> {
  return bakeryDateTimeFormat({ ...options, timeZone: CALENDAR_DAY_ZONE })
}

/**
 * A moment as the bakery's clock showed it, in her locale: for loaders and
 * emails, never for a page's render. The browser's time-zone data can differ
 * from the server's (Debian's Chromium puts Vancouver at UTC-7 in November
 * 2026, Node 20 at UTC-8), and a moment written on both sides would then
 * disagree as React hydrates the page, which throws the page's HTML away.
 * So a loader sends a moment written, and the page shows it as it is.
 */
export function writeBakeryMoment(at: number | Date, options: Intl.DateTimeFormatOptions): string {
  return bakeryDateTimeFormat(options).format(typeof at === 'number' ? new Date(at) : at)
}

/** Written in the bakery's locale; a calendar day in CALENDAR_DAY_ZONE (see there). */
const readableDate = () =>
  calendarDayFormat({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })

/** A YYYY-MM-DD date as people write it: 'Saturday, December 12, 2026'. Other text is returned as it is. */
export function formatCalendarDate(value: string): string {
  if (!isCalendarDate(value)) return value
  return readableDate().format(new Date(`${value}T00:00:00Z`))
}

/** 'Monday, December 14': a date close enough that its year goes without saying. */
export function formatNearDate(date: string): string {
  return formatCalendarDate(date).replace(/, \d{4}$/, '')
}

const shortDay = () =>
  bakeryDateTimeFormat({
    timeZone: CALENDAR_DAY_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })
const shortDayAndYear = () =>
  bakeryDateTimeFormat({
    timeZone: CALENDAR_DAY_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })
const monthDay = () =>
  bakeryDateTimeFormat({ timeZone: CALENDAR_DAY_ZONE, month: 'short', day: 'numeric' })

const utc = (value: string) => new Date(`${value}T00:00:00Z`)

/**
 * Dates from `start` to `end` (YYYY-MM-DD, both included) as a person reads
 * them: 'Thu, Dec 24 – Sat, Dec 26, 2026', 'Thu, Dec 31, 2026 – Fri, Jan 1,
 * 2027', or 'Thu, Dec 24, 2026' for one day.
 */
export function formatDateRange(start: string, end: string): string {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return `${start} – ${end}`
  if (start === end) return shortDayAndYear().format(utc(start))
  const first = start.slice(0, 4) === end.slice(0, 4) ? shortDay() : shortDayAndYear()
  return `${first.format(utc(start))} – ${shortDayAndYear().format(utc(end))}`
}

/** The same dates, briefly: 'Dec 24 – Dec 26', or 'Dec 24' for one day. */
export function formatShortDateRange(start: string, end: string): string {
  if (!isCalendarDate(start) || !isCalendarDate(end)) return `${start} – ${end}`
  if (start === end) return monthDay().format(utc(start))
  return `${monthDay().format(utc(start))} – ${monthDay().format(utc(end))}`
}
