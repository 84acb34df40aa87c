import type { Generated } from 'kysely'

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
  /** A drop's waitlist offer: what came free, kept for her (subject_id: the waitlist entry). */
  | 'drop_waitlist'
  /** A full day's waitlist offer: the day came free, kept for her (subject_id: the entry). */
  | 'day_waitlist'
  /** A gift card sold: the card to the one it is for, the buyer's receipt, the owner's news (subject_id: the card). */
  | 'gift_card'
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
