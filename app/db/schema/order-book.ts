import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * The order book's tables (features/order-book): each send, its requests,
 * their timeline, quotes, payments, refunds and receipts.
 */

export interface OrderBatchTable {
  id: Generated<number>
  /** ISO timestamp */
  created_at: string
  order_count: number
  /** ISO timestamp when the owner marked the batch handled; null while open. */
  handled_at: string | null
  /** The order policies the customer ticked, as they read when sent; null before they existed. */
  accepted_policies: string | null
  /** Those policies as the customer read them, rendered when the owner saved them; null until rendered. */
  accepted_policies_html: string | null
}

/** How many requests stand in each status, kept by triggers on order_request (migration 024-growth-status-counts). */
export interface OrderStatusCountTable {
  status: RequestStatus
  count: number
}

export interface OrderRequestTable {
  id: Generated<number>
  batch_id: number
  /** 1-based position in the batch, as numbered in the email. */
  position: number
  name: string
  email: string
  phone_number: string
  product_type: string
  event_theme: string
  /** YYYY-MM-DD */
  due_date: string
  hear_about_us: string
  comments: string | null
  status: Generated<RequestStatus>
  /** The product's effort when the request was stored: its share of the day's capacity. */
  effort: Generated<number>
  servings: string | null
  allergies: string | null
  fulfilment: 'pickup' | 'delivery' | null
  /** The customer's private status page, /requests/<token>; shared by one email's requests in a send. */
  customer_token: string | null
  /** 1 when the owner confirms without a deposit. */
  deposit_waived: Generated<number>
  /** What a discount code took off its total, in cents; 0 for none (decision 109). */
  discount_cents: Generated<number>
  /** The code as it was when used ('SPRING'); null for none. */
  discount_code: string | null
  /** Why the bakery declined, as the customer reads it. */
  decline_reason: string | null
  /** Counts the changes to the request (one per timeline entry); the owner's forms carry it. */
  version: Generated<number>
  /** The handover window chosen, HH:MM-HH:MM; null on a day without windows. */
  pickup_window: string | null
  /** Where a delivery goes; null for a pickup, and once the customer is erased. */
  delivery_street: string | null
  delivery_city: string | null
  delivery_postal_code: string | null
  delivery_notes: string | null
  /** What the customer writes in her e-Transfer message ('BB-4821'): random, unique in the book. */
  payment_reference: string | null
  /**
   * The lead of the party it was quoted with (the lead's own id on the lead);
   * null for a request quoted on its own (decision 049).
   */
  party_lead_id: Generated<number | null>
  /** Her event or theme as typed, or what she chose of a treat at a set price (theme-label.ts). */
  event_theme_holds: Generated<EventThemeHolds>
}

/** What a request's event_theme holds: her event, or her choices of a treat at a set price. */
export type EventThemeHolds = 'event' | 'choices'

/** A request's place between arriving and being picked up (see features/availability). */
export type RequestStatus =
  'new' | 'quoted' | 'confirmed' | 'ready' | 'completed' | 'declined' | 'cancelled' | 'expired'

export interface RequestEventTable {
  id: Generated<number>
  request_id: number
  at: Millis
  /** Null for the request's arrival. */
  from_status: RequestStatus | null
  to_status: RequestStatus
  actor: 'owner' | 'customer' | 'site'
  note: string | null
}

export interface RequestQuoteTable {
  id: Generated<number>
  request_id: number
  created_at: Millis
  price_cents: number
  /**
   * A party member's own line, in cents: on a party's quotes the lead's
   * price_cents is the lines' sum and a member's is 0 (decision 049); null
   * on a quote of one request.
   */
  line_cents: Generated<number | null>
  /** What a delivery adds to the price, in cents; 0 for a pickup (decision 047). */
  delivery_fee_cents: Generated<number>
  deposit_cents: number
  /** YYYY-MM-DD */
  deposit_due: string | null
  /** YYYY-MM-DD: when the balance is due; null when none was set (due at handover). */
  balance_due: Generated<string | null>
  payment_instructions: Generated<string>
  message: Generated<string>
  expires_at: Millis
  /** When the customer accepted it through their link; null until then. */
  accepted_at: Millis | null
  /** The taxes it was priced with, as JSON (order-status/tax-rules.ts); '[]' for none. */
  taxes: Generated<string>
  /** When the customer declined it through their link; null until then. */
  declined_at: Millis | null
}

export interface PaymentTable {
  id: Generated<number>
  request_id: number
  amount_cents: number
  /** YYYY-MM-DD */
  received_on: string
  method: Generated<string>
  created_at: Millis
  /** The Stripe Checkout session a card payment came through (unique); null for others. */
  checkout_session_id: string | null
  /** Stripe's payment intent (pi_…) of a card payment (unique): what a card refund names. */
  payment_intent_id: string | null
  /** What Stripe kept of a card payment, from its balance transaction; null until known, and for others. */
  fee_cents: number | null
  /** When Stripe was last asked for the fee; null before the first time. */
  fee_asked_at: Millis | null
  /** Its part of the order's tax as it was recorded (decision 113); null on older rows. */
  tax_cents: Generated<number | null>
}

/**
 * Money handed back to a customer (docs/decisions/046): what has been paid
 * on a request is its payments less its refunds.
 */
export interface RefundTable {
  id: Generated<number>
  request_id: number
  /** The payment it gives back (a card payment's refund); null for a manual refund. */
  payment_id: number | null
  amount_cents: number
  /** YYYY-MM-DD */
  refunded_on: string
  method: Generated<string>
  reason: Generated<string>
  /** Stripe's id for a card refund, unique; null for a manual one. */
  stripe_refund_id: string | null
  created_at: Millis
  /**
   * The quote's total this refund lowered it to (decision 060), in cents;
   * null when it gave money back at an unchanged price.
   */
  lowered_to_cents: number | null
  /** The order's tax it gave back, as it was recorded (decision 113); null on older rows. */
  tax_cents: Generated<number | null>
}

/** A request's receipt number: the row's id, never handed out twice; one per request. */
export interface ReceiptTable {
  id: Generated<number>
  request_id: number
  created_at: Millis
}

/**
 * An order sold at a set price, a drop's or a treat bought now (decision
 * 103), and when an unpaid card order is given up.
 */
/** A choice a treat bought now was made with, by its group's and choice's keys. */
export interface SetPriceChoiceTable {
  id: Generated<number>
  request_id: number
  group_key: string
  choice_key: string
  /** The choice's name as it was sold; null on orders made before names were kept. */
  label: string | null
}

export interface SetPriceOrderTable {
  request_id: number
  /** The treat bought now; null for a drop's order. */
  product_id: number | null
  /** Cancelled unless paid by then; null when nothing waits. */
  unpaid_until: Millis | null
  /** The buy-now form's own id (052): the same form sent again finds this order. */
  send_id: string | null
}
