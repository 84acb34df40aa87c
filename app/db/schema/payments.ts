import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/** A Stripe Checkout session the site opened for a customer (decision 045). */
export interface CardCheckoutTable {
  id: Generated<number>
  request_id: number
  /** Stripe's id, cs_… */
  session_id: string
  kind: 'deposit' | 'balance'
  amount_cents: number
  /** Lower-case ISO code, as Stripe writes it: 'cad' */
  currency: string
  created_at: Millis
}

/** What a verified Stripe webhook event led to; one row per event id. */
export type StripeEventOutcome = 'paid' | 'refunded' | 'needs_look' | 'unpaid' | 'ignored'

export interface StripeEventTable {
  /** Stripe's id, evt_… */
  id: string
  type: string
  outcome: StripeEventOutcome
  /** In the owner's words: what happened, what to look at. */
  note: Generated<string>
  request_id: number | null
  payment_reference: string | null
  session_id: string | null
  amount_cents: number | null
  currency: string | null
  created_at: Millis
  handled_at: Millis | null
}
