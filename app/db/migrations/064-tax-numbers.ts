import type { Kysely, Migration } from 'kysely'

// A tax's registration number (docs/decisions/113): in Canada a receipt for
// a taxed sale names the seller's GST/HST (and in Quebec QST) number.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('tax_rate')
      .addColumn('number', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
  },
}
