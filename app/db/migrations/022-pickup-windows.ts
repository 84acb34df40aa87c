import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, isPostgres } from '#app/db/portable-schema.server.ts'

// Pickup windows per weekday, each taking at most `capacity` requests
// (docs/decisions/043). The public pages offer them, so a change replaces
// the page version like the other booking rules (migration 011).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pickup_window')
      .addColumn('id', 'integer', autoIncrementId(db))
      // 0 = Sunday … 6 = Saturday.
      .addColumn('weekday', 'integer', (col) => col.notNull())
      // HH:MM, on the quarter hour; start before end.
      .addColumn('start_time', 'text', (col) => col.notNull())
      .addColumn('end_time', 'text', (col) => col.notNull())
      // Requests the window takes.
      .addColumn('capacity', 'integer', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('pickup_window_weekday_start')
      .on('pickup_window')
      .columns(['weekday', 'start_time'])
      .unique()
      .execute()
    if (isPostgres(db)) {
      await sql`create trigger pickup_window_page_version
          after insert or update or delete or truncate on pickup_window
          for each statement execute function page_version_bump()`.execute(db)
    } else {
      const bump = 'update page_version set token = lower(hex(randomblob(16))) where id = 1;'
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`pickup_window_${event}_page_version`)} after ${sql.raw(event)} on pickup_window begin ${sql.raw(bump)} end`.execute(
          db,
        )
      }
    }
    // Private until a request is confirmed: never on a public page.
    await db.schema
      .alterTable('booking_settings')
      .addColumn('pickup_address', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
  },
}
