import type { Kysely, Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// What Stripe kept of each card payment (docs/decisions/110), read from the
// payment's balance transaction after the payment is recorded, and when it
// was last asked for, so a payment Stripe has not settled yet is asked
// again in turn.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment').addColumn('fee_cents', 'integer').execute()
    await db.schema.alterTable('payment').addColumn('fee_asked_at', epochMsType(db)).execute()
  },
}
