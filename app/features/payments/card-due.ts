import type { RequestStatus } from '#app/db/schema.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { type Money, amountsOwed } from '#app/features/order-status/money-owed.ts'
import { BOOKED_STATUSES, isIn } from '#app/features/order-status/order-status.ts'

/** Which part of the price a card payment is for. */
export type CardKind = 'deposit' | 'balance'

/**
 * What a customer may pay by card now, or null: the deposit of a quote she
 * accepted, then the balance of a booked request. Nothing before she
 * accepts (the quote's Accept comes first), nothing once it is closed, and
 * nothing smaller than Stripe charges: that she pays as the quote's
 * instructions say.
 */
export function cardDueOf(
  status: RequestStatus,
  quoteAccepted: boolean,
  money: Money,
): { kind: CardKind; amountCents: number } | null {
  const { depositOwed, stillOwed } = amountsOwed(money)
  const due =
    status === 'quoted' && quoteAccepted && depositOwed > 0
      ? { kind: 'deposit' as const, amountCents: depositOwed }
      : // A booked order pays whatever is left, a deposit it was confirmed without included.
        isIn(BOOKED_STATUSES, status) && stillOwed > 0
        ? { kind: 'balance' as const, amountCents: stillOwed }
        : null
  return due && due.amountCents >= cardMinimumCents() ? due : null
}
