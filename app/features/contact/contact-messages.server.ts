import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { ContactMessageTable, Database } from '#app/db/schema.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { messageAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { composeContactEmail } from './contact-email.ts'
import type { ContactMessage } from './contact-schema.ts'

const ownTables = tablesFor('contact')

type Executor = Kysely<Database> | Transaction<Database>

/** Stores a visitor's message and queues the owner's email about it, in one transaction. */
export async function submitContactMessage(
  db: Db,
  message: ContactMessage,
  now: Date = new Date(),
): Promise<{ messageId: number }> {
  return db.transaction().execute(async (trx) => {
    const { id: messageId } = await ownTables(trx)
      .insertInto('contact_message')
      .values({ created_at: now.toISOString(), ...message })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { name } = await readSiteSection(trx, 'identity')
    await enqueueEmail(
      trx,
      {
        topic: 'contact_message',
        subjectId: messageId,
        email: composeContactEmail(message, name),
      },
      now.getTime(),
    )
    await queueOwnerAlert(trx, messageAlert(messageId, message.name), now.getTime())
    return { messageId }
  })
}

/** A stored message as the owner reads it. */
export interface StoredContactMessage extends ContactMessage {
  id: number
  /** ISO timestamp */
  receivedAt: string
  handled: boolean
}

/** The newest messages first, at most `limit`; only those not yet handled with `openOnly`. */
export async function listContactMessages(
  db: Executor,
  { openOnly = false, limit }: { openOnly?: boolean; limit: number },
): Promise<StoredContactMessage[]> {
  let query = ownTables(db)
    .selectFrom('contact_message')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
  if (openOnly) query = query.where('handled_at', 'is', null)
  const rows = await query.execute()
  return rows.map(storedMessage)
}

/** An open message as Today lists it: who, and when it came. */
export interface OpenMessage {
  id: number
  name: string
  /** ISO timestamp */
  receivedAt: string
}

/**
 * The messages not yet handled, oldest first: the first `limit`, and how
 * many in all. One query, read from the partial index of the open ones
 * (migration 040-waiting-on-the-owner), however many are handled.
 */
export async function readOpenMessages(
  db: Executor,
  { limit }: { limit: number },
): Promise<{ items: OpenMessage[]; total: number }> {
  const rows = await ownTables(db)
    .selectFrom('contact_message')
    .select(['id', 'name', 'created_at'])
    .select(({ fn }) => fn.countAll<number | string>().over().as('total'))
    .where('handled_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute()
  return {
    items: rows.map((row) => ({ id: Number(row.id), name: row.name, receivedAt: row.created_at })),
    total: Number(rows[0]?.total ?? 0),
  }
}

/** Marks a message handled (or open again). Returns false when there is no such message. */
export async function setContactMessageHandled(
  db: Executor,
  { id, handled, now = new Date() }: { id: number; handled: boolean; now?: Date },
): Promise<boolean> {
  const result = await ownTables(db)
    .updateTable('contact_message')
    .set({ handled_at: handled ? now.toISOString() : null })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * Deletes every message sent from an address (any case), for a customer's
 * erasure; returns what the erasure must also scrub from emails.
 */
export async function deleteContactMessagesFrom(
  db: Executor,
  address: string,
): Promise<{ id: number; name: string; phone_number: string }[]> {
  return ownTables(db)
    .deleteFrom('contact_message')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address.toLowerCase()))
    .returning(['id', 'name', 'phone_number'])
    .execute()
}

/** The most of one customer's messages her page lists: a lifetime of a customer's notes. */
export const MAX_MESSAGES_FROM = 50

/** What a customer wrote through the contact form from any of `emails`, newest first. */
export async function listMessagesFrom(
  db: Executor,
  emails: readonly string[],
): Promise<StoredContactMessage[]> {
  if (emails.length === 0) return []
  const rows = await ownTables(db)
    .selectFrom('contact_message')
    .selectAll()
    .where((eb) =>
      eb(
        eb.fn('lower', ['email']),
        'in',
        emails.map((email) => email.toLowerCase()),
      ),
    )
    .orderBy('id', 'desc')
    .limit(MAX_MESSAGES_FROM)
    .execute()
  return rows.map(storedMessage)
}

/** Who wrote, newest first, at most `limit` messages: for her customer book (decision 107). */
export async function listSenders(
  db: Executor,
  limit: number,
): Promise<{ id: number; name: string; email: string; phone_number: string; at: string }[]> {
  const rows = await ownTables(db)
    .selectFrom('contact_message')
    .select(['id', 'name', 'email', 'phone_number', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(({ created_at, ...row }) => ({ ...row, id: Number(row.id), at: created_at }))
}

function storedMessage(row: Selectable<ContactMessageTable>): StoredContactMessage {
  return {
    id: row.id,
    receivedAt: row.created_at,
    handled: row.handled_at !== null,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    message: row.message,
  }
}
