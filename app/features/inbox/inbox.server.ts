import type { Db } from '#app/db/db.server.ts'
import {
  listContactMessages,
  setContactMessageHandled,
} from '#app/features/contact/contact-messages.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { type OutboxState, listOutboxState } from '#app/features/mail/outbox-lists.server.ts'
import { requeueEmail } from '#app/features/mail/outbox-retries.server.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'

/**
 * What the owner's inbox holds: the messages sent through the contact form.
 * Order requests live in the order book (features/order-book), each with its
 * own page, so the inbox never reads a send.
 */
export type InboxKind = 'message'

export interface Delivery {
  status: OutboxState['status']
  error: string | null
}

export interface InboxMessage {
  kind: 'message'
  id: number
  /** ISO timestamp */
  receivedAt: string
  handled: boolean
  /** The owner's email about the message: out, on its way, or failed. */
  delivery: Delivery | null
  name: string
  email: string
  phone_number: string
  message: string
}

export type InboxItem = InboxMessage

/** The owner sees at most this many of the newest messages at once. */
const INBOX_LIMIT = 300

/** The contact messages, newest first, with their email's delivery state. */
export async function listInbox(db: Db, { openOnly = false } = {}): Promise<InboxItem[]> {
  const messages = await listContactMessages(db, { openOnly, limit: INBOX_LIMIT })
  const deliveries = await listOutboxState(
    db,
    'contact_message',
    messages.map((message) => message.id),
  )
  return messages.map((message): InboxMessage => {
    const state = deliveries.get(message.id)
    return {
      kind: 'message',
      ...message,
      delivery: state ? { status: state.status, error: state.lastError } : null,
    }
  })
}

const receivedFormat = () =>
  bakeryDateTimeFormat({
    dateStyle: 'medium',
    timeStyle: 'short',
  })

/**
 * Arrival times in the bakery's time zone, written on the server so the
 * browser's date formatting can never disagree with the page it was sent.
 */
export function labelReceived<T extends { receivedAt: string }>(items: T[]) {
  return items.map((item) => ({
    ...item,
    receivedLabel: receivedFormat().format(new Date(item.receivedAt)),
  }))
}

/** Marks a message handled (or open again). Returns false when there is no such message. */
export async function setHandled(
  db: Db,
  { id, handled, now = new Date() }: { kind: InboxKind; id: number; handled: boolean; now?: Date },
): Promise<boolean> {
  return setContactMessageHandled(db, { id, handled, now })
}

/** Queues a message's failed email again. Returns false when nothing had failed. */
export async function resendItemEmail(db: Db, { id }: { kind: InboxKind; id: number }) {
  const state = (await listOutboxState(db, 'contact_message', [id])).get(id)
  if (!state || state.status !== 'failed') return false
  const requeued = await requeueEmail(db, state.outboxId)
  if (requeued) kickDeliveryWorker()
  return requeued
}
