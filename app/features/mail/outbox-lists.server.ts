import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, OutboxStatus, OutboxTopic } from '#app/db/schema.ts'
import type { OutgoingEmail } from './email.ts'

/** What a feature shows of the mail it caused: each email's delivery state, read from the outbox. */

const ownTables = tablesFor('mail')

type Executor = Kysely<Database> | Transaction<Database>

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
