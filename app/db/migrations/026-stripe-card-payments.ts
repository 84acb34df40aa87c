import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Card payments through the owner's own Stripe account (docs/decisions/045):
// each Checkout session the site opens, each verified webhook event once by
// its id with what it led to, and a card payment's session on its payment,
// unique, so a session is paid into the book once however often it is told.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment').addColumn('checkout_session_id', 'text').execute()
    await db.schema
      .createIndex('payment_checkout_session')
      .on('payment')
      .column('checkout_session_id')
      .unique()
      .execute()

    await db.schema
      .createTable('card_checkout')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      // Stripe's id of the session, cs_…
      .addColumn('session_id', 'text', (col) => col.notNull())
      // deposit | balance
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      // Lower-case, as Stripe writes it: cad
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('card_checkout_session')
      .on('card_checkout')
      .column('session_id')
      .unique()
      .execute()
    await db.schema
      .createIndex('card_checkout_request')
      .on('card_checkout')
      .column('request_id')
      .execute()

    await db.schema
      .createTable('stripe_event')
      // Stripe's id of the event, evt_…: a replay finds it here.
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      // paid | needs_look | unpaid | ignored
      .addColumn('outcome', 'text', (col) => col.notNull())
      .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
      // The request it paid or named; null when none matched or it was erased.
      .addColumn('request_id', 'integer', (col) =>
        col.references('order_request.id').onDelete('set null'),
      )
      .addColumn('payment_reference', 'text')
      .addColumn('session_id', 'text')
      .addColumn('amount_cents', 'integer')
      .addColumn('currency', 'text')
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      // When the owner marked an event that needed a look as looked at.
      .addColumn('handled_at', epochMsType(db))
      .execute()
    await db.schema
      .createIndex('stripe_event_needs_look')
      .on('stripe_event')
      .columns(['outcome', 'handled_at', 'created_at'])
      .execute()
  },
}
