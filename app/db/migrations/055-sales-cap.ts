import { type Kysely, type Migration, sql } from 'kysely'

// Her own yearly sales cap (docs/decisions/106), where her region's changes
// each year or depends on her class (California's): null reads her region's.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('label_settings')
      .addColumn('sales_cap_cents', 'integer', (col) => col.check(sql`sales_cap_cents >= 0`))
      .execute()
  },
}
