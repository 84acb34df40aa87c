import type { Kysely } from 'kysely'
import type { TextKeys } from '#app/config/env.server.ts'
import { findNextDueAt, type QueueWorker, startQueueWorker } from '#app/db/leased-queue.server.ts'
import type { Database } from '#app/db/schema.ts'
import { readLocalSettings } from '#app/features/site-content/site-content.server.ts'
import { standsOf, textConsentsOf, withdrawTextConsent } from './text-consent.server.ts'
import {
  type ClaimedText,
  claimDueText,
  markTextForRetry,
  markTextNotSent,
  markTextSent,
  TEXT_LEASE_MS,
  TEXT_RETRY_MIN_MS,
  textsThisMonth,
} from './text-queue.server.ts'
import { e164Of, monthStartIn } from './text-rules.ts'
import { readTextSettings } from './text-settings.server.ts'
import { postText } from './twilio.server.ts'

export type TextOutcome = 'sent' | 'retry' | 'failed' | 'dropped'

export interface TextSendOptions {
  keys: TextKeys
  now?: () => number
  /** One line per text not sent; never its number or words. */
  log?: (line: string) => void
  timeoutMs?: number
}

/**
 * Sends the next due text, if any, and says what became of it. A text is
 * checked at the moment it goes, not only when it was queued: the number's
 * consent must still stand, its moment must not have passed, and this
 * month's limit must leave room (counting texts in flight on other
 * instances). A number Twilio says has opted out is recorded as withdrawn.
 */
export async function sendNextText(
  db: Kysely<Database>,
  { keys, now = Date.now, log = console.warn, timeoutMs }: TextSendOptions,
): Promise<TextOutcome | undefined> {
  const claim = await claimDueText(db, { now: now(), leaseMs: TEXT_LEASE_MS })
  if (!claim) return undefined
  const label = `texts: text ${claim.id} (${claim.kind})`
  const refusal = await whyNotNow(db, claim, now())
  if (refusal) {
    await markTextNotSent(db, claim, 'dropped', refusal)
    log(`${label} not sent: ${refusal}`)
    return 'dropped'
  }
  const outcome = await postText(keys, { to: e164Of(claim.phone), body: claim.body }, { timeoutMs })
  if (outcome.ok) {
    await markTextSent(db, claim, { providerId: outcome.providerId, now: now() })
    return 'sent'
  }
  const reason = withoutNumbers(outcome.reason)
  if (outcome.retry) {
    const next = await markTextForRetry(db, claim, { reason, now: now() })
    log(`${label} ${next === 'retry' ? 'will be tried again' : 'failed'}: ${reason}`)
    return next
  }
  await markTextNotSent(db, claim, 'failed', reason)
  if (outcome.optedOut) {
    await withdrawTextConsent(db, { phone: claim.phone, how: 'opted out with Twilio', now: now() })
  }
  log(`${label} failed: ${reason}`)
  return 'failed'
}

/** Why a claimed text must not go now, or undefined when it may. */
async function whyNotNow(
  db: Kysely<Database>,
  claim: ClaimedText,
  now: number,
): Promise<string | undefined> {
  if (claim.send_before !== null && now >= Number(claim.send_before)) {
    return 'its moment passed before it could be sent.'
  }
  if (claim.kind !== 'test') {
    const purpose = claim.kind === 'drop-open' || claim.kind === 'confirm' ? 'drops' : 'orders'
    const consent = (await textConsentsOf(db, [claim.phone], purpose)).get(claim.phone)
    // A sign-up's own question goes while it waits; every other text needs her yes.
    const mayGo = claim.kind === 'confirm' ? consent?.askedAt != null : standsOf(consent)
    if (!mayGo) return 'the customer has not said yes to these texts, or has withdrawn it.'
  }
  const { monthlyCap } = await readTextSettings(db)
  const { timeZone } = await readLocalSettings(db)
  // This one is counted among those in flight.
  if ((await textsThisMonth(db, monthStartIn(timeZone, now))) > monthlyCap) {
    return `this month's limit of ${monthlyCap} texts is reached; email told her instead.`
  }
  return undefined
}

/** Twilio's reasons can name the number: the log and her list get them without. */
function withoutNumbers(text: string): string {
  return text.replace(/\+?\d[\d\s().-]{6,}\d/g, '<number>')
}

/**
 * The texts' sender in the server process: sends what is due, one text at
 * a time, then sleeps until the next is due, a kick, or half a minute (to
 * notice texts another instance queued). Each text is claimed under the
 * leased queue's lease, so it goes once however many senders run.
 */
export function startTextWorker(
  db: Kysely<Database>,
  options: TextSendOptions & { maxIdleMs?: number },
): QueueWorker {
  const log = options.log ?? console.warn
  return startQueueWorker({
    work: async () => (await sendNextText(db, options)) !== undefined,
    nextDueAt: () => findNextDueAt(db, 'text_message'),
    maxIdleMs: options.maxIdleMs ?? 30_000,
    errorPauseMs: TEXT_RETRY_MIN_MS,
    onError: (error) =>
      log(
        `texts: the queue could not be read: ${error instanceof Error ? error.message : String(error)}`,
      ),
  })
}
