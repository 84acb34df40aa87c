import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, OutboxTopic } from '#app/db/schema.ts'
import type { OutgoingEmail } from './email.ts'

/**
 * Queueing an email in the outbox. The delivery worker takes it from there
 * (outbox-claims.server.ts, outbox-retries.server.ts); what a feature shows
 * of its mail is read in outbox-lists.server.ts.
 */

const ownTables = tablesFor('mail')

type Executor = Kysely<Database> | Transaction<Database>

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
