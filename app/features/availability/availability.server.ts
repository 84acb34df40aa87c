import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import type { Product } from '#app/features/menu/product.ts'
import { HELD_STATUSES } from '#app/features/order-status/order-status.ts'
import { addDays, daysBetween } from '#app/utils/calendar-days.ts'
import { OUTSIDE_DATE_WINDOW, bakeryToday, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type AvailabilityDay,
  type BookingRules,
  type Demand,
  MAX_AVAILABILITY_DAYS,
  PLAIN_DEMAND,
  availabilityBetween,
  dayAvailability,
  nextOpenDay,
  withWindows,
} from './availability.ts'
import { readBookingRules } from './booking-settings.server.ts'
import { dayWindowsBetween, daysWithWindowsTaken } from './pickup-windows.server.ts'

/**
 * Whether requests can be booked: the public availability answer, and the
 * check a send makes against the rules and what requests already hold. The
 * rules themselves are in booking-settings.server.ts, the pickup windows in
 * pickup-windows.server.ts.
 */

const ownTables = tablesFor('availability')

type Executor = Kysely<Database> | Transaction<Database>

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
