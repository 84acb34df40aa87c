import { type Kysely, type Migration } from 'kysely'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Stripe's payment intent (pi_…) a card payment was made with: what a
    // refund through Stripe names, and how a refund made on Stripe's
    // dashboard finds its payment (decision 050). Null for other payments,
    // and for card payments recorded before it was kept.
    await db.schema.alterTable('payment').addColumn('payment_intent_id', 'text').execute()
    await db.schema
      .createIndex('payment_payment_intent')
      .on('payment')
      .column('payment_intent_id')
      .unique()
      .execute()
  },
}
