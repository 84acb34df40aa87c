import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import { inTransaction } from '#app/db/in-transaction.server.ts'
import type { Database } from '#app/db/schema.ts'
import { HELD_STATUSES } from '#app/features/order-status/order-status.ts'
import { addDays, weekdayOf } from '#app/utils/calendar-days.ts'
import { lockBookings } from './availability.server.ts'
import { MAX_AVAILABILITY_DAYS } from './availability.ts'
import {
  type DayWindow,
  PICKUP_WINDOW_LIMITS,
  type PickupWindow,
  formatWindow,
  windowValue,
  windowsOverlap,
} from './pickup-windows.ts'

/**
 * The owner's pickup windows in the database (docs/decisions/043): read,
 * added, removed and replaced, and what the requests already hold in each.
 */

const ownTables = tablesFor('availability')

type Executor = Kysely<Database> | Transaction<Database>

/** Every pickup window the owner set, by weekday then start time. */
export async function readPickupWindows(db: Executor): Promise<PickupWindow[]> {
  const rows = await ownTables(db)
    .selectFrom('pickup_window')
    .select(['id', 'weekday', 'start_time', 'end_time', 'capacity'])
    .orderBy('weekday')
    .orderBy('start_time')
    .execute()
  return rows.map((row) => ({
    id: Number(row.id),
    weekday: Number(row.weekday),
    start: row.start_time,
    end: row.end_time,
    capacity: Number(row.capacity),
  }))
}

/** Requests held in each window from `from` to `to`, keyed `date window`. */
async function heldInWindows(
  db: Executor,
  { from, to, except = [] }: { from: string; to: string; except?: readonly number[] },
): Promise<Map<string, number>> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select(({ fn }) => ['due_date', 'pickup_window', fn.countAll<number | string>().as('held')])
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .where('pickup_window', 'is not', null)
    .where('status', 'in', HELD_STATUSES)
    .$if(except.length > 0, (query) => query.where('id', 'not in', except))
    .groupBy(['due_date', 'pickup_window'])
    .execute()
  return new Map(rows.map((row) => [`${row.due_date} ${row.pickup_window}`, Number(row.held)]))
}

/** The windows of each day from `from` to `to` that has any, and whether each is full. */
export async function dayWindowsBetween(
  db: Executor,
  { from, to }: { from: string; to: string },
): Promise<Map<string, DayWindow[]>> {
  const windows = await readPickupWindows(db)
  const days = new Map<string, DayWindow[]>()
  if (windows.length === 0) return days
  const held = await heldInWindows(db, { from, to })
  for (let date = from, step = 0; date <= to && step < MAX_AVAILABILITY_DAYS; step++) {
    const own = windows.filter((window) => window.weekday === weekdayOf(date))
    if (own.length > 0) {
      days.set(
        date,
        own.map((window) => {
          const value = windowValue(window)
          return { value, full: (held.get(`${date} ${value}`) ?? 0) >= window.capacity }
        }),
      )
    }
    date = addDays(date, 1)
  }
  return days
}

/** The days from `from` to `to` whose every pickup window is taken (none when from > to). */
export async function daysWithWindowsTaken(
  db: Executor,
  { from, to }: { from: string; to: string },
): Promise<Set<string>> {
  if (from > to) return new Set()
  const windows = await dayWindowsBetween(db, { from, to })
  return new Set(
    [...windows].filter(([, own]) => own.every((window) => window.full)).map(([date]) => date),
  )
}

/** Why a send's request cannot have its window: none chosen on a day with windows, one the day has not, or a full one. */
export interface WindowRefusal {
  /** 0-based, in the send's order. */
  index: number
  reason: 'missing' | 'unknown' | 'full'
  /** The day's windows that still have room, as `HH:MM-HH:MM`. */
  open: string[]
  /** Whether the day has windows at all (full or not). */
  dayHasWindows: boolean
}

/**
 * Checks each request's pickup window against its day's windows and what
 * they already hold, counting the send's own earlier requests. Run it in the
 * send's transaction after the booking lock, as findUnbookable.
 */
