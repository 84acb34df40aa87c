import type { Kysely, Migration } from 'kysely'

// A hold the site keeps for someone on a drop's waitlist (docs/decisions/101)
// says so: only such a hold may be claimed through its link, and it is never
// turned into an order itself (she reserves her own basket with it).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('drop_hold')
      .addColumn('offered', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
  },
}
