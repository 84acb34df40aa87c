import type { Db } from '#app/db/db.server.ts'
import { readKitchen } from '#app/features/kitchen/kitchen.server.ts'
import { MAX_SHEET_DAYS, readOrdersToMake } from '#app/features/kitchen/orders-to-make.server.ts'
import { addDays, daysBetween } from '#app/utils/calendar-days.ts'
import { bakeryToday, formatCalendarDate, isCalendarDate } from '#app/utils/dates.ts'
import { type PrepSheet, type ShoppingList, prepSheet, shoppingList } from './bake-sheets.ts'

/**
 * GET /admin/kitchen/prep and /shopping: the range asked for (`from`, `to`,
 * YYYY-MM-DD; the coming week by default), or a word on why it cannot be had.
 */

export interface SheetRange {
  from: string
  to: string
  /** "Saturday, December 5 to Friday, December 11, 2026", for the heading and the printout. */
  words: string
}

export type SheetAnswer<Sheet> =
  | { ok: true; range: SheetRange; sheet: Sheet }
  | { ok: false; range: { from: string; to: string }; error: string }

function readRange(url: URL, now: Date): { from: string; to: string; error?: string } {
  const today = bakeryToday(now)
  const from = url.searchParams.get('from') || today
  const to = url.searchParams.get('to') || addDays(isCalendarDate(from) ? from : today, 6)
  if (!isCalendarDate(from) || !isCalendarDate(to)) {
    return { from, to, error: 'Choose the days as dates, like 2026-12-05.' }
  }
  if (to < from) return { from, to, error: 'The last day comes on or after the first.' }
  if (daysBetween(from, to) >= MAX_SHEET_DAYS) {
    return { from, to, error: `A sheet covers at most ${MAX_SHEET_DAYS} days.` }
  }
  return { from, to }
}

async function readSheet<Sheet>(
  db: Db,
  url: URL,
  now: Date,
  make: (
    kitchen: Awaited<ReturnType<typeof readKitchen>>,
    orders: Awaited<ReturnType<typeof readOrdersToMake>>,
  ) => Sheet,
): Promise<SheetAnswer<Sheet>> {
  const range = readRange(url, now)
  if (range.error)
    return { ok: false, range: { from: range.from, to: range.to }, error: range.error }
  const [kitchen, orders] = [
    await readKitchen(db),
    await readOrdersToMake(db, range.from, range.to),
  ]
  const words =
    range.from === range.to
      ? formatCalendarDate(range.from)
      : `${formatCalendarDate(range.from)} to ${formatCalendarDate(range.to)}`
  return {
    ok: true,
    range: { from: range.from, to: range.to, words },
    sheet: make(kitchen, orders),
  }
}

export function readPrepSheet(db: Db, url: URL, now = new Date()): Promise<SheetAnswer<PrepSheet>> {
  return readSheet(db, url, now, prepSheet)
}

export function readShoppingList(
  db: Db,
  url: URL,
  now = new Date(),
): Promise<SheetAnswer<ShoppingList>> {
  return readSheet(db, url, now, shoppingList)
}
