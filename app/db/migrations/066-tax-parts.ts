import type { Kysely, Migration } from 'kysely'

// Each payment's and refund's part of its order's tax, kept as it is
// recorded (docs/decisions/113): her year's numbers then read a month's tax
// as it was collected, however the order is quoted again later. Null on the
// rows recorded before, whose parts her numbers still work out.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment').addColumn('tax_cents', 'integer').execute()
    await db.schema.alterTable('refund').addColumn('tax_cents', 'integer').execute()
  },
}
