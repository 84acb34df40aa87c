import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Gift cards (docs/decisions/114): each card sold by card through Stripe's
// Checkout, its code given once the payment is in, and a ledger of what was
// put on it, spent from it and given back to it. A card's balance is the sum
// of its ledger, read under the card's lock, so it is spent once however
// many orders ask at once.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gift_card')
      .addColumn('id', 'integer', autoIncrementId(db))
      // Sixteen letters and digits, kept without the dashes it is shown with; null until paid.
      .addColumn('code', 'text', (col) => col.unique())
      .addColumn('amount_cents', 'integer', (col) => col.notNull().check(sql`amount_cents > 0`))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('buyer_name', 'text', (col) => col.notNull())
      .addColumn('buyer_email', 'text', (col) => col.notNull())
      .addColumn('recipient_name', 'text', (col) => col.notNull())
      .addColumn('recipient_email', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('checkout_session_id', 'text', (col) => col.notNull().unique())
      .addColumn('payment_intent_id', 'text')
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('paid_at', epochMsType(db))
      .execute()
    await db.schema
      .createTable('gift_card_entry')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('gift_card_id', 'integer', (col) =>
        col.notNull().references('gift_card.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) =>
        col.notNull().check(sql`kind in ('bought', 'spent', 'returned', 'refunded')`),
      )
      // Signed: what it put on the card (bought, returned) or took off it (spent, refunded).
      .addColumn('cents', 'integer', (col) => col.notNull())
      // The order's payment it made (spent), or the refund that gave it back (returned).
      .addColumn('payment_id', 'integer', (col) =>
        col.unique().references('payment.id').onDelete('set null'),
      )
      .addColumn('refund_id', 'integer', (col) =>
        col.unique().references('refund.id').onDelete('set null'),
      )
      // Stripe's id of a refund of the card's own purchase (refunded), made on her dashboard.
      .addColumn('stripe_refund_id', 'text', (col) => col.unique())
      // The order it was spent on or given back from, for her list's link.
      .addColumn('request_id', 'integer', (col) =>
        col.references('order_request.id').onDelete('set null'),
      )
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('gift_card_entry_card')
      .on('gift_card_entry')
      .columns(['gift_card_id', 'id'])
      .execute()
    await db.schema
      .createIndex('gift_card_recent')
      .on('gift_card')
      .columns(['paid_at', 'id'])
      .execute()
  },
}
