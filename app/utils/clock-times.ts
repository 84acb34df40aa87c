import { calendarDayFormat } from './dates.ts'

/**
 * A wall-clock time of day (`HH:MM`, the way pickup windows are stored and
 * posted) as the bakery's locale writes one: '5:30 p.m.' in en-CA,
 * '5:30 PM' in en-US, '17:30' in en-GB, '17 h 30' in fr-CA, the same style
 * her moments are written in (timeStyle 'short'), so a window and a moment
 * on one page read alike (decision 085).
 *
 * A time of day is no moment: it is written on a fixed day in
 * CALENDAR_DAY_ZONE, like a calendar day, so no time zone moves it and the
 * server and the browser write it the same. Browser-safe.
 */

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/

const clockFormat = () => calendarDayFormat({ timeStyle: 'short' })

/**
 * `HH:MM` in the bakery's locale; any other text is returned as it is. Its
 * spaces are no-break spaces, so '10:00 a.m.' or '10 h 00' never breaks
 * across two lines on her phone, and an ICU that writes a narrow no-break
 * space before 'AM' (some versions do) writes the same words as one that
 * writes a plain space.
 */
export function formatClockTime(time: string): string {
  const match = TIME_OF_DAY.exec(time)
  if (!match) return time
  const at = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])))
  return clockFormat().format(at).replace(/\s/g, '\u00a0')
}

/**
 * From one time of day to another, joined by an en dash and written in full:
 * '10:00 a.m.–12:00 p.m.', '10:00–12:00'.
 */
export function formatClockRange(start: string, end: string): string {
  return `${formatClockTime(start)}–${formatClockTime(end)}`
}

/**
 * A sentence with its full stop, unless its last words end in one already,
 * as a time does in some locales ('… to 4:00 p.m.'): never 'p.m..'.
 */
export function endSentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`
}
