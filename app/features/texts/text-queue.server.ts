import type { Kysely, Selectable } from 'kysely'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { claimDue, requeueClaim, settleClaim } from '#app/db/leased-queue.server.ts'
import type { Database, TextKind, TextMessageTable } from '#app/db/schema.ts'

const ownTables = tablesFor('texts')

/** How long a claim protects a text; a sender that dies mid-send loses it after this. */
export const TEXT_LEASE_MS = 60_000
/** The first retry's delay, doubling after each failure up to TEXT_MAX_RETRY_MS. */
export const TEXT_RETRY_MIN_MS = 30_000
export const TEXT_MAX_RETRY_MS = 30 * 60_000
/** A text Twilio has not taken in this many tries is given up on: her emails say the same. */
export const TEXT_MAX_ATTEMPTS = 8

const MAX_ERROR_LENGTH = 300

/** A text to queue: its kind, number (ten digits), words and name. */
export interface TextToQueue {
  kind: TextKind
  phone: string
  body: string
  /** Its name: 'day-before:4165550123:2026-12-05:10:00-12:00'. Queued once. */
  dedupeKey: string
  /** When it may go; now unless later. */
  dueAt?: number
  /** After this it is dropped unsent. */
  sendBefore?: number
}

/**
 * Queues a text, like an email in the outbox: once by its name, however
 * often or on however many instances the clock runs. Returns whether it
 * was queued now (false: queued before).
 */
export async function queueText(db: Executor, text: TextToQueue, now: number): Promise<boolean> {
  return (await queueTexts(db, [text], now)) === 1
}

/** Texts queued together (a drop's opening), 200 to a statement; returns how many were new. */
export async function queueTexts(
  db: Executor,
  texts: readonly TextToQueue[],
  now: number,
): Promise<number> {
  let added = 0
  for (let at = 0; at < texts.length; at += 200) {
    const rows = await ownTables(db)
      .insertInto('text_message')
      .values(
        texts.slice(at, at + 200).map((text) => ({
          kind: text.kind,
          phone: text.phone,
          body: text.body,
          dedupe_key: text.dedupeKey,
          created_at: now,
          next_attempt_at: text.dueAt ?? now,
          send_before: text.sendBefore ?? null,
        })),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .execute()
    added += rows.length
  }
  return added
}

/** Which of these names have a text queued already, so the clock can skip writing them. */
export async function queuedTextKeys(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await ownTables(db)
    .selectFrom('text_message')
    .select('dedupe_key')
    .where('dedupe_key', 'in', keys)
    .execute()
  return new Set(rows.map((row) => row.dedupe_key))
}

export type ClaimedText = Selectable<TextMessageTable>

/** Takes one due text for this sender (see claimDue: one sender per text, however many run). */
export async function claimDueText(
  db: Kysely<Database>,
  { now, leaseMs = TEXT_LEASE_MS }: { now: number; leaseMs?: number },
): Promise<ClaimedText | undefined> {
  return claimDue<ClaimedText>(db, 'text_message', { now, leaseMs })
}

export function markTextSent(
  db: Kysely<Database>,
  claim: ClaimedText,
  { providerId, now }: { providerId: string; now: number },
): Promise<boolean> {
  return settleClaim(db, 'text_message', claim, {
    status: 'sent',
    sent_at: now,
    provider_id: providerId,
    last_error: null,
  })
}

/** Settles a text that will not go: 'failed' (Twilio refused it) or 'dropped' (no longer wanted). */
export function markTextNotSent(
  db: Kysely<Database>,
  claim: ClaimedText,
  status: 'failed' | 'dropped',
  reason: string,
): Promise<boolean> {
  return settleClaim(db, 'text_message', claim, {
    status,
    last_error: reason.slice(0, MAX_ERROR_LENGTH),
  })
}

/** Tries a text again after its backoff, or gives it up after TEXT_MAX_ATTEMPTS. */
export async function markTextForRetry(
  db: Kysely<Database>,
  claim: ClaimedText,
  { reason, now }: { reason: string; now: number },
): Promise<'retry' | 'failed'> {
  if (claim.attempts >= TEXT_MAX_ATTEMPTS) {
    await markTextNotSent(db, claim, 'failed', reason)
    return 'failed'
  }
  await requeueClaim(db, 'text_message', claim, {
    now,
    minMs: TEXT_RETRY_MIN_MS,
    maxMs: TEXT_MAX_RETRY_MS,
    also: { last_error: reason.slice(0, MAX_ERROR_LENGTH) },
  })
  return 'retry'
}

/**
 * How many texts count against this month's limit: those sent since the
 * month began and those being sent now, this one included. Counting the
 * ones in flight means two senders at the limit each see the other, so the
 * limit is never passed (at worst one waits for next month's).
 */
export async function textsThisMonth(db: Executor, monthStart: number): Promise<number> {
  const row = await ownTables(db)
    .selectFrom('text_message')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', monthStart)]),
        eb('status', '=', 'sending'),
      ]),
    )
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/** This month's texts as her Settings show them: sent, and their words (to count parts). */
export async function sentTextsSince(db: Executor, since: number): Promise<string[]> {
  const rows = await ownTables(db)
    .selectFrom('text_message')
    .select('body')
    .where('status', '=', 'sent')
    .where('sent_at', '>=', since)
    .orderBy('id')
    .limit(100_000)
    .execute()
  return rows.map((row) => row.body)
}

/** The last few texts, newest first, for Settings' list. */
export async function recentTexts(db: Executor, limit = 10) {
  return ownTables(db)
    .selectFrom('text_message')
    .select(['id', 'kind', 'status', 'created_at', 'sent_at', 'last_error'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** Every text queued for a number, oldest first. */
export async function textsQueuedFor(db: Executor, phone: string) {
  return ownTables(db)
    .selectFrom('text_message')
    .selectAll()
    .where('phone', '=', phone)
    .orderBy('id')
    .execute()
}
