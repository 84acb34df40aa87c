/**
 * How an order at a set price (a drop's, a treat bought now) may be paid:
 * the one rule the order forms show, the sends check and the hold's page
 * offers, on the server and in her browser alike.
 */
import { formatMoney } from '#app/utils/money.ts'

/**
 * By card now (Stripe Checkout, which confirms the order once the money is
 * in), or at pickup (confirmed at once).
 */
export type SetPricePayment = 'card' | 'pickup'

/** What the ways to pay depend on besides the total. */
export interface PaymentTerms {
  /** Whether the site takes cards at all (Stripe's keys are set). */
  cardsOn: boolean
  /** Whether the drop or treat lets her pay at pickup when a card is offered. */
  payAtPickup: boolean
  /** Stripe's smallest charge in the bakery's currency (order-status/card-minimum.ts). */
  cardMinimumCents: number
}

/**
 * The ways to pay `totalCents`, card first. A card is offered when the site
 * takes cards and the total is one Stripe will charge; pickup when the drop
 * or treat allows it, and always when a card is not offered, so there is
 * always a way. Before there is a total (null), a card is offered if taken.
 */
export function paymentsFor(terms: PaymentTerms, totalCents: number | null): SetPricePayment[] {
  const card = terms.cardsOn && (totalCents === null || totalCents >= terms.cardMinimumCents)
  return [
    ...(card ? (['card'] as const) : []),
    ...(terms.payAtPickup || !card ? (['pickup'] as const) : []),
  ]
}

/**
 * Why `payment` cannot pay `totalCents`, in her words; null when it can.
 * `what` names the order in the refusal: 'This drop', 'This treat'.
 */
export function paymentRefusal(
  terms: PaymentTerms,
  totalCents: number,
  payment: string | null,
  what: string,
): string | null {
  const ways: readonly string[] = paymentsFor(terms, totalCents)
  if (payment !== null && ways.includes(payment)) return null
  if (payment === 'card' && terms.cardsOn) {
    return `Card payments start at ${formatMoney(terms.cardMinimumCents)}: please choose to pay at pickup.`
  }
  if (payment === 'card') return 'Card payments are not taken here.'
  if (payment === 'pickup') return `${what} is paid by card when you order.`
  return 'Choose how you will pay.'
}
