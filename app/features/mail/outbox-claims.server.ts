import type { Kysely, Selectable } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import { claimDue, findNextDueAt as findNextQueueDueAt } from '#app/db/leased-queue.server.ts'
import type { Database, OutboxTable, OutboxTopic } from '#app/db/schema.ts'
import type { OutgoingEmail } from './email.ts'

/** A delivery worker's lease on a due email: taking one, and giving back a dead boot's. */

const ownTables = tablesFor('mail')

/** How long a claim protects a row; a worker that dies mid-send loses it after this. */
export const OUTBOX_LEASE_MS = 2 * 60_000

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

/** Who holds a lease: an instance's stable name, and the id of its current boot. */
export interface LeaseHolder {
  instance: string
  boot: string
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
