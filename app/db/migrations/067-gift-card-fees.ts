import type { Kysely, Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// What Stripe kept of a gift card's purchase (docs/decisions/110 and 114),
// asked for the way a card payment's fee is: a card is no sale until it is
// spent, but its fee is her cost the day it is bought.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('gift_card').addColumn('fee_cents', 'integer').execute()
    await db.schema.alterTable('gift_card').addColumn('fee_asked_at', epochMsType(db)).execute()
  },
}
