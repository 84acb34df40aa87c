import type { Generated } from 'kysely'

/** The database's tables as Kysely sees them; migrations.server.ts creates them. */
export interface Database {
  order_batch: OrderBatchTable
  order_request: OrderRequestTable
  order_status_count: OrderStatusCountTable
  contact_message: ContactMessageTable
  outbox: OutboxTable
  gallery_image: GalleryImageTable
  app_state: AppStateTable
  rate_limit: RateLimitTable
  sign_in_failure: SignInFailureTable
  lease: LeaseTable
  product: ProductTable
  weekday_capacity: WeekdayCapacityTable
  pickup_window: PickupWindowTable
  closed_period: ClosedPeriodTable
  booking_settings: BookingSettingsTable
  inspiration_photo: InspirationPhotoTable
  request_event: RequestEventTable
  request_quote: RequestQuoteTable
  payment: PaymentTable
  card_checkout: CardCheckoutTable
  stripe_event: StripeEventTable
  refund: RefundTable
  receipt: ReceiptTable
  page_version: PageVersionTable
  booking_version: BookingVersionTable
  push_subscription: PushSubscriptionTable
  push_alert: PushAlertTable
  site_content: SiteContentTable
  proof_round: ProofRoundTable
  proof_image: ProofImageTable
  customer_change: CustomerChangeTable
  customer_change_detail: CustomerChangeDetailTable
  review: ReviewTable
}

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
}

/** A request's place between arriving and being picked up (see features/availability). */
export type RequestStatus =
  'new' | 'quoted' | 'confirmed' | 'ready' | 'completed' | 'declined' | 'cancelled' | 'expired'

export interface ContactMessageTable {
  id: Generated<number>
  created_at: string
  name: string
  email: string
  phone_number: string
  message: string
  handled_at: string | null
}

/** What an email is about: the owner's news of a batch or a message, or a customer's confirmation of their batch. */
export type OutboxTopic =
  | 'order_batch'
  | 'contact_message'
  | 'request_confirmation'
  /** An email to a customer about one request (its subject_id): a quote, ready, declined… */
  | 'request_update'
  /** The day-before reminder to a customer (subject_id: the request). */
  | 'request_reminder'
  /** A customer's reminder of a balance falling due, or notice of an overdue payment (subject_id: the request). */
  | 'payment_notice'
  /** The owner's morning digest (subject_id: 0). */
  | 'owner_digest'
  /** An admin's one-time link to set a new password (subject_id: 0). */
  | 'password_reset'
  /** A one-time link inviting someone to become an admin (subject_id: 0). */
  | 'admin_invite'
  /** The customer's invitation to review, a day after completion (subject_id: her link's first request). */
  | 'review_request'
  /** The owner's news of a new review (subject_id: the review). */
  | 'review_received'
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed'

export interface OutboxTable {
  id: Generated<number>
  topic: OutboxTopic
  /** The order_batch or contact_message this email tells the owner about. */
  subject_id: number
  /** JSON of the composed email (see features/mail/email.ts). */
  payload: string
  status: Generated<OutboxStatus>
  attempts: Generated<number>
  created_at: number
  next_attempt_at: number
  /** While sending: when the claim expires and another worker may retry. */
  lease_until: number | null
  /** While sending: the name of the instance holding the lease (INSTANCE_NAME). */
  lease_holder: Generated<string | null>
  /** While sending: the holder's boot, a fresh id each time the instance starts. */
  lease_boot: Generated<string | null>
  last_error: string | null
  sent_at: number | null
  /** A scheduled email's name ('digest:2026-11-24'): unique, so it is queued once. */
  dedupe_key: Generated<string | null>
}

export interface GalleryImageTable {
  id: Generated<number>
  /** '{timestamp}_{safeName}', the prefix of every file stored for the image. */
  file_name: string
  /** JSON array of tags */
  tags: string
  /** ISO timestamp */
  uploaded_at: string
  /** Bytes of the photo before the browser compressed it, as the browser reported. */
  original_size: number
  /** Bytes the server received. */
  compressed_size: number
  /** Upright pixel size of the largest variant. */
  width: number
  height: number
  /** JSON array of GalleryVariant (features/gallery/gallery-image.ts) */
  variants: string
  /** A tiny blurred WebP as a data: URL, shown while the image loads. */
  placeholder: string
  /** Bytes on disk for all variants: what counts against MEDIA_QUOTA_MB. */
  stored_bytes: number
  /** The browser's key for the upload that made this image; null for demo photos. */
  upload_key: string | null
  /** The owner's description of the photo for screen readers; null for photos from before 017. */
  alt_text: string | null
  /** The owner's line shown under the photo in the larger view, if any. */
  caption: string | null
  /** Goes up by one with every edit: an edit made from an older version is refused. */
  version: Generated<number>
}

