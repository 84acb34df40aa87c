import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import { bookedEffort } from '#app/features/availability/availability.server.ts'
import {
  type ClosedPeriod,
  readBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import {
  type DeliveryAddress,
  HANDOVER_COLUMNS,
  addressOf,
} from '#app/features/order-book/handover.ts'
import {
  CALLED_OFF_STATUSES,
  HELD_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { addDays, datesFrom, weekdayOf } from '#app/utils/calendar-days.ts'
import { OUTSIDE_DATE_WINDOW, isCalendarDate, isRealDate } from '#app/utils/dates.ts'

const ownTables = tablesFor('owner-desk')

type Executor = Kysely<Database> | Transaction<Database>

/** Requests that will not be made: they leave the bake list and the calendar. */
const OFF_THE_BOOK = CALLED_OFF_STATUSES

export interface CalendarDay {
  date: string
  /** Whether the day belongs to the month shown (the grid pads whole weeks). */
  inMonth: boolean
  isToday: boolean
  /** Effort units the weekday allows; 0 when the bakery does not bake that weekday. */
  capacity: number
  /** Effort units held by requests still to be made or handed over (HELD_STATUSES): what counts against capacity. */
  booked: number
  /** How many requests hold a share of the day. */
  held: number
  /** Every request on the day that will be made (held, ready or completed). */
  live: number
  /** Why the bakery is closed that day, if it is: its weekday, or a closed period. */
  closed: null | { kind: 'weekday' } | { kind: 'period'; note: string }
}

export interface CalendarMonth {
  /** YYYY-MM */
  month: string
  previous: string
  next: string
  today: string
  /** Whole weeks, Sunday first, covering the month. */
  weeks: CalendarDay[][]
  /** Closed periods that touch the month, with the owner's notes. */
  closedPeriods: ClosedPeriod[]
  /** Weekdays (0 = Sunday) with no capacity. */
  closedWeekdays: number[]
}

/** The month a date falls in, as YYYY-MM. */
export function monthOf(date: string): string {
  return date.slice(0, 7)
}

/** The month `count` months after `month` (YYYY-MM); negative goes back. */
export function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number)
  const index = year * 12 + (monthNumber - 1) + count
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** A real month inside the site's DATE_WINDOW, so its grid (a week either side) stays in real dates. */
function isMonth(value: string): boolean {
  return /^\d{4}-\d{2}$/.test(value) && isCalendarDate(`${value}-01`)
}

export type CalendarQuery =
  | { ok: true; month: string; day: string | null }
  | { ok: false; month: string; day: null; error: string }

/**
 * Reads `?month=YYYY-MM&day=YYYY-MM-DD`. A day alone shows its own month; a
 * month or day that is not a real one is refused with a message, and the
 * current month is shown beside it so the page is still of use.
 */
export function parseCalendarQuery(url: URL, today: string): CalendarQuery {
  const month = url.searchParams.get('month')
  const day = url.searchParams.get('day')
  if (month !== null && !isMonth(month)) {
    return {
      ok: false,
      month: monthOf(today),
      day: null,
      error:
        /^\d{4}-\d{2}$/.test(month) && isRealDate(`${month}-01`)
          ? `That month is out of range. ${OUTSIDE_DATE_WINDOW}`
          : 'That month could not be read. Months look like 2026-12.',
    }
  }
  if (day !== null && !isCalendarDate(day)) {
    return {
      ok: false,
      month: month ?? monthOf(today),
      day: null,
      error: isRealDate(day)
        ? `That day is out of range. ${OUTSIDE_DATE_WINDOW}`
        : 'That day could not be read. Days look like 2026-12-12.',
    }
  }
  return { ok: true, month: month ?? (day ? monthOf(day) : monthOf(today)), day }
}

/**
 * One month of due dates as the owner plans it: each day's booked effort
 * against its capacity, how many requests it holds, and whether (and why)
 * the bakery is closed, with the owner's private notes.
 */
export async function readCalendarMonth(
  db: Executor,
  { month, today }: { month: string; today: string },
): Promise<CalendarMonth> {
  const first = `${month}-01`
  const last = addDays(`${addMonths(month, 1)}-01`, -1)
  const gridStart = addDays(first, -weekdayOf(first))
  const gridEnd = addDays(last, 6 - weekdayOf(last))
  const [settings, booked, counts] = await Promise.all([
    readBookingSettings(db),
    bookedEffort(db, { from: gridStart, to: gridEnd }),
    ownTables(db)
      .selectFrom('order_request')
      .select(['due_date', 'status', ({ fn }) => fn.countAll<number | string>().as('count')])
      .where('due_date', '>=', gridStart)
      .where('due_date', '<=', gridEnd)
      .where('status', 'not in', OFF_THE_BOOK)
      .groupBy(['due_date', 'status'])
      .execute(),
  ])
  const held = new Map<string, number>()
  const live = new Map<string, number>()
  for (const row of counts) {
    const count = Number(row.count)
    live.set(row.due_date, (live.get(row.due_date) ?? 0) + count)
    if (isIn(HELD_STATUSES, row.status)) {
      held.set(row.due_date, (held.get(row.due_date) ?? 0) + count)
    }
  }
  const days = datesFrom(gridStart, gridEnd).map((date): CalendarDay => {
    const capacity = settings.weekdayCapacity[weekdayOf(date)] ?? 0
    const period = settings.closedPeriods.find((p) => p.start <= date && date <= p.end)
    return {
      date,
      inMonth: monthOf(date) === month,
      isToday: date === today,
      capacity,
      booked: booked.get(date) ?? 0,
      held: held.get(date) ?? 0,
      live: live.get(date) ?? 0,
      closed: period
        ? { kind: 'period', note: period.note }
        : capacity <= 0
          ? { kind: 'weekday' }
          : null,
    }
  })
  const weeks: CalendarDay[][] = []
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7))
  return {
    month,
    previous: addMonths(month, -1),
    next: addMonths(month, 1),
    today,
    weeks,
    closedPeriods: settings.closedPeriods.filter(
      (period) => period.start <= last && period.end >= first,
    ),
    closedWeekdays: settings.weekdayCapacity.flatMap((capacity, weekday) =>
      capacity <= 0 ? [weekday] : [],
    ),
  }
}

