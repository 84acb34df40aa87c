import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * Her gift cards (features/gift-cards, decision 114): sold by card through
 * Stripe's Checkout, spent on orders as a payment, given back by a refund.
 * A card's balance is the sum of its entries.
 */

export interface GiftCardTable {
  id: Generated<number>
  /** Sixteen capitals and digits, as it is typed without its dashes; null until it is paid. */
  code: string | null
  /** What was bought, in cents. */
  amount_cents: number
  /** Lower-case ISO code, as Stripe writes it: 'cad' */
  currency: string
  buyer_name: string
  buyer_email: string
  recipient_name: string
  recipient_email: string
  /** The buyer's words on the card; '' for none. */
  message: Generated<string>
  /** The Stripe Checkout session it is bought through (unique). */
  checkout_session_id: string
  /** Stripe's payment intent (pi_…) of the purchase; null until paid. */
  payment_intent_id: string | null
  created_at: Millis
  /** When the payment came in and the code was given; null before. */
  paid_at: Millis | null
  /** What Stripe kept of the purchase, once it has said (decision 110); null before. */
  fee_cents: number | null
  /** When Stripe was last asked for that fee; null before the first time. */
  fee_asked_at: Millis | null
}

export type GiftCardEntryKind = 'bought' | 'spent' | 'returned' | 'refunded'

export interface GiftCardEntryTable {
  id: Generated<number>
  gift_card_id: number
  kind: GiftCardEntryKind
  /** Signed cents: put on the card (bought, returned) or taken off it (spent, refunded). */
  cents: number
  /** The order's payment it made; null for the others. */
  payment_id: number | null
  /** The refund that gave it back; null for the others. */
  refund_id: number | null
  /** Stripe's id of a refund of the purchase itself, made in Stripe (refunded); null for others. */
  stripe_refund_id: string | null
  /** The order it was spent on or given back from; null for a purchase. */
  request_id: number | null
  created_at: Millis
}
