import type { Kysely, Transaction } from 'kysely'
import { serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import type { Product } from '#app/features/menu/product.ts'
import { HELD_STATUSES } from '#app/features/order-status/order-status.ts'
import { addDays, daysBetween, weekdayOf } from '#app/utils/calendar-days.ts'
import { OUTSIDE_DATE_WINDOW, bakeryToday, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { type RenderedMarkdown, htmlToShow } from '#app/utils/markdown.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type AvailabilityDay,
  type BookingRules,
  type Demand,
  PLAIN_DEMAND,
  availabilityBetween,
  dayAvailability,
  nextOpenDay,
  withWindows,
} from './availability.ts'
import {
  type DayWindow,
  PICKUP_WINDOW_LIMITS,
  type PickupWindow,
  formatWindow,
  windowValue,
  windowsOverlap,
} from './pickup-windows.ts'

const ownTables = tablesFor('availability')

type Executor = Kysely<Database> | Transaction<Database>

/** The most days one availability call answers for: a year and a bit, for a calendar's worth of months. */
export const MAX_AVAILABILITY_DAYS = 400

export interface ClosedPeriod {
  id: number
  start: string
  end: string
  /** Private: for the owner's eyes only. */
  note: string
}

/** Everything the owner sets about bookings, as /admin/settings shows it. */
export interface BookingSettings extends BookingRules {
  closedPeriods: ClosedPeriod[]
  /** Her Markdown, as she wrote it. */
  policies: string
  /** The policies as the pages show them: rendered when she saved them (decision 076). */
  policiesHtml: string
  deliveryEnabled: boolean
  deliveryNote: string
  /** Every weekday's pickup windows, by weekday then time. */
  pickupWindows: PickupWindow[]
  /** Private: shown to a customer only once her request is confirmed. */
  pickupAddress: string
}

export async function readBookingSettings(db: Executor): Promise<BookingSettings> {
  const [weekdays, periods, settings, pickupWindows] = await Promise.all([
    ownTables(db).selectFrom('weekday_capacity').select(['weekday', 'capacity']).execute(),
    ownTables(db)
      .selectFrom('closed_period')
      .select(['id', 'start_date', 'end_date', 'note'])
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('booking_settings')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
    readPickupWindows(db),
  ])
  const weekdayCapacity = [0, 0, 0, 0, 0, 0, 0]
  for (const row of weekdays) weekdayCapacity[Number(row.weekday)] = Number(row.capacity)
  return {
    weekdayCapacity,
    closedPeriods: periods.map((row) => ({
      id: Number(row.id),
      start: row.start_date,
      end: row.end_date,
      note: row.note,
    })),
    horizonDays: Number(settings.horizon_days),
    policies: settings.policies,
    policiesHtml: htmlToShow(settings.policies, settings.policies_html),
    deliveryEnabled: Number(settings.delivery_enabled) === 1,
    deliveryNote: settings.delivery_note,
    pickupWindows,
    pickupAddress: settings.pickup_address,
  }
}

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

/** The pickup address, for a customer whose request is confirmed (and the owner). */
export async function readPickupAddress(db: Executor): Promise<string> {
  const { pickup_address } = await ownTables(db)
    .selectFrom('booking_settings')
    .select('pickup_address')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return pickup_address
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
async function daysWithWindowsTaken(
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
    await serializeTransactions(trx as Transaction<Database>, 'booking')
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

/** The rules customers' bookings follow: the settings without anything private. */
export async function readBookingRules(db: Executor): Promise<BookingRules> {
  const { weekdayCapacity, closedPeriods, horizonDays } = await readBookingSettings(db)
  return {
    weekdayCapacity,
    closedPeriods: closedPeriods.map(({ start, end }) => ({ start, end })),
    horizonDays,
  }
}

/** Effort units held on each date from `from` to `to` by requests that will be made. */
export async function bookedEffort(
  db: Executor,
  { from, to, except = [] }: { from: string; to: string; except?: readonly number[] },
): Promise<Map<string, number>> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select(({ fn }) => ['due_date', fn.sum<number | string>('effort').as('effort')])
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .where('status', 'in', HELD_STATUSES)
    .$if(except.length > 0, (query) => query.where('id', 'not in', except))
    .groupBy('due_date')
    .execute()
  return new Map(rows.map((row) => [row.due_date, Number(row.effort)]))
}

/** What a request for this product needs of a day; 'Other' and unknown names need the least. */
export function demandOf(
  productName: string | undefined,
  products: readonly Pick<Product, 'name' | 'noticeDays' | 'effort'>[],
): Demand {
  const product = products.find((candidate) => candidate.name === productName)
  return product ? { noticeDays: product.noticeDays, effort: product.effort } : PLAIN_DEMAND
}

export type AvailabilityAnswer = { days: AvailabilityDay[] } | { error: string }

/**
 * GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD[&product=<name>]: each
 * day's status and remaining capacity for the product (any active product's
 * name, or 'Other'). Public, so nothing private (the owner's notes, who
 * booked) is in it.
 */
export async function answerAvailability({
  db,
  url,
  products,
  now = new Date(),
}: {
  db: Executor
  url: URL
  /** The menu's active products. */
  products: readonly Product[]
  now?: Date
}): Promise<Reply<AvailabilityAnswer>> {
  const from = url.searchParams.get('from') ?? ''
  const to = url.searchParams.get('to') ?? ''
  const product = url.searchParams.get('product')
  if (!isRealDate(from) || !isRealDate(to)) {
    return reply(400, {
      error: 'Give the dates as from=YYYY-MM-DD&to=YYYY-MM-DD, e.g. from=2026-12-01&to=2026-12-31.',
    })
  }
  if (!isCalendarDate(from) || !isCalendarDate(to))
    return reply(400, { error: OUTSIDE_DATE_WINDOW })
  if (to < from) return reply(400, { error: 'The “to” date must not be before the “from” date.' })
  if (daysBetween(from, to) + 1 > MAX_AVAILABILITY_DAYS) {
    return reply(400, {
      error: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`,
    })
  }
  if (product !== null && product !== 'Other' && !products.some((p) => p.name === product)) {
    return reply(400, { error: `“${product.slice(0, 60)}” is not on our menu now.` })
  }
  const [rules, booked, windows] = await Promise.all([
    readBookingRules(db),
    bookedEffort(db, { from, to }),
    dayWindowsBetween(db, { from, to }),
  ])
  const today = bakeryToday(now)
  const demand = demandOf(product ?? undefined, products)
  const days = availabilityBetween({ from, to, today, rules, booked, demand })
  return reply(200, { days: days.map((day) => withWindows(day, windows.get(day.date))) })
}

/** The last date customers may book today. */
export function lastBookableDate(rules: Pick<BookingRules, 'horizonDays'>, today: string): string {
  return addDays(today, rules.horizonDays)
}

/** One request of a send, as the capacity check sees it. */
export interface Booking {
  dueDate: string
  productType: string
}

/** The first request of a send that cannot be booked, and why. */
export interface Unbookable {
  /** 0-based, in the send's order. */
  index: number
  day: AvailabilityDay
  demand: Demand
  /** The first day after it this request could have, if any within the horizon. */
  nextOpen: string | undefined
  lastBookable: string
}

/**
 * Checks a send's requests against the rules and what is already held,
 * counting the send's own earlier requests as held too (two cakes for one
 * Saturday need room for both). Run it inside the transaction that stores
 * the send, after taking the booking lock, so what it reads cannot change
 * before the requests are written.
 */
export async function findUnbookable(
  trx: Executor,
  bookings: readonly Booking[],
  {
    products,
    now,
    except = [],
  }: {
    products: readonly Product[]
    now: Date
    /** Requests not to count as held: those a change moves to another day (decision 054). */
    except?: readonly number[]
  },
): Promise<Unbookable | undefined> {
  if (bookings.length === 0) return undefined
  const today = bakeryToday(now)
  const rules = await readBookingRules(trx)
  const lastBookable = lastBookableDate(rules, today)
  const dates = bookings.map((booking) => booking.dueDate).sort()
  const booked = await bookedEffort(trx, {
    from: dates[0]!,
    // Far enough to suggest the next open day after the latest one.
    to: lastBookable > dates.at(-1)! ? lastBookable : dates.at(-1)!,
    except,
  })
  for (const [index, booking] of bookings.entries()) {
    const demand = demandOf(booking.productType, products)
    const held = booked.get(booking.dueDate) ?? 0
    const day = dayAvailability({ date: booking.dueDate, today, rules, booked: held, demand })
    if (day.status !== 'open') {
      const windowsTaken = await daysWithWindowsTaken(trx, {
        from: addDays(booking.dueDate, 1),
        to: lastBookable,
      })
      const nextOpen = nextOpenDay({
        after: booking.dueDate,
        today,
        rules,
        booked,
        demand,
        windowsTaken,
      })
      return { index, day, demand, nextOpen, lastBookable }
    }
    booked.set(booking.dueDate, held + demand.effort)
  }
  return undefined
}

/** Runs `work` in a transaction: `db`'s own, or a new one. */
function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : (db as Kysely<Database>).transaction().execute(work)
}

/**
 * Sets each weekday's capacity in effort units (index 0 = Sunday); 0 closes
 * that weekday. All seven change together or none does.
 */
export async function setWeekdayCapacity(db: Executor, capacities: readonly number[]) {
  await inTransaction(db, async (trx) => {
    for (const [weekday, capacity] of capacities.entries()) {
      await ownTables(trx)
        .updateTable('weekday_capacity')
        .set({ capacity })
        .where('weekday', '=', weekday)
        .execute()
    }
  })
}

/** Closes the bakery from `start` to `end` (both included), with the owner's private note. */
export async function addClosedPeriod(
  db: Executor,
  { start, end = start, note = '' }: { start: string; end?: string; note?: string },
): Promise<number> {
  const { id } = await ownTables(db)
    .insertInto('closed_period')
    .values({ start_date: start, end_date: end, note })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** Opens the bakery again on a closed period's dates; the period removed, or undefined if it was gone. */
export async function removeClosedPeriod(
  db: Executor,
  id: number,
): Promise<Pick<ClosedPeriod, 'start' | 'end'> | undefined> {
  const row = await ownTables(db)
    .deleteFrom('closed_period')
    .where('id', '=', id)
    .returning(['start_date', 'end_date'])
    .executeTakeFirst()
  return row ? { start: row.start_date, end: row.end_date } : undefined
}

/**
 * Changes any of the one-row settings: the horizon, the policies, delivery.
 * The policies come rendered (`renderMarkdown`, which refuses a text that
 * cannot be shown), and their HTML is stored beside them.
 */
export async function updateBookingSettings(
  db: Executor,
  change: Partial<
    Pick<BookingSettings, 'horizonDays' | 'deliveryEnabled' | 'deliveryNote' | 'pickupAddress'> & {
      policies: RenderedMarkdown
    }
  >,
): Promise<void> {
  const values = {
    ...(change.horizonDays !== undefined ? { horizon_days: change.horizonDays } : {}),
    ...(change.policies !== undefined
      ? { policies: change.policies.markdown, policies_html: change.policies.html }
      : {}),
    ...(change.deliveryEnabled !== undefined
      ? { delivery_enabled: change.deliveryEnabled ? 1 : 0 }
      : {}),
    ...(change.deliveryNote !== undefined ? { delivery_note: change.deliveryNote } : {}),
    ...(change.pickupAddress !== undefined ? { pickup_address: change.pickupAddress } : {}),
  }
  if (Object.keys(values).length === 0) return
  await ownTables(db).updateTable('booking_settings').set(values).where('id', '=', 1).execute()
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
