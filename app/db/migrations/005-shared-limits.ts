import { type Kysely, type Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// Shared state for many instances on one database (docs/decisions/015).
// Times are epoch milliseconds in bigint columns and keys are text, so the
// same migration runs on SQLite and PostgreSQL.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The public forms' rate limit: one row per limited key with its recent
    // hits, so a check and its hit are one locked read-modify-write.
    await db.schema
      .createTable('rate_limit')
      .addColumn('key', 'text', (col) => col.primaryKey())
      // JSON array of hit times, oldest first, at most the limit's max.
      .addColumn('hits', 'text', (col) => col.notNull())
      // When the newest hit leaves the window: the row is pruned after.
      .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('rate_limit_expires')
      .on('rate_limit')
      .column('expires_at')
      .execute()

    // The sign-in throttle's failures, one row each.
    await db.schema
      .createTable('sign_in_failure')
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('failed_at', epochMsType(db), (col) => col.notNull())
      // Tells apart two failures under one key in the same millisecond.
      .addColumn('id', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('sign_in_failure_pk', ['key', 'failed_at', 'id'])
      .execute()
    await db.schema
      .createIndex('sign_in_failure_failed_at')
      .on('sign_in_failure')
      .column('failed_at')
      .execute()
  },
}
