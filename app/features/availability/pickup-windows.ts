import { formatClockRange } from '#app/utils/clock-times.ts'

/**
 * Pickup windows (docs/decisions/043): on a weekday the owner gives times,
 * each request names one, written `HH:MM-HH:MM` (the order form's
 * `pickup_window`). Pure and browser-safe: the settings form, the order form
 * and the server read windows the same way.
 */
/** A window on a weekday, as the owner set it. */
export interface PickupWindow {
  id: number
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
  /** HH:MM */
  start: string
  /** HH:MM, after start. */
  end: string
  /** How many requests it takes. */
  capacity: number
}

/** A window of one day, as the public availability answer gives it. */
export interface DayWindow {
  /** `HH:MM-HH:MM`: what the order form posts. */
  value: string
  /** Every place taken. */
  full: boolean
}

export const PICKUP_WINDOW_LIMITS = {
  perDay: 4,
  capacity: { min: 1, max: 99 },
  /** Times fall on this many minutes past the hour (0, 15, 30, 45). */
  stepMinutes: 15,
  address: 300,
} as const

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of `HH:MM`, or undefined when it is not a time of day. */
export function minutesOf(time: string): number | undefined {
  const match = TIME.exec(time)
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined
}

/** Whether `HH:MM` is a time of day on the quarter-hour grid. */
export function isGridTime(time: string): boolean {
  const minutes = minutesOf(time)
  return minutes !== undefined && minutes % PICKUP_WINDOW_LIMITS.stepMinutes === 0
}

/** The form value of a window: `10:00-12:00`. */
export function windowValue({ start, end }: { start: string; end: string }): string {
  return `${start}-${end}`
}

/**
 * How people read a window, in the bakery's locale (utils/clock-times.ts):
 * `10:00 a.m.–12:00 p.m.` in en-CA, `10:00–12:00` in en-GB. Every page,
 * email and alert that names a window writes it here; the form value and
 * the export keep `10:00-12:00`.
 */
export function formatWindow(value: string): string {
  const [start = '', end = ''] = value.split('-')
  if (minutesOf(start) === undefined || minutesOf(end) === undefined) return value.replace('-', '–')
  return formatClockRange(start, end)
}

/** Whether two windows of one day share any minute (touching ends do not). */
export function windowsOverlap(
  a: { start: string; end: string },
  b: { start: string; end: string },
): boolean {
  return a.start < b.end && b.start < a.end
}
