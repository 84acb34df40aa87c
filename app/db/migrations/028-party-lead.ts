import { type Kysely, type Migration } from 'kysely'

// One quote for a party (docs/decisions/049): requests of one send quoted
// together point to their lead (the lead to itself), and each member's
// quote keeps its own line. The party's money (the lines' sum, the fee,
// the deposit, payments and refunds) is on the lead alone.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_request').addColumn('party_lead_id', 'integer').execute()
    await db.schema
      .createIndex('order_request_party_lead')
      .on('order_request')
      .column('party_lead_id')
      .execute()
    await db.schema.alterTable('request_quote').addColumn('line_cents', 'integer').execute()
  },
}
