import { type Kysely, type Migration, sql } from 'kysely'

// Quote expiry runs every five minutes on every book; the requests still
// quoted are a handful however large the book grows, so they get an index
// of their own and expiry reads only them (docs/decisions/041).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('order_request_quoted')
      .on('order_request')
      .column('id')
      .where(sql.ref('status'), '=', sql.lit('quoted'))
      .execute()
  },
}