export async function findWindowRefusal(
  trx: Executor,
  bookings: readonly { dueDate: string; window: string | undefined }[],
  /** Requests not to count as held: those a change moves (decision 054). */
  { except = [] }: { except?: readonly number[] } = {},
): Promise<WindowRefusal | undefined> {
  if (bookings.length === 0) return undefined
  const windows = await readPickupWindows(trx)
  if (windows.length === 0) {
    const index = bookings.findIndex((booking) => booking.window !== undefined)
    return index === -1 ? undefined : { index, reason: 'unknown', open: [], dayHasWindows: false }
  }
  const dates = bookings.map((booking) => booking.dueDate).sort()
  const held = await heldInWindows(trx, { from: dates[0]!, to: dates.at(-1)!, except })
  for (const [index, { dueDate, window }] of bookings.entries()) {
    const own = windows.filter((candidate) => candidate.weekday === weekdayOf(dueDate))
    if (own.length === 0) {
      if (window === undefined) continue
      return { index, reason: 'unknown', open: [], dayHasWindows: false }
    }
    const open = own
      .filter(
        (candidate) => (held.get(`${dueDate} ${windowValue(candidate)}`) ?? 0) < candidate.capacity,
      )
      .map(windowValue)
    const chosen = own.find((candidate) => windowValue(candidate) === window)
    if (window === undefined) return { index, reason: 'missing', open, dayHasWindows: true }
    if (!chosen) return { index, reason: 'unknown', open, dayHasWindows: true }
    const key = `${dueDate} ${window}`
    const taken = held.get(key) ?? 0
    if (taken >= chosen.capacity) return { index, reason: 'full', open, dayHasWindows: true }
    held.set(key, taken + 1)
  }
  return undefined
}

export type AddWindowResult =
  { ok: true; window: PickupWindow } | { ok: false; field: string; error: string }

/**
 * Adds a pickup window to a weekday: refused when the day has its most
 * windows already or the new one overlaps one of them. Two owners' tabs
 * adding at once take turns (the booking lock), so neither check is raced.
 */
export async function addPickupWindow(
  db: Executor,
  window: Omit<PickupWindow, 'id'>,
): Promise<AddWindowResult> {
  return inTransaction(db, async (trx) => {
    await lockBookings(trx as Transaction<Database>)
    const own = (await readPickupWindows(trx)).filter((other) => other.weekday === window.weekday)
    if (own.length >= PICKUP_WINDOW_LIMITS.perDay) {
      return {
        ok: false,
        field: 'window_weekday',
        error: `A day can have at most ${PICKUP_WINDOW_LIMITS.perDay} pickup windows; remove one first.`,
      }
    }
    const clash = own.find((other) => windowsOverlap(other, window))
    if (clash) {
      return {
        ok: false,
        field: 'window_start',
        error: `That overlaps ${formatWindow(windowValue(clash))} on the same day; choose times outside it.`,
      }
    }
    const { id } = await ownTables(trx)
      .insertInto('pickup_window')
      .values({
        weekday: window.weekday,
        start_time: window.start,
        end_time: window.end,
        capacity: window.capacity,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { ok: true, window: { ...window, id: Number(id) } }
  })
}

/** Removes a pickup window; the window removed, or undefined if it was gone. Requests keep the time they chose. */
export async function removePickupWindow(
  db: Executor,
  id: number,
): Promise<PickupWindow | undefined> {
  const row = await ownTables(db)
    .deleteFrom('pickup_window')
    .where('id', '=', id)
    .returning(['id', 'weekday', 'start_time', 'end_time', 'capacity'])
    .executeTakeFirst()
  return row
    ? {
        id: Number(row.id),
        weekday: Number(row.weekday),
        start: row.start_time,
        end: row.end_time,
        capacity: Number(row.capacity),
      }
    : undefined
}

/**
 * Replaces every pickup window with `windows` (already checked: on the grid,
 * at most PICKUP_WINDOW_LIMITS.perDay a day, none overlapping), in the
 * caller's transaction. Requests keep the times they chose.
 */
export async function replacePickupWindows(
  db: Executor,
  windows: readonly Omit<PickupWindow, 'id'>[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await ownTables(trx).deleteFrom('pickup_window').execute()
    for (const window of windows) {
      await ownTables(trx)
        .insertInto('pickup_window')
        .values({
          weekday: window.weekday,
          start_time: window.start,
          end_time: window.end,
          capacity: window.capacity,
        })
        .execute()
    }
  })
}
