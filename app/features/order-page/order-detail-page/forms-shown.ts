import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { refusedPaymentMessage } from '#app/features/order-status/money-rules.ts'
import { formsFor } from '#app/features/order-status/owner-forms.ts'
import {
  ORDER_INTENTS,
  OWNER_INTENTS,
  type OrderIntent,
} from '#app/features/order-status/owner-intents.ts'

/**
 * Whether money is owed that the owner can record now: an accepted quote's
 * deposit, or the balance of a booked order.
 */
export function moneyDue({ state, request, quote, money }: OrderDetail): boolean {
  if (!quote || refusedPaymentMessage(request.status)) return false
  if (state === 'accepted') return true
  return request.status !== 'quoted' && money.stillOwed > 0
}

/**
 * The intents whose forms the page shows for the request as it stands, as
 * the order-status table says (formsFor); the payment card needs a quote to
 * record against. A card answers for all its intents, shown or not: the
 * payment card for its Waive button, the status card (always on the page)
 * for all its buttons at its top, after Mark completed above "nothing more
 * to do".
 */
export function formsShown({
  request,
  quote,
  money,
  card,
  pendingChange,
}: OrderDetail): OrderIntent[] {
  const forms = formsFor(request.status).filter(
    (form) =>
      (form !== 'payment' || quote) &&
      // A refund gives back money held: the form shows once something is paid.
      (form !== 'refund' || money.paidCents > 0) &&
      // The customer's change answers while one waits (decision 054).
      (form !== 'change' || pendingChange !== null),
  )
  return ORDER_INTENTS.filter(
    (intent) =>
      forms.includes(OWNER_INTENTS[intent].form) ||
      // The money card's card payments answer for their refunds while they show.
      (intent === 'card_refund' && card.payments.length > 0),
  )
}
