import type { Kysely, Selectable, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import {
  claimDue,
  findNextDueAt as findNextQueueDueAt,
  requeueClaim,
  settleClaim,
} from '#app/db/leased-queue.server.ts'
import type { Database, OutboxStatus, OutboxTable, OutboxTopic } from '#app/db/schema.ts'
import type { OutgoingEmail } from './email.ts'

const ownTables = tablesFor('mail')

type Executor = Kysely<Database> | Transaction<Database>

/** How long a claim protects a row; a worker that dies mid-send loses it after this. */
export const OUTBOX_LEASE_MS = 2 * 60_000
/** After this long without success an email is marked failed for the owner to resend. */
export const OUTBOX_GIVE_UP_MS = 24 * 60 * 60_000
/** Backoff stops doubling here, so mail still goes out soon after a long outage ends. */
export const OUTBOX_MAX_RETRY_DELAY_MS = 60 * 60_000

const MAX_ERROR_LENGTH = 1000

type OutboxRow = Selectable<OutboxTable>

/** A row a worker holds the lease on, with its payload read back. */
export interface ClaimedEmail {
  id: number
  topic: OutboxTopic
  subjectId: number
  /** Counting this one; also the claim's token, see settleClaim in app/db/leased-queue.server.ts. */
  attempts: number
  createdAt: number
  /** Undefined when the stored payload cannot be read (a permanent failure). */
  email: OutgoingEmail | undefined
}

/** What the inbox shows beside a record: is its email out, on its way, or failed? */
export interface OutboxState {
  outboxId: number
  status: OutboxStatus
  attempts: number
  lastError: string | null
  createdAt: number
  nextAttemptAt: number
  sentAt: number | null
}

/** What to queue: the record an email is about, the email, and for a scheduled email its name. */
export interface EmailToQueue {
  topic: OutboxTopic
  subjectId: number
  email: OutgoingEmail
  /**
   * A scheduled email's name ('digest:2026-11-24'), to queue it once: a second
   * call with the same key (a restart, another instance running the same
   * schedule) queues nothing.
   */
  dedupeKey?: string
}

/**
 * Queues an email, due at once, and returns its outbox id. Call it in the
 * same transaction as the record it announces: either both are stored or
 * neither is, so a stored order is never left without its email. With a
 * `dedupeKey`, returns undefined when that email was queued before.
 */
export async function enqueueEmail(
  db: Executor,
  email: EmailToQueue & { dedupeKey?: undefined },
  now?: number,
): Promise<number>
export async function enqueueEmail(
  db: Executor,
  email: EmailToQueue,
  now?: number,
): Promise<number | undefined>
export async function enqueueEmail(
  db: Executor,
  { topic, subjectId, email, dedupeKey }: EmailToQueue,
  now = Date.now(),
): Promise<number | undefined> {
  const row = await ownTables(db)
    .insertInto('outbox')
    .values({
      topic,
      subject_id: subjectId,
      payload: JSON.stringify(email),
      created_at: now,
      next_attempt_at: now,
      ...(dedupeKey === undefined ? {} : { dedupe_key: dedupeKey }),
    })
    .$if(dedupeKey !== undefined, (insert) =>
      insert.onConflict((oc) => oc.column('dedupe_key').doNothing()),
    )
    .returning('id')
    .executeTakeFirst()
  if (row === undefined && dedupeKey === undefined) {
    throw new Error('outbox: an email without a dedupe key was not stored')
  }
  return row?.id
}

/** Who holds a lease: an instance's stable name, and the id of its current boot. */
export interface LeaseHolder {
  instance: string
  boot: string
}

/**
 * Which of these dedupe keys already have an email queued (by an earlier run
 * or another instance), so scheduled work can skip composing them.
 */
export async function queuedDedupeKeys(
  db: Kysely<Database>,
  dedupeKeys: readonly string[],
): Promise<Set<string>> {
  if (dedupeKeys.length === 0) return new Set()
  const rows = await ownTables(db)
    .selectFrom('outbox')
    .select('dedupe_key')
    .where('dedupe_key', 'in', dedupeKeys)
    .execute()
  return new Set(rows.map((row) => row.dedupe_key ?? ''))
}

/**
 * Takes one due email for this worker. It is a single UPDATE whose WHERE picks
 * the row, and each email goes to exactly one worker, however many there are:
 * - SQLite runs the whole statement under its write lock, so two workers,
 *   even in two processes, can never both take the same row.
 * - PostgreSQL under READ COMMITTED would not be enough on its own: two
 *   workers' subqueries can pick the same row, and the second UPDATE, after
 *   waiting for the first, re-checks only `id = …` and takes it again. So the
 *   subquery locks the row it picks and skips rows another worker has locked
 *   (FOR UPDATE SKIP LOCKED, added for PostgreSQL only: SQLite has no such
 *   clause), and the UPDATE's WHERE re-checks that the row is still due.
 * A row left in 'sending' by a worker that died is due again once its lease
 * ends, or at once when its own instance restarts (`releaseEarlierBootsLeases`).
 */
export async function claimDueEmail(
  db: Kysely<Database>,
  {
    now = Date.now(),
    leaseMs = OUTBOX_LEASE_MS,
    holder,
  }: { now?: number; leaseMs?: number; holder?: LeaseHolder } = {},
): Promise<ClaimedEmail | undefined> {
  const row = await claimDue<OutboxRow>(db, 'outbox', {
    now,
    leaseMs,
    also: { lease_holder: holder?.instance ?? null, lease_boot: holder?.boot ?? null },
  })
  return row && toClaimedEmail(row)
}

/**
 * At boot: puts back in the queue, due now, every email an earlier boot of
 * this same instance was sending when it stopped (a crash, a SIGKILL), instead
 * of waiting out its lease. A boot of the same name can only follow the end of
 * the earlier one, so that sender is gone; leases of other instances, live or
 * not, are left to run out. Returns how many were taken back.
 */
export async function releaseEarlierBootsLeases(
  db: Kysely<Database>,
  holder: LeaseHolder,
  now = Date.now(),
): Promise<number> {
  const result = await ownTables(db)
    .updateTable('outbox')
    .set({
      status: 'queued',
      next_attempt_at: now,
      lease_until: null,
      lease_holder: null,
      lease_boot: null,
    })
    .where('status', '=', 'sending')
    .where('lease_holder', '=', holder.instance)
    .where('lease_boot', '!=', holder.boot)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * When the worker should look again: the earliest queued row's due time or
 * the earliest lease to run out. Undefined when nothing is waiting.
 */
export async function findNextDueAt(db: Kysely<Database>): Promise<number | undefined> {
  return findNextQueueDueAt(db, 'outbox')
}

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

/**
 * The delivery state of each record's email, keyed by the record's id. A
 * record without a row is absent; with several rows the newest one counts.
 */
export async function listOutboxState(
  db: Executor,
  topic: OutboxTopic,
  subjectIds: readonly number[],
): Promise<Map<number, OutboxState>> {
  const emails = await listOutboxEmails(db, topic, subjectIds)
  return new Map([...emails].map(([subjectId, list]) => [subjectId, list.at(-1)!]))
}

/** One email about a record, with whom it is to: what the inbox shows of a send's confirmations. */
export interface OutboxEmailState extends OutboxState {
  /** The address the email is for; undefined for the owner's own (MAIL_TO). */
  to: string | undefined
}

/**
 * Every email of a topic about each record, oldest first, keyed by the
 * record's id: a send has one confirmation per customer, not one email.
 */
export async function listOutboxEmails(
  db: Executor,
  topic: OutboxTopic,
  subjectIds: readonly number[],
): Promise<Map<number, OutboxEmailState[]>> {
  const emails = new Map<number, OutboxEmailState[]>()
  if (subjectIds.length === 0) return emails
  const rows = await ownTables(db)
    .selectFrom('outbox')
    .selectAll()
    .where('topic', '=', topic)
    .where('subject_id', 'in', subjectIds)
    .orderBy('id')
    .execute()
  for (const row of rows) {
    const list = emails.get(row.subject_id) ?? []
    list.push({
      outboxId: row.id,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      nextAttemptAt: row.next_attempt_at,
      sentAt: row.sent_at,
      to: recipientOf(row.payload),
    })
    emails.set(row.subject_id, list)
  }
  return emails
}

/** An email about one of the records asked for, with its subject and recipient read back. */
export interface EmailAbout extends OutboxEmailState {
  topic: OutboxTopic
  subjectId: number
  /** The subject line as queued; '' when the payload cannot be read. */
  subject: string
}

/**
 * Every email about any of the given records (a topic and the record's id),
 * oldest first: what a feature shows of the mail it caused, read through the
 * mail feature rather than from its table.
 */
export async function listEmailsAbout(
  db: Executor,
  about: readonly { topic: OutboxTopic; subjectIds: readonly number[] }[],
): Promise<EmailAbout[]> {
  const wanted = about.filter(({ subjectIds }) => subjectIds.length > 0)
  if (wanted.length === 0) return []
  const rows = await ownTables(db)
    .selectFrom('outbox')
    .selectAll()
    .where((eb) =>
      eb.or(
        wanted.map(({ topic, subjectIds }) =>
          eb.and([eb('topic', '=', topic), eb('subject_id', 'in', subjectIds)]),
        ),
      ),
    )
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    outboxId: row.id,
    topic: row.topic,
    subjectId: Number(row.subject_id),
    subject: subjectOf(row.payload),
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    nextAttemptAt: Number(row.next_attempt_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    to: recipientOf(row.payload),
  }))
}

