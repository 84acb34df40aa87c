import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/* Texts through her own Twilio account (features/texts, decision 111). */

/** A phone's consent to texts about its orders: given, and perhaps withdrawn since. */
export interface TextConsentTable {
  /** Ten digits, as the order book keeps a phone number. */
  phone: string
  given_at: Millis
  /** Where it was given: 'her order page, BB-4821'. */
  given_where: string
  /** When it was withdrawn; null while it stands. */
  withdrawn_at: Millis | null
  /** How: 'replied STOP', or where she switched texts off. */
  withdrawn_how: string | null
}

export type TextKind = 'day-before' | 'soon' | 'ready' | 'test'

/** queued → sending → sent | failed; dropped: its moment passed, or she withdrew consent. */
export type TextStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'dropped'

/** One text, queued until Twilio accepts it (a leased queue, app/db/leased-queue.server.ts). */
export interface TextMessageTable {
  id: Generated<number>
  kind: TextKind
  phone: string
  body: string
  dedupe_key: string
  status: Generated<TextStatus>
  attempts: Generated<number>
  created_at: Millis
  next_attempt_at: Millis
  lease_until: Millis | null
  /** Not sent after this moment (a reminder, after its pickup); null for no limit. */
  send_before: Millis | null
  sent_at: Millis | null
  provider_id: string | null
  last_error: string | null
}
