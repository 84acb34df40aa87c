import type { Kysely, Migration } from 'kysely'

// Each payment's and refund's part of its order's tax, kept as it is
// recorded (docs/decisions/113): her year's numbers then read a month's tax
// as it was collected, however the order is quoted again later. Null on the
// rows recorded before, whose parts her numbers still work out.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment').addColumn('tax_cents', 'integer').execute()
    await db.schema.alterTable('refund').addColumn('tax_cents', 'integer').execute()
    // Of what a cancellation sent back on its own, the part that went onto a gift card
    // (decision 114), so her emails and page say where each part went.
    await db.schema
      .alterTable('customer_change')
      .addColumn('gift_card_refund_cents', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
  },
}
