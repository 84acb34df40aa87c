import type { Db } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { addDays } from '#app/features/availability/availability.ts'
import { amountsOwed, depositOverdue } from '#app/features/order-status/order-status.ts'
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

export interface TodayPage {
  today: string
  /** The bake lists of today and tomorrow. */
  days: { date: string; items: BakeListItem[] }[]
  /** New requests waiting for the owner's reply, oldest first. */
  waiting: WaitingRequest[]
  /** Quotes sent and not answered yet, the soonest to lapse first. */
  awaitingAnswer: QuoteAwaitingAnswer[]
  /** Quotes the customer accepted whose deposit is not in: overdue first, then by due date. */
  deposits: DepositDue[]
}

/**
 * What the owner needs at a glance when she signs in: what to bake today and
 * tomorrow, who waits for her reply, which quotes wait for the customer's, and
 * which deposits are due or overdue. Read from the same tables, rules and bake
 * lists as the order book, calendar and morning digest.
 */
export async function readTodayPage(db: Db, { now }: { now: Date }): Promise<TodayPage> {
  const today = bakeryToday(now)
  const dates = [today, addDays(today, 1)]
  const [days, waiting, quoted] = await Promise.all([
    Promise.all(dates.map(async (date) => ({ date, items: await readBakeList(db, date) }))),
    db
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
      .execute(),
    db
      .selectFrom('order_request')
      .select(['id', 'name', 'product_type', 'due_date', 'deposit_waived'])
      .where('status', '=', 'quoted')
      .orderBy('id', 'asc')
      .execute(),
  ])

  const ids = quoted.map((row) => row.id)
  const [quotes, payments] = ids.length
    ? await Promise.all([
        db
          .selectFrom('request_quote')
          .select(['request_id', 'deposit_cents', 'deposit_due', 'accepted_at', 'expires_at'])
          .where('request_id', 'in', ids)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('payment')
          .select(({ fn }) => ['request_id', fn.sum<number | string>('amount_cents').as('paid')])
          .where('request_id', 'in', ids)
          .groupBy('request_id')
          .execute(),
      ])
    : [[], []]
  // Oldest first, so the newest quote of each request is the one kept.
  const quoteOf = new Map(quotes.map((quote) => [quote.request_id, quote]))
  const paidOf = new Map(payments.map((payment) => [payment.request_id, Number(payment.paid)]))

  const awaitingAnswer: QuoteAwaitingAnswer[] = []
  const deposits: DepositDue[] = []
  for (const row of quoted) {
    const quote = quoteOf.get(row.id)
    if (!quote) continue
    const request = {
      id: row.id,
      name: row.name,
      productType: row.product_type,
      dueDate: row.due_date,
    }
    if (quote.accepted_at === null) {
      const expiresAt = Number(quote.expires_at)
      awaitingAnswer.push({ ...request, expiresAt, expiresOn: bakeryToday(new Date(expiresAt)) })
      continue
    }
    const { depositOwed } = amountsOwed({
      priceCents: 0,
      depositCents: Number(quote.deposit_cents),
      paidCents: paidOf.get(row.id) ?? 0,
      depositWaived: Number(row.deposit_waived) === 1,
    })
    if (depositOwed === 0) continue
    deposits.push({
      ...request,
      owedCents: depositOwed,
      depositDue: quote.deposit_due,
      overdue: depositOverdue({
        status: 'quoted',
        depositDue: quote.deposit_due,
        depositOwed,
        today,
      }),
    })
  }
  awaitingAnswer.sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id)
  deposits.sort(
    (a, b) =>
      Number(b.overdue) - Number(a.overdue) ||
      (a.depositDue ?? a.dueDate).localeCompare(b.depositDue ?? b.dueDate) ||
      a.id - b.id,
  )

  return {
    today,
    days,
    waiting: waiting.map((row) => ({
      id: row.id,
      name: row.name,
      productType: row.product_type,
      dueDate: row.due_date,
      receivedOn: bakeryToday(new Date(row.created_at)),
    })),
    awaitingAnswer,
    deposits,
  }
}