export interface BakeListItem {
  id: number
  status: RequestStatus
  product: string
  servings: string | null
  name: string
  phone: string
  eventTheme: string
  /** What eventTheme is called (themeLabel): her event, or what she chose at a set price. */
  eventThemeLabel: string
  fulfilment: 'pickup' | 'delivery' | null
  /** The handover window, HH:MM-HH:MM, when the day has windows. */
  window: string | null
  /** A delivery's address and notes. */
  delivery: DeliveryAddress
  allergies: string | null
  comments: string | null
  effort: number
}

/**
 * What is due on one day and will be made: every request but the declined,
 * cancelled and expired ones, in the order they arrived.
 */
export async function readBakeList(db: Executor, date: string): Promise<BakeListItem[]> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'status',
      'product_type',
      'servings',
      'name',
      'phone_number',
      'event_theme',
      'event_theme_holds',
      'fulfilment',
      'allergies',
      'comments',
      'effort',
      ...HANDOVER_COLUMNS,
    ])
    .where('due_date', '=', date)
    .where('status', 'not in', OFF_THE_BOOK)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: Number(row.id),
    status: row.status,
    product: row.product_type,
    servings: row.servings,
    name: row.name,
    phone: row.phone_number,
    eventTheme: row.event_theme,
    eventThemeLabel: themeLabel(row.event_theme_holds),
    fulfilment: row.fulfilment,
    window: row.pickup_window,
    delivery: addressOf(row),
    // Blank allergies are no allergies: the list shows only what needs care.
    allergies: row.allergies?.trim() ? row.allergies.trim() : null,
    comments: row.comments,
    effort: Number(row.effort),
  }))
}
