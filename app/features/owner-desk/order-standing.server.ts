/**
 * How each row of the owner's list stands: its money, its state as the
 * owner reads it and whether its deposit is overdue.
 */
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import {
  type PaymentTotals,
  moneyOf,
  paymentTotals,
} from '#app/features/order-book/money.server.ts'
import { type DisplayState, displayStateOf } from '#app/features/order-status/display-state.ts'
import { type Money, amountsOwed, discountOfRow } from '#app/features/order-status/money-owed.ts'
import { depositOverdue } from '#app/features/order-status/payment-schedule.ts'
import { taxesOfColumn } from '#app/features/order-status/tax-rules.ts'

const ownTables = tablesFor('owner-desk')

export interface Standing {
  money: Money | null
  state: DisplayState
  overdue: boolean
}

type StandingRequest = {
  id: number
  status: RequestStatus
  deposit_waived: number
  discount_cents: number
  discount_code: string | null
  party_lead_id: number | null
}

/** Each request's quotes, oldest first, and its payments so far. */
async function readQuotesAndPayments(db: Db, ids: number[]) {
  return ids.length
    ? await Promise.all([
        ownTables(db)
          .selectFrom('request_quote')
          .select([
            'request_id',
            'price_cents',
            'delivery_fee_cents',
            'deposit_cents',
            'deposit_due',
            'accepted_at',
            'taxes',
          ])
          .where('request_id', 'in', ids)
          .orderBy('id')
          .execute(),
        paymentTotals(db, ids),
      ])
    : ([[], new Map<number, PaymentTotals>()] as const)
}

type StandingQuote = Awaited<ReturnType<typeof readQuotesAndPayments>>[0][number]

/**
 * A party member's state is its party's, read from the lead; its row shows
 * no money, which is all on the lead's row (decision 049).
 */
async function readPartyMoney(db: Db, requests: StandingRequest[]) {
  const memberIds = requests
    .filter(
      (request) => request.party_lead_id !== null && Number(request.party_lead_id) !== request.id,
    )
    .map((request) => request.id)
  return new Map(
    await Promise.all(memberIds.map(async (id) => [id, await moneyOf(db, id)] as const)),
  )
}

/** A party member's row: no money of its own, the party's state, never overdue. */
function memberStanding(
  request: StandingRequest,
  quote: StandingQuote | undefined,
  party: Money,
): Standing {
  return {
    money: null,
    state: displayStateOf({
      status: request.status,
      accepted: Boolean(quote?.accepted_at),
      depositOwed: amountsOwed(party).depositOwed,
    }),
    overdue: false,
  }
}

/** A request's own row: its money from its newest quote and payments, its state and overdue. */
function ownStanding(
  request: StandingRequest,
  quote: StandingQuote | undefined,
  paidCents: number,
  today: string,
): Standing {
  const money = quote
    ? {
        priceCents: Number(quote.price_cents),
        deliveryFeeCents: Number(quote.delivery_fee_cents),
        depositCents: Number(quote.deposit_cents),
        paidCents,
        depositWaived: Number(request.deposit_waived) === 1,
        discount: discountOfRow(request),
        taxes: taxesOfColumn(quote.taxes),
      }
    : null
  const { depositOwed } = money ? amountsOwed(money) : { depositOwed: 0 }
  return {
    money,
    state: displayStateOf({
      status: request.status,
      accepted: Boolean(quote?.accepted_at),
      depositOwed,
    }),
    overdue: depositOverdue({
      status: request.status,
      depositDue: quote?.deposit_due ?? null,
      depositOwed,
      today,
    }),
  }
}

/**
 * Each request's money, state as the owner reads it, and whether its
 * deposit is overdue, from its newest quote and its payments.
 */
export async function standingOf(
  db: Db,
  requests: StandingRequest[],
  today: string,
): Promise<Map<number, Standing>> {
  const ids = [...new Set(requests.map((request) => request.id))]
  const [quotes, payments] = await readQuotesAndPayments(db, ids)
  // Oldest first, so the newest quote of each request is the one kept.
  const quoteOf = new Map(quotes.map((quote) => [quote.request_id, quote]))
  const partyMoney = await readPartyMoney(db, requests)
  return new Map(
    requests.map((request) => {
      const quote = quoteOf.get(request.id)
      const party = partyMoney.get(request.id)
      const standing = party
        ? memberStanding(request, quote, party)
        : ownStanding(request, quote, payments.get(request.id)?.paidCents ?? 0, today)
      return [request.id, standing]
    }),
  )
}
