import type { Selectable } from 'kysely'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import type { OrderRequestTable, OutboxTopic } from '#app/db/schema.ts'
import { listInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import {
  type OutboxState,
  listOutboxEmails,
  listOutboxState,
  requeueEmail,
} from '#app/features/mail/outbox.server.ts'

export type InboxKind = 'orders' | 'message'

export interface Delivery {
  status: OutboxState['status']
  error: string | null
}

interface InboxItemBase {
  kind: InboxKind
  id: number
  /** ISO timestamp */
  receivedAt: string
  handled: boolean
  delivery: Delivery | null
}

/** A customer's "We got your request" email and how far it got. */
export interface Confirmation extends Delivery {
  to: string
}

export interface InboxOrderBatch extends InboxItemBase {
  kind: 'orders'
  /** One per distinct customer email in the send, oldest first. */
  confirmations: Confirmation[]
  orders: (Omit<Selectable<OrderRequestTable>, 'id' | 'batch_id'> & {
    /** The keys of its inspiration photos, served to the owner at /admin/photos/<key>. */
    photos: { key: string; preview: string }[]
  })[]
}

export interface InboxMessage extends InboxItemBase {
  kind: 'message'
  name: string
  email: string
  phone_number: string
  message: string
}

export type InboxItem = InboxOrderBatch | InboxMessage

/** The owner sees at most this many of the newest items at once. */
const INBOX_LIMIT = 300

const topicOf: Record<InboxKind, OutboxTopic> = {
  orders: 'order_batch',
  message: 'contact_message',
}

/** Every order batch and contact message, newest first, with its email's delivery state. */
export async function listInbox(db: Db, { openOnly = false } = {}): Promise<InboxItem[]> {
  let batchQuery = db.selectFrom('order_batch').selectAll().orderBy('id', 'desc').limit(INBOX_LIMIT)
  let messageQuery = db
    .selectFrom('contact_message')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(INBOX_LIMIT)
  if (openOnly) {
    batchQuery = batchQuery.where('handled_at', 'is', null)
    messageQuery = messageQuery.where('handled_at', 'is', null)
  }
  const [batches, messages] = await Promise.all([batchQuery.execute(), messageQuery.execute()])
  const batchIds = batches.map((batch) => batch.id)
  const [orders, batchDelivery, messageDelivery, confirmations] = await Promise.all([
    batchIds.length
      ? db
          .selectFrom('order_request')
          .selectAll()
          .where('batch_id', 'in', batchIds)
          .orderBy('position')
          .execute()
      : [],
    listOutboxState(db, 'order_batch', batchIds),
    listOutboxState(
      db,
      'contact_message',
      messages.map((message) => message.id),
    ),
    // Kept apart from the owner's email (topic order_batch), which alone
    // decides the batch's badge and what Resend sends again.
    listOutboxEmails(db, 'request_confirmation', batchIds),
  ])
  const photos = await listInspirationPhotos(
    db,
    orders.map((order) => order.id),
  )
  const delivery = (state: OutboxState | undefined): Delivery | null =>
    state ? { status: state.status, error: state.lastError } : null

  const items: InboxItem[] = [
    ...batches.map((batch): InboxOrderBatch => ({
      kind: 'orders',
      id: batch.id,
      receivedAt: batch.created_at,
      handled: batch.handled_at !== null,
      delivery: delivery(batchDelivery.get(batch.id)),
      confirmations: (confirmations.get(batch.id) ?? []).map((email) => ({
        to: email.to ?? '',
        status: email.status,
        error: email.lastError,
      })),
      orders: orders
        .filter((order) => order.batch_id === batch.id)
        .map(({ id, batch_id: _batch, ...order }) => ({
          ...order,
          photos: photos
            .filter((photo) => photo.requestId === id)
            .map(({ key, preview }) => ({ key, preview })),
        })),
    })),
    ...messages.map((message): InboxMessage => ({
      kind: 'message',
      id: message.id,
      receivedAt: message.created_at,
      handled: message.handled_at !== null,
      delivery: delivery(messageDelivery.get(message.id)),
      name: message.name,
      email: message.email,
      phone_number: message.phone_number,
      message: message.message,
    })),
  ]
  return items.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)).slice(0, INBOX_LIMIT)
}

const receivedFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: site.timeZone,
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
    receivedLabel: receivedFormat.format(new Date(item.receivedAt)),
  }))
}

/** Marks an item handled (or open again). Returns false when there is no such item. */
export async function setHandled(
  db: Db,
  {
    kind,
    id,
    handled,
    now = new Date(),
  }: { kind: InboxKind; id: number; handled: boolean; now?: Date },
): Promise<boolean> {
  const table = kind === 'orders' ? 'order_batch' : 'contact_message'
  const result = await db
    .updateTable(table)
    .set({ handled_at: handled ? now.toISOString() : null })
    .where('id', '=', id)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/** Queues a failed email about this item again. Returns false when nothing had failed. */
export async function resendItemEmail(db: Db, { kind, id }: { kind: InboxKind; id: number }) {
  const state = (await listOutboxState(db, topicOf[kind], [id])).get(id)
  if (!state || state.status !== 'failed') return false
  const requeued = await requeueEmail(db, state.outboxId)
  if (requeued) kickDeliveryWorker()
  return requeued
}
