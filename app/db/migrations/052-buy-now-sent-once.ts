import { type Kysely, type Migration, sql } from 'kysely'

// A treat bought now is sent once (docs/decisions/103): its page gives each
// form a send id, kept with the order it made, so the same form sent again
// (a double tap without scripts, a page sent again after a slow answer)
// finds that order instead of making a second one.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('set_price_order').addColumn('send_id', 'text').execute()
    await db.schema
      .createIndex('set_price_order_send')
      .unique()
      .on('set_price_order')
      .column('send_id')
      .where(sql.ref('send_id'), 'is not', null)
      .execute()
  },
}
