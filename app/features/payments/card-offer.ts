/** What the customer's page knows of paying by card: the offer, the notice on coming back, a failure. */

/** A payment the customer may make by card now: the deposit, or later the balance. */
export interface CustomerCardOffer {
  kind: 'deposit' | 'balance'
  amountCents: number
  /** A deposit that is all that is owed (a set-price order): "Pay now", not "the deposit". */
  inFull: boolean
  /** '$50' */
  amount: string
}

/** What the page says on coming back from the card payment page (?paid=… or ?card=cancelled). */
export type CardNotice = 'paid-deposit' | 'paid-balance' | 'paid-full' | 'cancelled'

/** A card payment that could not be started, as the page tells it. */
export interface CardCheckoutFailure {
  ok: false
  card: true
  error: string
  position?: number
  notFound?: true
}

/** "Pay with a gift card": what it paid and what is left, or why it did not (decision 114). */
export type GiftCardPayAnswer =
  | { ok: true; card: true; giftCard: true; position: number; message: string }
  | { ok: false; card: true; giftCard: true; error: string; position?: number; notFound?: true }

/** What the customer's page offers to pay with a gift card: all that is still owed. */
export interface GiftCardOffer {
  amountCents: number
  /** '$50' */
  amount: string
}
