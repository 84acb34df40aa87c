import {
  type AvailabilityDay,
  type DayStatus,
  unavailableReason,
} from '#app/features/availability/availability.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate, isCalendarDate } from '#app/utils/dates.ts'
import { formatNearDate } from '#app/utils/dates.ts'

/**
 * The order form's date choice, worked out without the page: which days a
 * product can have, why the others cannot be picked, and what to say about
 * the date the visitor chose or typed. The server stays the authority; this
 * only saves the visitor a refused send.
 */
export interface DateRules {
  /** The bakery's date today (YYYY-MM-DD). */
  today: string
  /** The last date the bakery takes orders for (today + its booking horizon). */
  lastBookable: string
  /** The chosen product's notice in days (0 with no product chosen). */
  noticeDays: number
}

/** A calendar day's local Date as YYYY-MM-DD (the calendar works in the visitor's local days). */
export function isoDateOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** A YYYY-MM-DD date as the calendar's local Date, at noon so no clock change moves its day. */
export function localDateOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(year!, month! - 1, day!, 12)
}

/** The first and last dates of the month `date` falls in. */
export function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 7)}-01`
  const next = addDays(from, 32)
  return { from, to: addDays(`${next.slice(0, 7)}-01`, -1) }
}

/**
 * What is known of one day: the availability the server gave, or, before it
 * arrives, what the rules alone say (past, too soon for the notice, beyond
 * the horizon). Undefined means "open as far as we know yet".
 */
export function knownDay(
  date: string,
  days: ReadonlyMap<string, AvailabilityDay>,
  { today, lastBookable, noticeDays }: DateRules,
): AvailabilityDay | undefined {
  const loaded = days.get(date)
  if (loaded) return loaded
  if (date > lastBookable) return { date, status: 'closed', remaining: 0 }
  if (date < addDays(today, noticeDays)) return { date, status: 'too-soon', remaining: 0 }
  return undefined
}

/**
 * A day as the calendar shows it: its status, or 'past' for a day before
 * today (which the server counts as too soon, but reads differently), or
 * undefined while it is open as far as we know.
 */
export type DayKind = DayStatus | 'past'

export function dayKind(
  date: string,
  days: ReadonlyMap<string, AvailabilityDay>,
  rules: DateRules,
): DayKind | undefined {
  if (date < rules.today) return 'past'
  return knownDay(date, days, rules)?.status
}

/** Why a day cannot be picked ('fully booked', 'in the past'), or '' when it can. */
export function dayReason(
  date: string,
  days: ReadonlyMap<string, AvailabilityDay>,
  rules: DateRules,
): string {
  if (date < rules.today) return 'in the past'
  const day = knownDay(date, days, rules)
  return day ? unavailableReason(day, rules) : ''
}

/**
 * What the calendar says when an unavailable day is tapped: 'Saturday,
 * December 19: Fully booked', 'Friday, December 4: Needs 3 days' notice',
 * 'Monday, November 30: In the past'. Null for a day that can be picked.
 */
export function tappedDayNote(
  date: string,
  days: ReadonlyMap<string, AvailabilityDay>,
  rules: DateRules,
): string | null {
  const reason = dayReason(date, days, rules)
  if (!reason) return null
  return `${formatNearDate(date)}: ${reason[0]!.toUpperCase()}${reason.slice(1)}`
}

/** The first open day on or after `from` among `days`. */
export function firstOpenDay(days: readonly AvailabilityDay[], from: string): string | undefined {
  return days
    .filter((day) => day.status === 'open' && day.date >= from)
    .map((day) => day.date)
    .sort()[0]
}

/**
 * The "Next available" hint: the first day from `today` the bakery's answer
 * calls open for the treat, looking a month at a time up to the last
 * bookable day. The answer is the server's, which applies every rule (the
 * treat's notice, closed days, capacity, pickup times), so the hint offers
 * only a day a send would take. A date; null when none is open; undefined
 * when the bakery could not be asked (a month came back empty).
 */
export async function findNextAvailable({
  today,
  lastBookable,
  loadMonth,
}: {
  today: string
  lastBookable: string
  /** The bakery's answer for the days from `from` to `to`. */
  loadMonth: (from: string, to: string) => Promise<readonly AvailabilityDay[]>
}): Promise<string | null | undefined> {
  for (let month = monthOf(today); month.from <= lastBookable;) {
    const days = await loadMonth(month.from, month.to)
    // Every month has days: none means the bakery could not be asked, so say nothing.
    if (days.length === 0) return undefined
    const open = firstOpenDay(days, today)
    if (open) return open <= lastBookable ? open : null
    month = monthOf(addDays(month.to, 1))
  }
  return null
}

/** A calendar day's accessible name: 'Saturday, December 12, 2026 — fully booked'. */
export function dayLabel(date: string, reason: string): string {
  return reason ? `${formatCalendarDate(date)} — ${reason}` : formatCalendarDate(date)
}

/** The first open day after `date` among the days loaded so far. */
export function nextOpenLoaded(
  date: string,
  days: ReadonlyMap<string, AvailabilityDay>,
): string | undefined {
  return [...days.values()]
    .filter((day) => day.date > date && day.status === 'open')
    .map((day) => day.date)
    .sort()[0]
}

export interface DateNote {
  tone: 'open' | 'unavailable' | 'unknown'
  text: string
  /** A day to offer instead of an unavailable one. */
  suggestion?: string
}

/**
 * The line under the calendar about the chosen or typed date: 'Saturday,
 * December 12 is fully booked. The next open day is Monday, December 14.'
 */
export function dateNote(
  date: string,
  days: ReadonlyMap<string, AvailabilityDay>,
  rules: DateRules,
  /** What an open day means here: a request's is confirmed by the owner's reply. */
  openWords = 'We confirm every date when we reply.',
): DateNote | null {
  if (!isCalendarDate(date)) return null
  const day = knownDay(date, days, rules)
  const name = formatNearDate(date)
  if (!day) return { tone: 'unknown', text: `Checking ${name}…` }
  if (day.status === 'open') {
    return { tone: 'open', text: `${name} is open. ${openWords}` }
  }
  const suggestion = nextOpenLoaded(date, days)
  const next = suggestion
    ? ` The next open day is ${formatNearDate(suggestion)}.`
    : ' Please pick an open day in the calendar.'
  return {
    tone: 'unavailable',
    text: `${name} ${unavailablePhrase(day, rules)}.${next}`,
    suggestion,
  }
}

/** 'is fully booked', 'needs 14 days' notice', 'has already passed'. */
function unavailablePhrase(day: AvailabilityDay, rules: DateRules): string {
  if (day.status === 'too-soon') {
    return rules.noticeDays === 0 ? 'has already passed' : unavailableReason(day, rules)
  }
  if (day.status === 'closed' && day.date > rules.lastBookable) {
    return 'is further ahead than we take orders yet'
  }
  return `is ${unavailableReason(day, rules)}`
}
