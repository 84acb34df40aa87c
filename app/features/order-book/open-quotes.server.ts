import { type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import {
  amountsOwed,
  depositOverdue,
  displayStateOf,
} from '#app/features/order-status/order-status.ts'
import { isNewestQuote, paidSoFar } from './order-book.server.ts'

/**
 * The quoted requests among `requests`, each joined to its newest quote and
 * to what has been paid: what Today's "quotes out" and "deposits due" and
 * the order list's "accepted" chip are read from. One pass over the partial
 * index of quoted requests (migration 014-growth-open-quotes), which carries
 * every column of the request read here, so the wide request rows are never
 * read; a page reads names only for the few it shows.
 */
export async function readOpenQuotes(
  requests: SelectQueryBuilder<Database, 'order_request', object>,
  { today }: { today: string },
) {
  const rows = await requests
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    // Written out rather than bound, so both databases use the partial index.
    .where('order_request.status', '=', sql.lit('quoted'))
    .where(isNewestQuote)
    .select((eb) => [
      'order_request.id',
      'order_request.due_date',
      'order_request.deposit_waived',
      'request_quote.deposit_cents',
      'request_quote.deposit_due',
      'request_quote.accepted_at',
      'request_quote.expires_at',
      paidSoFar(eb),
    ])
    .execute()
  return rows.map((row) => {
    const accepted = row.accepted_at !== null
    const { depositOwed } = amountsOwed({
      priceCents: 0,
      deliveryFeeCents: 0,
      depositCents: Number(row.deposit_cents),
      paidCents: Number(row.paid ?? 0),
      depositWaived: Number(row.deposit_waived) === 1,
    })
    return {
      id: Number(row.id),
      dueDate: row.due_date,
      /** Millis: when the quote lapses unanswered. */
      expiresAt: Number(row.expires_at),
      depositOwed,
      depositDue: row.deposit_due,
      state: displayStateOf({ status: 'quoted', accepted, depositOwed }),
      accepted,
      overdue: depositOverdue({
        status: 'quoted',
        depositDue: row.deposit_due,
        depositOwed,
        today,
      }),
    }
  })
}

export type OpenQuote = Awaited<ReturnType<typeof readOpenQuotes>>[number]
