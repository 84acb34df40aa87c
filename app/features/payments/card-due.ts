import type { RequestStatus } from '#app/db/schema.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { type Money, amountsOwed } from '#app/features/order-status/money-owed.ts'
import { BOOKED_STATUSES, isIn } from '#app/features/order-status/order-status.ts'

/** Which part of the price a card payment is for. */
export type CardKind = 'deposit' | 'balance'

/**
 * What is due now, whatever its size, or null: the deposit of a quote she
 * accepted, then the balance of a booked request. Nothing before she
 * accepts (the quote's Accept comes first) and nothing once it is closed.
 */
export function dueNowOf(
  status: RequestStatus,
  quoteAccepted: boolean,
  money: Money,
): { kind: CardKind; amountCents: number } | null {
  const { depositOwed, stillOwed } = amountsOwed(money)
  if (status === 'quoted' && quoteAccepted && depositOwed > 0) {
    return { kind: 'deposit', amountCents: depositOwed }
  }
  // A booked order pays whatever is left, a deposit it was confirmed without included.
  return isIn(BOOKED_STATUSES, status) && stillOwed > 0
    ? { kind: 'balance', amountCents: stillOwed }
    : null
}

/**
 * What a customer may pay by card now: what is due, unless it is smaller
 * than Stripe charges (that she pays as the quote's instructions say).
 */
export function cardDueOf(
  status: RequestStatus,
  quoteAccepted: boolean,
  money: Money,
): { kind: CardKind; amountCents: number } | null {
  const due = dueNowOf(status, quoteAccepted, money)
  return due && due.amountCents >= cardMinimumCents() ? due : null
}

/**
 * What a gift card may pay now (decision 114): once anything is due, all
 * that is still owed, however small, so one card can settle the whole order.
 */
export function giftCardDueOf(
  status: RequestStatus,
  quoteAccepted: boolean,
  money: Money,
): { kind: CardKind; amountCents: number } | null {
  const due = dueNowOf(status, quoteAccepted, money)
  return due && { kind: due.kind, amountCents: amountsOwed(money).stillOwed }
}
