/**
 * The owner's card refunds, for the card refunds' tests: her "Refund on card"
 * as her order page posts it, and what it leaves behind (what Stripe was
 * asked, the refunds recorded, the customer's refund emails).
 */
import type { Db } from '#app/db/db.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { type CardBook, HOUR, NOW, SITE } from './card-book.ts'
import { versionOf } from './order-book.ts'

/** The owner's "Refund on card" as her page posts it; `confirm` once she has said yes. */
export async function postCardRefund(
  book: CardBook,
  fields: Record<string, string>,
  { db = book.db, version }: { db?: Db; version?: string } = {},
) {
  return receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${book.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'card_refund',
        version: version ?? (await versionOf(book.db, book.id)),
        card_refund_reason: '',
        ...fields,
      }),
    }),
    db,
    requestId: book.id,
    siteUrl: SITE,
    env: book.env,
    now: NOW + 3 * HOUR,
  })
}

/** What Stripe was asked to refund, each as sent. */
export function refundCalls(book: CardBook) {
  return book.fake.received
    .filter((call) => call.path === '/v1/refunds')
    .map((call) => ({
      key: call.idempotencyKey,
      authorization: call.authorization,
      form: Object.fromEntries(call.form),
    }))
}

/** The refunds the book has recorded, in the order they were. */
export async function refunds(db: Db) {
  return db
    .selectFrom('refund')
    .select(['payment_id', 'amount_cents', 'method', 'reason', 'stripe_refund_id'])
    .orderBy('id')
    .execute()
}

/** The customer's refund emails, each with its name. */
export async function refundEmails(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .orderBy('id')
    .execute()
  return rows
    .map((row) => ({ key: row.dedupe_key, email: JSON.parse(row.payload) as OutgoingEmail }))
    .filter(({ email }) => email.subject.startsWith('A refund'))
}
