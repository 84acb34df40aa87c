import type { Kysely } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import { requeueClaim, settleClaim } from '#app/db/leased-queue.server.ts'
import type { Database } from '#app/db/schema.ts'
import type { ClaimedEmail } from './outbox-claims.server.ts'

/**
 * What becomes of a claimed email: sent, failed for good, or queued again
 * after a doubling delay; and the owner's Resend of a failed one.
 */

const ownTables = tablesFor('mail')

/** After this long without success an email is marked failed for the owner to resend. */
export const OUTBOX_GIVE_UP_MS = 24 * 60 * 60_000
/** Backoff stops doubling here, so mail still goes out soon after a long outage ends. */
export const OUTBOX_MAX_RETRY_DELAY_MS = 60 * 60_000

const MAX_ERROR_LENGTH = 1000

/** Returns false when the claim was lost (its lease ran out and another worker took it). */
export async function markEmailSent(
  db: Kysely<Database>,
  claim: Pick<ClaimedEmail, 'id' | 'attempts'>,
  now = Date.now(),
): Promise<boolean> {
  return settleClaim(db, 'outbox', claim, { status: 'sent', sent_at: now, last_error: null })
}

/** For errors that sending again cannot fix; the owner can still press Resend. */
export async function markEmailFailed(
  db: Kysely<Database>,
  claim: Pick<ClaimedEmail, 'id' | 'attempts'>,
  error: string,
): Promise<boolean> {
  return settleClaim(db, 'outbox', claim, { status: 'failed', last_error: truncateError(error) })
}

/**
 * Puts the email back in the queue with a doubling delay, or marks it failed
 * once it has been trying for a day. Returns what became of it, or undefined
 * when the claim was lost.
 */
export async function markEmailForRetry(
  db: Kysely<Database>,
  claim: Pick<ClaimedEmail, 'id' | 'attempts' | 'createdAt'>,
  error: string,
  {
    retryMinMs,
    maxRetryDelayMs = OUTBOX_MAX_RETRY_DELAY_MS,
    now = Date.now(),
  }: { retryMinMs: number; maxRetryDelayMs?: number; now?: number },
): Promise<'queued' | 'failed' | undefined> {
  if (now - claim.createdAt >= OUTBOX_GIVE_UP_MS) {
    const attempts = claim.attempts === 1 ? '1 attempt' : `${claim.attempts} attempts`
    const failed = await markEmailFailed(db, claim, `${error} (gave up after ${attempts})`)
    return failed ? 'failed' : undefined
  }
  const queued = await requeueClaim(db, 'outbox', claim, {
    now,
    minMs: retryMinMs,
    maxMs: maxRetryDelayMs,
    also: { last_error: truncateError(error) },
  })
  return queued ? 'queued' : undefined
}

/**
 * The owner's Resend for a failed email: queued again, due now, with a fresh
 * day of retries. Returns false when the row is not failed (already queued,
 * sending or sent), so a double click does not send twice.
 */
export async function requeueEmail(
  db: Kysely<Database>,
  outboxId: number,
  now = Date.now(),
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('outbox')
    .set({
      status: 'queued',
      attempts: 0,
      created_at: now,
      next_attempt_at: now,
      lease_until: null,
      last_error: null,
    })
    .where('id', '=', outboxId)
    .where('status', '=', 'failed')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

function truncateError(error: string): string {
  return error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error
}
