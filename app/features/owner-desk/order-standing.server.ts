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

/**
 * Each request's money, state as the owner reads it, and whether its
 * deposit is overdue, from its newest quote and its payments.
 */
export async function standingOf(
  db: Db,
  requests: {
    id: number
    status: RequestStatus
    deposit_waived: number
    discount_cents: number
    discount_code: string | null
    party_lead_id: number | null
  }[],
  today: string,
): Promise<Map<number, Standing>> {
  const ids = [...new Set(requests.map((request) => request.id))]
  const [quotes, payments] = ids.length
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
    : [[], new Map<number, PaymentTotals>()]
  // Oldest first, so the newest quote of each request is the one kept.
  const quoteOf = new Map(quotes.map((quote) => [quote.request_id, quote]))
  // A party member's state is its party's, read from the lead; its row shows
  // no money, which is all on the lead's row (decision 049).
  const memberIds = requests
    .filter(
      (request) => request.party_lead_id !== null && Number(request.party_lead_id) !== request.id,
    )
    .map((request) => request.id)
  const partyMoney = new Map(
    await Promise.all(memberIds.map(async (id) => [id, await moneyOf(db, id)] as const)),
  )
  return new Map(
    requests.map((request) => {
      const quote = quoteOf.get(request.id)
      const party = partyMoney.get(request.id)
      if (party) {
        return [
          request.id,
          {
            money: null,
            state: displayStateOf({
              status: request.status,
              accepted: Boolean(quote?.accepted_at),
              depositOwed: amountsOwed(party).depositOwed,
            }),
            overdue: false,
          },
        ]
      }
      const money = quote
        ? {
            priceCents: Number(quote.price_cents),
            deliveryFeeCents: Number(quote.delivery_fee_cents),
            depositCents: Number(quote.deposit_cents),
            paidCents: payments.get(request.id)?.paidCents ?? 0,
            depositWaived: Number(request.deposit_waived) === 1,
            discount: discountOfRow(request),
            taxes: taxesOfColumn(quote.taxes),
          }
        : null
      const { depositOwed } = money ? amountsOwed(money) : { depositOwed: 0 }
      return [
        request.id,
        {
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
        },
      ]
    }),
  )
}
