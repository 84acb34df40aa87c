import { type Kysely, type Migration } from 'kysely'

// A refund that lowers the price (docs/decisions/060): the quote's total
// it left, kept on the refund, so the timeline, the customer's page, her
// email and the receipt can say "price lowered to $95". Null for a refund
// that gave money back at an unchanged price, as every earlier one did.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('refund').addColumn('lowered_to_cents', 'integer').execute()
  },
}
