import { addDays } from '#app/utils/calendar-days.ts'
import { instantIn, timeIn, todayIn } from '#app/utils/dates.ts'

/**
 * The rules of her texts (decision 111), with no database: when a reminder
 * is due, what quiet hours allow, which replies mean stop, how a number is
 * written for Twilio, and what a month of texts costs her.
 */

/** Her quiet hours: no text goes out from `from` until `to` (HH:MM, bakery time). */
export interface QuietHours {
  from: string
  to: string
}

export const DEFAULT_QUIET_HOURS: QuietHours = { from: '21:00', to: '08:00' }

/** How long before a pickup the second reminder goes. */
export const SOON_BEFORE_MS = 2 * 60 * 60_000

/** A day without set pickup times is reminded of at this hour the day before. */
export const DAY_BEFORE_HOUR = '09:00'

/** Whether a wall-clock time (HH:MM) falls in quiet hours, which may run past midnight. */
export function isQuietTime(time: string, quiet: QuietHours): boolean {
  if (quiet.from === quiet.to) return false
  return quiet.from < quiet.to
    ? time >= quiet.from && time < quiet.to
    : time >= quiet.from || time < quiet.to
}

/** The first moment at or after `at` outside quiet hours, on the bakery's clock. */
export function afterQuietHours(at: number, timeZone: string, quiet: QuietHours): number {
  const date = todayIn(timeZone, new Date(at))
  const time = timeIn(timeZone, new Date(at))
  if (!isQuietTime(time, quiet)) return at
  // Quiet in the evening part of hours that run past midnight: they end tomorrow.
  const endsOn = quiet.from > quiet.to && time >= quiet.from ? addDays(date, 1) : date
  return instantIn(timeZone, endsOn, quiet.to).getTime()
}

/** One handover to be reminded of: its day and, on a day with set times, its window. */
export interface Handover {
  dueDate: string
  /** HH:MM-HH:MM, or null on a day without set times. */
  window: string | null
}

/** A reminder's moment, and the moment after which it is worth nothing. */
export interface ReminderMoment {
  at: number
  before: number
}

/**
 * When a handover's two reminders go, or undefined for one that quiet hours
 * push past its pickup:
 * - the day before, at the window's start on the bakery's clock (the same
 *   wall time, so 23 or 25 hours before across a change of the clocks), or
 *   at 9:00 the day before on a day without set times;
 * - two hours before the window starts (none without a window).
 * A reminder due in quiet hours waits for them to end.
 */
export function reminderMoments(
  { dueDate, window }: Handover,
  timeZone: string,
  quiet: QuietHours,
): { dayBefore?: ReminderMoment; soon?: ReminderMoment } {
  const start = window?.slice(0, 5)
  const pickupAt = instantIn(timeZone, dueDate, start ?? '00:00').getTime()
  const dayBeforeAt = instantIn(timeZone, addDays(dueDate, -1), start ?? DAY_BEFORE_HOUR).getTime()
  const moment = (at: number) => {
    const moved = afterQuietHours(at, timeZone, quiet)
    return moved < pickupAt ? { at: moved, before: pickupAt } : undefined
  }
  return {
    dayBefore: moment(dayBeforeAt),
    soon: start ? moment(pickupAt - SOON_BEFORE_MS) : undefined,
  }
}

/** Replies Twilio itself treats as opting out; we record them as consent withdrawn. */
const STOP_WORDS = new Set([
  'STOP',
  'STOPALL',
  'STOP ALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
])
/** Replies that opt back in to everything she had stopped (Twilio's own, too). */
const START_WORDS = new Set(['START', 'UNSTOP'])

/**
 * What a customer's reply asks: 'stop' (everything), 'start' (everything
 * again), 'yes' (the sign-up that asked her), or nothing we act on.
 */
export function replyMeaning(body: string): 'stop' | 'start' | 'yes' | undefined {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ')
    .toUpperCase()
  if (STOP_WORDS.has(word)) return 'stop'
  if (START_WORDS.has(word)) return 'start'
  if (word === 'YES' || word === 'Y') return 'yes'
  return undefined
}

/** The order book's ten digits as Twilio writes a North American number: +14165550123. */
export function e164Of(phone: string): string {
  return `+1${phone}`
}

/** A number as Twilio sends it (+14165550123) in the order book's ten digits; undefined if not North American. */
export function phoneOfE164(number: string): string | undefined {
  return /^\+1(\d{10})$/.exec(number.trim())?.[1]
}

/**
 * A text in the characters every phone network carries in 160 to a part
 * (GSM 03.38): the site's no-break spaces, dashes, curly quotes and ellipses
 * would otherwise make each part hold only 70, and cost her twice.
 */
export function plainText(text: string): string {
  return text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2026/g, '...')
}

/**
 * The GSM 03.38 basic set: anything else makes a text go as UCS-2. Never
 * shown on a page (scripts/subset-fonts.test.ts leaves this file out).
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
/** Characters of the extension table, each counting twice. */
const GSM_EXTENDED = '^{}\\[~]|€'

/** How many parts a text is sent (and charged) as: 160 to a lone part, 153 when split; 70 and 67 in UCS-2. */
export function textParts(text: string): number {
  let units = 0
  for (const char of text) {
    if (GSM_BASIC.includes(char)) units += 1
    else if (GSM_EXTENDED.includes(char)) units += 2
    else return Math.max(1, Math.ceil([...text].length / ([...text].length > 70 ? 67 : 70)))
  }
  return units <= 160 ? 1 : Math.ceil(units / 153)
}

/**
 * Her rate per text part, in thousandths of a cent: Twilio charges fractions
 * of a cent ($0.0083 a part is 830), and a month's cost is counted in them
 * and rounded up to a whole cent once, so it is never under what she pays.
 */
export function textCostCents(parts: number, rateMilliCents: number): number {
  return Math.ceil((parts * rateMilliCents) / 1000)
}

/** "0.0083" or "$0.0083" → 830; undefined for anything else (up to five decimals, under a dollar). */
export function parseTextRate(value: string): number | undefined {
  const match = /^\$?\s*0?\.(\d{1,5})$/.exec(value.trim())
  if (!match) return undefined
  return Number(match[1]!.padEnd(5, '0'))
}

/** 830 → "0.0083": her rate as she typed it, without trailing zeros past the cent. */
export function writeTextRate(rateMilliCents: number): string {
  const digits = String(rateMilliCents).padStart(5, '0')
  return `0.${digits.replace(/0+$/, '').padEnd(2, '0')}`
}

/** When this month began on the bakery's clock: her monthly limit counts from here. */
export function monthStartIn(timeZone: string, now: number): number {
  return instantIn(
    timeZone,
    `${todayIn(timeZone, new Date(now)).slice(0, 7)}-01`,
    '00:00',
  ).getTime()
}