/** A stored email as a sweep sees it (see `sweepEmails`). */
export interface StoredEmail {
  id: number
  topic: OutboxTopic
  subjectId: number
  createdAt: number
  payload: string
}

/**
 * Reads every stored email, a page at a time (the outbox keeps years of
 * them), and asks `decide` about each: keep it, delete it, or replace its
 * payload. For a customer's erasure, which decides what names her. Returns
 * how many were deleted and the emails deleted or rewritten.
 */
export async function sweepEmails(
  trx: Transaction<Database>,
  decide: (email: StoredEmail) => 'keep' | 'delete' | { payload: string },
): Promise<{ deleted: number; changed: StoredEmail[] }> {
  const doomed: number[] = []
  const changed: StoredEmail[] = []
  for (let after = 0; ;) {
    const rows = await ownTables(trx)
      .selectFrom('outbox')
      .select(['id', 'topic', 'subject_id', 'created_at', 'payload'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(200)
      .execute()
    if (rows.length === 0) break
    after = rows.at(-1)!.id
    for (const row of rows) {
      const email: StoredEmail = {
        id: row.id,
        topic: row.topic,
        subjectId: Number(row.subject_id),
        createdAt: Number(row.created_at),
        payload: row.payload,
      }
      const decision = decide(email)
      if (decision === 'keep') continue
      if (decision === 'delete') {
        doomed.push(row.id)
      } else {
        await ownTables(trx)
          .updateTable('outbox')
          .set({ payload: decision.payload })
          .where('id', '=', row.id)
          .execute()
      }
      changed.push(email)
    }
  }
  // In slices: a long-time customer's emails must not outgrow a statement's parameters.
  for (let start = 0; start < doomed.length; start += 500) {
    await ownTables(trx)
      .deleteFrom('outbox')
      .where('id', 'in', doomed.slice(start, start + 500))
      .execute()
  }
  return { deleted: doomed.length, changed }
}

/** The subject stored in a payload; '' when it has none or cannot be read. */
function subjectOf(payload: string): string {
  try {
    const email = JSON.parse(payload) as Partial<OutgoingEmail>
    return typeof email.subject === 'string' ? email.subject : ''
  } catch {
    return ''
  }
}

/** The `to` address stored in a payload; undefined when it has none or cannot be read. */
function recipientOf(payload: string): string | undefined {
  try {
    const email = JSON.parse(payload) as Partial<OutgoingEmail>
    return typeof email.to?.address === 'string' ? email.to.address : undefined
  } catch {
    return undefined
  }
}

function toClaimedEmail(row: OutboxRow): ClaimedEmail {
  return {
    id: row.id,
    topic: row.topic,
    subjectId: row.subject_id,
    attempts: row.attempts,
    createdAt: row.created_at,
    email: readPayload(row.payload),
  }
}

function readPayload(payload: string): OutgoingEmail | undefined {
  try {
    const email: unknown = JSON.parse(payload)
    return typeof email === 'object' && email !== null ? (email as OutgoingEmail) : undefined
  } catch {
    return undefined
  }
}

function truncateError(error: string): string {
  return error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error
}
