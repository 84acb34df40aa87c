import { type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { paidSoFar } from '#app/features/order-book/money.server.ts'
import { isNewestQuote } from '#app/features/order-book/quotes.server.ts'
import { displayStateOf } from '#app/features/order-status/display-state.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { depositOverdue } from '#app/features/order-status/payment-schedule.ts'

/**
 * The quoted requests among `requests`, each joined to its newest quote and
 * to what has been paid: what Today's "quotes out" and "deposits due" and
 * the order list's "accepted" chip are read from. One pass over the partial
 * index of quoted requests (migration 018-growth-open-quotes), which carries
 * every column of the request read here, so the wide request rows are never
 * read; a page reads names only for the few it shows.
 */
export async function readOpenQuotes(
  requests: SelectQueryBuilder<Database, 'order_request', object>,
  { today }: { today: string },
) {
  const [rows, members] = await Promise.all([
    requests
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
      .execute(),
    // The quoted members of parties, read by the party index: few, whatever the book's size.
    requests
      .where('order_request.party_lead_id', 'is not', null)
      .where('order_request.status', '=', sql.lit('quoted'))
      .select(['order_request.id', 'order_request.party_lead_id'])
      .execute(),
  ])
  // A party's deposit is its lead's (decision 049): a member reads as its
  // lead does, and its lead alone is counted overdue.
  const leadOf = new Map(
    members
      .filter((member) => Number(member.party_lead_id) !== Number(member.id))
      .map((member) => [Number(member.id), Number(member.party_lead_id)]),
  )
  const quotes = rows.map((row) => {
    const accepted = row.accepted_at !== null
    const { depositOwed } = amountsOwed({
      priceCents: 0,
      deliveryFeeCents: 0,
      depositCents: Number(row.deposit_cents),
      paidCents: Number(row.paid ?? 0),
      depositWaived: Number(row.deposit_waived) === 1,
      // What is owed of the deposit alone: the total, and a code's part of it, play no part.
      taxes: [],
      discount: null,
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
  const byId = new Map(quotes.map((quote) => [quote.id, quote]))
  return quotes.map((quote) => {
    const leadId = leadOf.get(quote.id)
    if (leadId === undefined) return quote
    const depositOwed = byId.get(leadId)?.depositOwed ?? 0
    return {
      ...quote,
      depositOwed: 0,
      state: displayStateOf({ status: 'quoted', accepted: quote.accepted, depositOwed }),
      overdue: false,
    }
  })
}

export type OpenQuote = Awaited<ReturnType<typeof readOpenQuotes>>[number]
