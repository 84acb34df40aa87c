import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/* Texts through her own Twilio account (features/texts, decision 111). */

/** What texts a consent is for: her orders, or news of a drop opening (asked for apart). */
export type TextPurpose = 'orders' | 'drops'

/** A phone's consent to one kind of texts: asked, given, and perhaps withdrawn since. */
export interface TextConsentTable {
  /** Ten digits, as the order book keeps a phone number. */
  phone: string
  purpose: TextPurpose
  /** When a sign-up asked for it by text and waits for her YES; null otherwise. */
  asked_at: Millis | null
  /** When she said yes; null while a sign-up waits. */
  given_at: Millis | null
  /** Where it was given: 'her order page, BB-4821', 'replied YES'. */
  given_where: string | null
  /** When it was withdrawn; null while it stands. */
  withdrawn_at: Millis | null
  /** How: 'replied STOP', or where she switched texts off. */
  withdrawn_how: string | null
}

export type TextKind = 'day-before' | 'soon' | 'ready' | 'drop-open' | 'confirm' | 'test'

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
