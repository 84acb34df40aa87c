import { type Kysely, type Migration, sql } from 'kysely'
import { STARTING_POLICIES } from './starting-settings.ts'

// The deposit, the balance's date and what a cancellation returns are
// written from the rules in Settings now, above her words (decision 079).
// A bakery still on the starting policies gets them without the two lines
// that said otherwise ("balance due at pickup", "refund beyond the
// deposit"); words she wrote herself are hers and stay as they are.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const notice =
      'Notice: each treat needs the notice shown on our menu; custom designs may need more. We confirm every request before it is booked.'
    const allergens =
      'Allergens: everything is made in a home kitchen that also handles wheat, eggs, dairy, soy, peanuts and tree nuts. We cannot promise any treat is free of them.'
    await sql`update booking_settings set policies = ${[notice, allergens].join('\n\n')}
        where policies = ${STARTING_POLICIES}`.execute(db)
  },
}
