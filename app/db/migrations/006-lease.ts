import { type Kysely, type Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Work that one instance at a time may do (demo seeding, the media
    // sweep, an upload's file name): whoever holds the row until `until`.
    await db.schema
      .createTable('lease')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('holder', 'text', (col) => col.notNull())
      .addColumn('until', epochMsType(db), (col) => col.notNull())
      .execute()
  },
}
