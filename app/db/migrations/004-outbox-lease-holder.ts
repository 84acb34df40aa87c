import { type Kysely, type Migration } from 'kysely'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Who holds a 'sending' row's lease: the instance's stable name and the
    // id of its current boot, so a restarted instance can take back what an
    // earlier life of itself was sending (docs/decisions/013).
    await db.schema.alterTable('outbox').addColumn('lease_holder', 'text').execute()
    await db.schema.alterTable('outbox').addColumn('lease_boot', 'text').execute()
  },
}