export interface AppStateTable {
  key: string
  value: string
}

/** One section of the owner's words (features/site-content): its key and its JSON. */
/**
 * A customer's review of her order (features/reviews, decision 056): one per
 * private link, keyed by the link's first request. Shown on Home and About
 * only while `shown` is 1, which needs `may_show` (her permission).
 */
export interface ReviewTable {
  id: Generated<number>
  /** The first request (lowest id) of her private link. */
  request_id: number
  /** 1–5 stars. */
  rating: number
  /** Her words, plain text, at most 1000 characters; may be empty. */
  words: string
  /** The name shown beside it, as she wrote it. */
  display_name: string
  /** 1 when she ticked "You may show this on the bakery's site". */
  may_show: Generated<number>
  /** 1 while the owner shows it on the site. */
  shown: Generated<number>
  created_at: Millis
  updated_at: Millis
  shown_at: Millis | null
  /**
   * When the owner showed it or chose to keep it off her site; null while a
   * review she may show waits for her (Today's "Reviews to approve"). Her
   * changes to an unshown review make it wait again.
   */
  decided_at: Millis | null
}

export interface SiteContentTable {
  key: string
  value: string
  /** A section written in Markdown (the FAQ): its safe HTML, rendered at save; else null. */
  html: string | null
  updated_at: Millis
}

/**
 * Epoch milliseconds in a bigint column. The pg driver may read bigint as a
 * string, so code that reads one passes it through Number().
 */
type Millis = number

export interface RateLimitTable {
  key: string
  /** JSON array of hit times (epoch ms), oldest first. */
  hits: string
  /** When the newest hit leaves the window; the row may be pruned after. */
  expires_at: Millis
}

export interface SignInFailureTable {
  key: string
  failed_at: Millis
  id: string
}

export interface LeaseTable {
  name: string
  /** Who holds it: an instance name and boot, or one upload's id. */
  holder: string
  /** Epoch ms when the lease ends unless renewed; after it, anyone may take it. */
  until: Millis
}

export interface ProductTable {
  id: Generated<number>
  /** Unique; the value an order's product_type carries. */
  name: string
  description: Generated<string>
  /** The "from" price in cents; null when none is shown. */
  price_from_cents: number | null
  notice_days: Generated<number>
  /** How much of a day's capacity one order uses; at least 1. */
  effort: Generated<number>
  /** 1 when offered, 0 when the owner has taken it off the menu. */
  active: Generated<number>
  /** Order on the menu, smallest first. */
  position: number
}

/** A pickup window on a weekday (docs/decisions/043). */
export interface PickupWindowTable {
  id: Generated<number>
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
  /** HH:MM */
  start_time: string
  /** HH:MM, after start_time. */
  end_time: string
  /** How many requests the window takes. */
  capacity: number
}

export interface WeekdayCapacityTable {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number
  /** Effort units the bakery can make that weekday; 0 = closed. */
  capacity: number
}

export interface ClosedPeriodTable {
  id: Generated<number>
  /** YYYY-MM-DD, inclusive. */
  start_date: string
  /** YYYY-MM-DD, inclusive; equal to start_date for one day. */
  end_date: string
  /** The owner's private note; never shown to customers. */
  note: Generated<string>
}

