import { getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readOpenMessages } from '#app/features/contact/contact-messages.server.ts'
import {
  type AgainThisYear,
  readAgainThisYear,
} from '#app/features/customers/again-this-year.server.ts'
import { readBookedBalances } from '#app/features/order-book/booked-balances.server.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/payment-schedule.ts'
import {
  type CardPaymentToLook,
  readCardPaymentsToLook,
} from '#app/features/payments/stripe-webhook.server.ts'
import { approvedProofsFor } from '#app/features/proof-steps/proof-steps.server.ts'
import type { ApprovedProof } from '#app/features/proofs/proof-rules.ts'
import { type ReviewToApprove, readReviewsToApprove } from '#app/features/reviews/reviews.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { type OpenQuote, readOpenQuotes } from './open-quotes.server.ts'
import { type BakeListItem, readBakeList } from './owner-calendar.server.ts'
import {
  type CustomerAsk,
  type ProofChangeAsked,
  readCustomerAsks,
  readProofChangesAsked,
} from './today-waiting.server.ts'
import {
  TODAY_FULL_LIMIT,
  TODAY_LIST_LIMIT,
  type TodayFullList,
  type TodayList,
  type TodayRequest,
} from './today.ts'

const ownTables = tablesFor('owner-desk')

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

/** An open contact message as the Today page lists it. */
export interface TodayMessage {
  id: number
  name: string
  /** YYYY-MM-DD, the bakery's day it arrived. */
  receivedOn: string
}

/** A list of money owed, with how many of it are past their date. */
export interface MoneyList<T> extends TodayList<T> {
  overdue: number
}

export interface TodayPage {
  today: string
  /** The bake lists of today and tomorrow. */
  days: { date: string; items: BakeListItem[] }[]
  /** The bake lists' approved design proofs, by request id. */
  approvedProofs: Record<number, ApprovedProof>
  /** Card payments that need the owner's eye (decision 045), newest first. */
  cardLooks: TodayList<CardPaymentToLook>
  /** New requests waiting for the owner's reply, oldest first. */
  waiting: TodayList<WaitingRequest>
  /** Changes to answer and cancellations' refunds to send back, oldest first. */
  asks: TodayList<CustomerAsk>
  /** Proofs whose customer asked for a change: the next round is hers to send. */
  proofChanges: TodayList<ProofChangeAsked>
  /** Quotes sent and not answered yet, the soonest to lapse first. */
  awaitingAnswer: TodayList<QuoteAwaitingAnswer>
  /** Quotes the customer accepted whose deposit is not in: overdue first, then by due date. */
  deposits: MoneyList<DepositDue>
  /**
   * Balances of booked requests still owed and overdue, or due within
   * BALANCE_REMINDER_DAYS: overdue first, then by date.
   */
  balances: MoneyList<BalanceDue>
  /** Reviews she may show and has not decided on, oldest first. */
  reviews: TodayList<ReviewToApprove>
  /** Contact messages not yet handled, oldest first. */
  messages: TodayList<TodayMessage>
  /** The list the page shows whole (`?all=`), or null. */
  full: TodayFullList | null
  /** Customers whose occasion comes round again within a month: hers to write to (decision 107). */
  againThisYear: AgainThisYear[]
}

/**
 * Everything that waits on the owner when she signs in, each list with its
 * count: what to bake today and tomorrow (with their approved designs),
 * card payments to look at, new requests, customers' changes and
 * cancellations, proofs to send again, quotes out, deposits and balances due,
 * reviews to approve and open messages. Read from the same tables, rules
 * and bake lists as the order book, calendar and morning digest. Each list
 * is one bounded query that reads its first items and its count from an
 * index of what waits, so the page costs the same at any size of book.
 * `full` names a list to show up to TODAY_FULL_LIMIT.
 */
