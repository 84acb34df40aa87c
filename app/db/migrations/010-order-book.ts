import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// The order book (features/order-book): each request's timeline of status
// changes, its quotes and the payments received; the owner's calendar feed
// key; and scheduled emails (the morning digest, the day-before reminder)
// that the outbox sends once each, however often they are scheduled.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('request_event')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('at', epochMsType(db), (col) => col.notNull())
      // Null for the request's arrival.
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (col) => col.notNull())
      // Who made the change: the owner, the customer (through their link) or the site.
      .addColumn('actor', 'text', (col) => col.notNull())
      .addColumn('note', 'text')
      .execute()
    await db.schema
      .createIndex('request_event_request')
      .on('request_event')
      .columns(['request_id', 'at'])
      .execute()

    await db.schema
      .createTable('request_quote')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('price_cents', 'integer', (col) => col.notNull())
      .addColumn('deposit_cents', 'integer', (col) => col.notNull())
      // YYYY-MM-DD: when the deposit is due.
      .addColumn('deposit_due', 'text')
      // How to pay: e-Transfer instructions or a payment link the owner pastes.
      .addColumn('payment_instructions', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
      .addColumn('accepted_at', epochMsType(db))
      .execute()
    await db.schema
      .createIndex('request_quote_request')
      .on('request_quote')
      .columns(['request_id', 'id'])
      .execute()

    await db.schema
      .createTable('payment')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      // YYYY-MM-DD, as the owner saw it arrive.
      .addColumn('received_on', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema.createIndex('payment_request').on('payment').column('request_id').execute()

    await db.schema
      .alterTable('order_request')
      .addColumn('deposit_waived', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('order_request').addColumn('decline_reason', 'text').execute()

    await db.schema.alterTable('booking_settings').addColumn('ical_key', 'text').execute()
    await db.schema
      .alterTable('booking_settings')
      .addColumn('quote_expiry_days', 'integer', (col) => col.notNull().defaultTo(3))
      .execute()

    // A scheduled email's name ('digest:2026-11-24', 'reminder:42'): the
    // outbox takes each name once, so a scheduler run twice (a restart, two
    // instances) queues it once.
    await db.schema.alterTable('outbox').addColumn('dedupe_key', 'text').execute()
    await db.schema
      .createIndex('outbox_dedupe_key')
      .on('outbox')
      .column('dedupe_key')
      .unique()
      .execute()
  },
}
