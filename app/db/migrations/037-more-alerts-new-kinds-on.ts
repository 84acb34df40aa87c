import { type Kysely, type Migration, sql } from 'kysely'

// The owner's phone hears of a customer's change or cancellation, a proof's
// answer and a new review (decision 053, "Later"). A device that had any
// alert on gets the three new kinds on, as a new subscription does; one
// with every kind switched off stays silent, as its owner left it.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const added = ',change-or-cancel,proof-answer,review'
    await sql`update push_subscription set kinds = kinds || ${added} where kinds <> ''`.execute(db)
  },
}
