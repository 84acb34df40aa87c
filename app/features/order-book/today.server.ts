import type { Db } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { addDays } from '#app/features/availability/availability.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/order-status.ts'
import { readBookedBalances } from './booked-balances.server.ts'
import { type OpenQuote, readOpenQuotes } from './open-quotes.server.ts'
import { type BakeListItem, readBakeList } from './owner-calendar.server.ts'

/** A request as the Today page lists it: whose, what and for when, with a link by id. */
export interface TodayRequest {
  id: number
  name: string
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
}

export interface WaitingRequest extends TodayRequest {
  /** YYYY-MM-DD, the bakery's day the send arrived. */
  receivedOn: string
}

export interface QuoteAwaitingAnswer extends TodayRequest {
  /** Millis: when the quote lapses unanswered. */
  expiresAt: number
  /** YYYY-MM-DD, the bakery's day it lapses. */
  expiresOn: string
}

export interface DepositDue extends TodayRequest {
  /** Cents still owed towards the deposit. */
  owedCents: number
  /** YYYY-MM-DD, or null when the quote set no date. */
  depositDue: string | null
  /** Its due date is before the bakery's today and it is still owed. */
  overdue: boolean
}

export interface BalanceDue extends TodayRequest {
  /** Cents still owed. */
  owedCents: number
  /** YYYY-MM-DD */
  balanceDue: string
  /** Its date is before the bakery's today and it is still owed. */
  overdue: boolean
}

/** One of the page's lists: its first items, and how many there are in all. */
export interface TodayList<T> {
  items: T[]
  total: number
}

/**
 * The most items a list shows: a glance, not the order book. The rest are
 * one tap away in the order list, filtered to the same state.
 */
export const TODAY_LIST_LIMIT = 10

export interface TodayPage {
  today: string
  /** The bake lists of today and tomorrow. */
  days: { date: string; items: BakeListItem[] }[]
  /** New requests waiting for the owner's reply, oldest first. */
  waiting: TodayList<WaitingRequest>
  /** Quotes sent and not answered yet, the soonest to lapse first. */
  awaitingAnswer: TodayList<QuoteAwaitingAnswer>
  /** Quotes the customer accepted whose deposit is not in: overdue first, then by due date. */
  deposits: TodayList<DepositDue>
  /**
   * Balances of booked requests still owed and overdue, or due within
   * BALANCE_REMINDER_DAYS: overdue first, then by date.
   */
  balances: TodayList<BalanceDue>
}

/**
 * What the owner needs at a glance when she signs in: what to bake today and
 * tomorrow, who waits for her reply, which quotes wait for the customer's, and
 * which deposits are due or overdue. Read from the same tables, rules and bake
 * lists as the order book, calendar and morning digest; each list reads its
 * first items and its count, so the page costs the same at any size of book.
 */
export async function readTodayPage(db: Db, { now }: { now: Date }): Promise<TodayPage> {
  const today = bakeryToday(now)
  const dates = [today, addDays(today, 1)]
  const newRequests = () => db.selectFrom('order_request').where('order_request.status', '=', 'new')
  const [days, waiting, waitingCount, openQuotes, balances] = await Promise.all([
    Promise.all(dates.map(async (date) => ({ date, items: await readBakeList(db, date) }))),
    newRequests()
      .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
      .select([
        'order_request.id',
        'order_request.name',
        'order_request.product_type',
        'order_request.due_date',
        'order_batch.created_at',
      ])
      .orderBy('order_request.id', 'asc')
      .limit(TODAY_LIST_LIMIT)
      .execute(),
    // Kept by triggers (migration 016-growth-status-counts): no count of the book.
    db
      .selectFrom('order_status_count')
      .select('count')
      .where('status', '=', 'new')
      .executeTakeFirst(),
    readOpenQuotes(db.selectFrom('order_request'), { today }),
    readBookedBalances(db, { today, until: addDays(today, BALANCE_REMINDER_DAYS) }),
  ])

  const awaitingAnswer = openQuotes
    .filter((quote) => !quote.accepted)
    .sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id)
  const deposits = openQuotes
    .filter((quote) => quote.state === 'accepted')
    .sort(
      (a, b) =>
        Number(b.overdue) - Number(a.overdue) ||
        (a.depositDue ?? a.dueDate).localeCompare(b.depositDue ?? b.dueDate) ||
        a.id - b.id,
    )
  // Only the requests shown need their names: a handful of rows, whatever the book.
  const shownIds = [awaitingAnswer, deposits].flatMap((list) =>
    list.slice(0, TODAY_LIST_LIMIT).map((quote) => quote.id),
  )
  const names = shownIds.length
    ? await db
        .selectFrom('order_request')
        .select(['id', 'name', 'product_type'])
        .where('id', 'in', shownIds)
        .execute()
    : []
  const whose = new Map(names.map((row) => [Number(row.id), row]))
  const requestOf = (quote: OpenQuote): TodayRequest => {
    const row = whose.get(quote.id)!
    return { id: quote.id, name: row.name, productType: row.product_type, dueDate: quote.dueDate }
  }

  return {
    today,
    days,
    waiting: {
      items: waiting.map((row) => ({
        id: row.id,
        name: row.name,
        productType: row.product_type,
        dueDate: row.due_date,
        receivedOn: bakeryToday(new Date(row.created_at)),
      })),
      total: Number(waitingCount?.count ?? 0),
    },
    awaitingAnswer: firstOf(awaitingAnswer, (quote) => ({
      ...requestOf(quote),
      expiresAt: quote.expiresAt,
      expiresOn: bakeryToday(new Date(quote.expiresAt)),
    })),
    deposits: firstOf(deposits, (quote) => ({
      ...requestOf(quote),
      owedCents: quote.depositOwed,
      depositDue: quote.depositDue,
      overdue: quote.overdue,
    })),
    balances: firstOf(
      // Overdue first; each part by date already.
      [...balances.filter((row) => row.overdue), ...balances.filter((row) => !row.overdue)],
      (row): BalanceDue => ({
        id: row.id,
        name: row.name,
        productType: row.productType,
        dueDate: row.dueDate,
        owedCents: row.owedCents,
        balanceDue: row.balanceDue,
        overdue: row.overdue,
      }),
    ),
  }
}

/** The list's first items, shaped for the page only once they are sure to show. */
function firstOf<T, Shown>(items: T[], shape: (item: T) => Shown): TodayList<Shown> {
  return { items: items.slice(0, TODAY_LIST_LIMIT).map(shape), total: items.length }
}
