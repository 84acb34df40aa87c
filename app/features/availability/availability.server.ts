import type { Kysely, Transaction } from 'kysely'
import { serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import type { Product } from '#app/features/menu/product.ts'
import { HELD_STATUSES } from '#app/features/order-status/order-status.ts'
import { addDays, daysBetween, weekdayOf } from '#app/utils/calendar-days.ts'
import {
  OUTSIDE_DATE_WINDOW,
  bakeryToday,
  formatCalendarDate,
  isCalendarDate,
  isRealDate,
} from '#app/utils/dates.ts'
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

/**
 * The lock every change to what a day's capacity holds takes first (a send,
 * a change of day, a drop's basket that takes effort), so two never weigh
 * the same free capacity. A drop's basket takes its drop's lock before this
 * one, and nothing that takes this one takes a drop's, so they never wait on
 * each other in a circle.
 */
export async function lockBookings(trx: Transaction<Database>): Promise<void> {
  await serializeTransactions(trx, 'booking')
}

/**
 * Effort units held on each date from `from` to `to`: by requests that will
 * be made, by drop baskets held at `now` whose items take effort (an
 * ordered one is a request already, decision 100), and by a full day's
 * waitlist offers kept at `now` (decision 104).
 */
export async function bookedEffort(
  db: Executor,
  {
    from,
    to,
    except = [],
    exceptHold,
    now = new Date(),
  }: {
    from: string
    to: string
    except?: readonly number[]
    /** A drop hold not to count: a waitlist's offer, counted as its claimant's basket. */
    exceptHold?: string
    now?: Date
  },
): Promise<Map<string, number>> {
  const [requests, baskets, offers] = await Promise.all([
    ownTables(db)
      .selectFrom('order_request')
      .select(({ fn }) => ['due_date as date', fn.sum<number | string>('effort').as('effort')])
      .where('due_date', '>=', from)
      .where('due_date', '<=', to)
      .where('status', 'in', HELD_STATUSES)
      .$if(except.length > 0, (query) => query.where('id', 'not in', except))
      .groupBy('due_date')
      .execute(),
    ownTables(db)
      .selectFrom('drop_hold')
      .innerJoin('drop_sale', 'drop_sale.id', 'drop_hold.drop_id')
      .innerJoin('drop_hold_line', 'drop_hold_line.hold_id', 'drop_hold.id')
      .innerJoin('drop_item', 'drop_item.id', 'drop_hold_line.item_id')
      .select((eb) => [
        'drop_sale.pickup_date as date',
        eb.fn
          .sum<number | string>(eb('drop_hold_line.quantity', '*', eb.ref('drop_item.effort')))
          .as('effort'),
      ])
      .where('drop_sale.pickup_date', '>=', from)
      .where('drop_sale.pickup_date', '<=', to)
      .where('drop_hold.state', '=', 'held')
      .where('drop_hold.expires_at', '>', now.getTime())
      .where('drop_item.effort', '>', 0)
      .$if(exceptHold !== undefined, (query) => query.where('drop_hold.token', '!=', exceptHold!))
      .groupBy('drop_sale.pickup_date')
      .execute(),
    ownTables(db)
      .selectFrom('day_waitlist_entry')
      .select(({ fn }) => ['due_date as date', fn.sum<number | string>('effort').as('effort')])
      .where('due_date', '>=', from)
      .where('due_date', '<=', to)
      .where('state', '=', 'offered')
      .where('kept_until', '>', now.getTime())
      .groupBy('due_date')
      .execute(),
  ])
  const booked = new Map<string, number>()
  for (const row of [...requests, ...baskets, ...offers])
    booked.set(row.date, (booked.get(row.date) ?? 0) + Number(row.effort))
  return booked
}

/**
 * Whether a drop's basket taking `effort` units fits its pickup day at
 * `now`: the day's weekly capacity less what is booked and held. A drop's
 * own day need not be open to custom orders (she may close it for them), so
 * only its capacity counts. Run under lockBookings.
 */
export async function dayEffortRefusal(
  trx: Transaction<Database>,
  {
    date,
    effort,
    now,
    except,
  }: { date: string; effort: number; now: Date; except?: string | undefined },
): Promise<string | null> {
  if (effort <= 0) return null
  const rules = await readBookingRules(trx)
  const capacity = rules.weekdayCapacity[weekdayOf(date)] ?? 0
  const booked =
    (
      await bookedEffort(trx, {
        from: date,
        to: date,
        now,
        ...(except ? { exceptHold: except } : {}),
      })
    ).get(date) ?? 0
  if (capacity - booked >= effort) return null
  return `Our kitchen is full for ${formatCalendarDate(date)}: we cannot bake that much more for that day.`
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
    bookedEffort(db, { from, to, now }),
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
    now,
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
