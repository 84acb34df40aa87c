import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

export type CustomerChangeKind = 'change' | 'cancel'
/** A change: open until the owner answers; a cancellation is 'done' when made. */
export type CustomerChangeStatus = 'open' | 'accepted' | 'declined' | 'done'

/** What a customer asked from her private page: a change, or her cancellation (decision 054). */
export interface CustomerChangeTable {
  id: Generated<number>
  /** The request, or its party's lead. */
  request_id: number
  kind: CustomerChangeKind
  status: CustomerChangeStatus
  /** YYYY-MM-DD: the date she asks for; null for details only. */
  new_date: string | null
  /** HH:MM-HH:MM: the window she asks for on the new date. */
  new_window: string | null
  /** Her words about the change. */
  details: Generated<string>
  /** The owner's sentence when she declined. */
  answer_note: Generated<string>
  /** Once accepted: what it changed, from what to what ('servings from “20” to “30”'). */
  made: Generated<string>
  /** A cancellation's refund under the policy, in cents: what goes back in all. */
  refund_cents: Generated<number>
  /** Of it, what went back to her card through Stripe. */
  card_refund_cents: Generated<number>
  /** Of card_refund_cents, what went back onto a gift card rather than a bank card (decision 114). */
  gift_card_refund_cents: Generated<number>
  created_at: Millis
  answered_at: Millis | null
}

/** A detail a change asks for one of the party's requests (decision 081): its new text, '' to clear it. */
export interface CustomerChangeDetailTable {
  id: Generated<number>
  change_id: number
  request_id: number
  field: 'event_theme' | 'servings' | 'allergies' | 'comments'
  value: string
}