export async function readTodayPage(
  db: Db,
  {
    now,
    full = null,
    siteUrl = getEnv().SITE_URL,
  }: { now: Date; full?: TodayFullList | null; siteUrl?: string },
): Promise<TodayPage> {
  const today = bakeryToday(now)
  const limitOf = (list: TodayFullList) => (full === list ? TODAY_FULL_LIMIT : TODAY_LIST_LIMIT)
  const [bake, waiting, orderBook, cardLooks, asks, proofChanges, reviews, messages, again] =
    await Promise.all([
      readBakeDays(db, today),
      readWaiting(db),
      readOrderBookMoney(db, today),
      readCardPaymentsToLook(db, { limit: limitOf('cards') }),
      readCustomerAsks(db, { limit: limitOf('changes') }),
      readProofChangesAsked(db, { limit: limitOf('proofs') }),
      readReviewsToApprove(db, { limit: TODAY_LIST_LIMIT }),
      readOpenMessages(db, { limit: TODAY_LIST_LIMIT }),
      readAgainThisYear(db, { today, siteUrl }),
    ])
  return {
    today,
    ...bake,
    cardLooks,
    waiting,
    asks,
    proofChanges,
    ...orderBook,
    reviews,
    messages: {
      items: messages.items.map((message) => ({
        id: message.id,
        name: message.name,
        receivedOn: bakeryToday(new Date(message.receivedAt)),
      })),
      total: messages.total,
    },
    full,
    againThisYear: again,
  }
}

/** The bake lists of today and tomorrow, and the approved designs of what is on them. */
async function readBakeDays(db: Db, today: string) {
  const days = await Promise.all(
    [today, addDays(today, 1)].map(async (date) => ({ date, items: await readBakeList(db, date) })),
  )
  const ids = days.flatMap((day) => day.items.map((item) => item.id))
  return { days, approvedProofs: await approvedProofsFor(db, ids) }
}

/** New requests, oldest first, counted by the status counts the triggers keep. */
async function readWaiting(db: Db): Promise<TodayList<WaitingRequest>> {
  const [rows, counted] = await Promise.all([
    ownTables(db)
      .selectFrom('order_request')
      .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
      .select([
        'order_request.id',
        'order_request.name',
        'order_request.product_type',
        'order_request.due_date',
        'order_batch.created_at',
      ])
      .where('order_request.status', '=', 'new')
      .orderBy('order_request.id', 'asc')
      .limit(TODAY_LIST_LIMIT)
      .execute(),
    // Kept by triggers (migration 024-growth-status-counts): no count of the book.
    ownTables(db)
      .selectFrom('order_status_count')
      .select('count')
      .where('status', '=', 'new')
      .executeTakeFirst(),
  ])
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      productType: row.product_type,
      dueDate: row.due_date,
      receivedOn: bakeryToday(new Date(row.created_at)),
    })),
    total: Number(counted?.count ?? 0),
  }
}

/**
 * The quotes out, the deposits and the balances due: the open quotes (one
 * pass over the partial index of quoted requests) and the booked balances,
 * with names read only for the few shown.
 */
async function readOrderBookMoney(db: Db, today: string) {
  const [openQuotes, balances] = await Promise.all([
    readOpenQuotes(ownTables(db).selectFrom('order_request'), { today }),
    readBookedBalances(db, { today, until: addDays(today, BALANCE_REMINDER_DAYS) }),
  ])
  const awaitingAnswer = openQuotes
    .filter((quote) => !quote.accepted)
    .sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id)
  // A party's deposit is owed once, on its lead (decision 049): its other
  // members read as accepted but owe nothing, so they are not listed.
  const deposits = openQuotes
    .filter((quote) => quote.state === 'accepted' && quote.depositOwed > 0)
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
    ? await ownTables(db)
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
    awaitingAnswer: firstOf(awaitingAnswer, (quote) => ({
      ...requestOf(quote),
      expiresAt: quote.expiresAt,
      expiresOn: bakeryToday(new Date(quote.expiresAt)),
    })),
    deposits: {
      ...firstOf(deposits, (quote) => ({
        ...requestOf(quote),
        owedCents: quote.depositOwed,
        depositDue: quote.depositDue,
        overdue: quote.overdue,
      })),
      overdue: deposits.filter((quote) => quote.overdue).length,
    },
    balances: {
      ...firstOf(
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
      overdue: balances.filter((row) => row.overdue).length,
    },
  }
}

/** The list's first items, shaped for the page only once they are sure to show. */
function firstOf<T, Shown>(items: T[], shape: (item: T) => Shown): TodayList<Shown> {
  return { items: items.slice(0, TODAY_LIST_LIMIT).map(shape), total: items.length }
}