export interface BookingSettingsTable {
  /** Always 1: the one row. */
  id: number
  /** How many days ahead customers may book. */
  horizon_days: number
  /** The order policies a customer ticks before sending. */
  policies: string
  /** The policies' safe HTML, rendered when saved; null until rendered (decision 076). */
  policies_html: string | null
  /** 1 when the bakery delivers; customers may then choose delivery. */
  delivery_enabled: Generated<number>
  /** Where and how the bakery delivers, shown beside the choice. */
  delivery_note: Generated<string>
  /** The secret in the owner's calendar feed URL; null until first shown. */
  ical_key: string | null
  /** Days a quote waits for the customer's answer before it expires. */
  quote_expiry_days: Generated<number>
  /** Where customers collect; private, shown to a customer once her request is confirmed. */
  pickup_address: Generated<string>
  /** A quote's balance is due this many days before the order date, unless the owner sets another. */
  balance_due_days: Generated<number>
  /** No changes or cancellations by the customer within this many days of the order date (decision 054). */
  change_window_days: Generated<number>
  /** A cancellation this many days or more before the order date gets refund_before_percent of the deposit. */
  refund_cutoff_days: Generated<number>
  /** Percent of the deposit refunded when cancelled refund_cutoff_days or more before. */
  refund_before_percent: Generated<number>
  /** Percent of the deposit refunded when cancelled later. */
  refund_after_percent: Generated<number>
}

export interface InspirationPhotoTable {
  id: Generated<number>
  /** The photo's private name: at least 128 random bits, base64url. */
  key: string
  created_at: Millis
  /** The order_request it was sent with; null while it waits in a cart. */
  request_id: number | null
  /** Upright pixel size of the largest variant. */
  width: number
  height: number
  /** JSON array of InspirationVariant (features/inspiration/inspiration-photos.server.ts) */
  variants: string
  /** Bytes stored for all variants: counted against MEDIA_QUOTA_MB with the gallery's. */
  stored_bytes: number
  /** A small WebP as a data: URL (about 160 px wide), for the cart's thumbnails. */
  preview: string
}

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
}

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
}

/** A request's receipt number: the row's id, never handed out twice; one per request. */
export interface ReceiptTable {
  id: Generated<number>
  request_id: number
  created_at: Millis
}

/** One row (id = 1): the token every write to a public page's tables replaces (migration 011). */
export interface PageVersionTable {
  id: number
  token: string
}

/** One row (id = 1): the token every change to a request's date, status or effort replaces (migration 013). */
export interface BookingVersionTable {
  id: number
  token: string
}

/** A device that turned on the owner's alerts (features/owner-alerts). */
export interface PushSubscriptionTable {
  id: Generated<number>
  /** The push service's address for this device: unique, and a secret of sorts. */
  endpoint: string
  /** The browser's P-256 public key and auth secret, base64url, that encrypt its pushes. */
  p256dh: string
  auth: string
  /** The admin (user.id) who turned alerts on here. */
  user_id: string
  device_label: Generated<string>
  /** The kinds switched on, comma-separated. */
  kinds: string
  created_at: number
  last_success_at: number | null
  failures: Generated<number>
}

export type PushAlertStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** One alert for one device, queued until the push service accepts it. */
export interface PushAlertTable {
  id: Generated<number>
  subscription_id: number
  kind: string
  /** The event's name and the device's id: an alert is queued once per device. */
  dedupe_key: string
  /** JSON of the notification; null once sent or given up on. */
  payload: string | null
  status: Generated<PushAlertStatus>
  attempts: Generated<number>
  created_at: number
  next_attempt_at: number
  lease_until: number | null
  sent_at: number | null
  last_error: string | null
}

/** One round of a request's design proof (features/proofs, decision 055). */
export interface ProofRoundTable {
  id: Generated<number>
  request_id: number
  /** 1 for the first round sent on this request, then 2, 3… */
  number: number
  /** The owner's note to the customer with this round. */
  note: string
  sent_at: Millis
  /** Null until the customer answers. */
  answer: 'approved' | 'change' | null
  /** The change she asked for, in her words; null otherwise. */
  answer_note: string | null
  answered_at: Millis | null
}

/** One private image of a proof round, re-encoded by the media pipeline. */
export interface ProofImageTable {
  id: Generated<number>
  /** The image's private name: at least 128 random bits, base64url. */
  key: string
  round_id: number
  /** Its place in the round, from 1. */
  position: number
  width: number
  height: number
  /** JSON array of ProofVariant (features/proofs/proof-store.server.ts) */
  variants: string
  /** Bytes stored for all variants: counted against MEDIA_QUOTA_MB with the other photos. */
  stored_bytes: number
  /** A small WebP as a data: URL, shown while the image loads. */
  preview: string
}
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
