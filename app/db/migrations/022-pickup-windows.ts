import type { Kysely, Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'
import { createBumpTriggers } from './version-triggers.ts'

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
    await createBumpTriggers(db, {
      token: 'page_version',
      table: 'pickup_window',
      quoted: false,
      events: ['insert', 'update', 'delete'],
      pgIndent: 10,
    })
    // Private until a request is confirmed: never on a public page.
    await db.schema
      .alterTable('booking_settings')
      .addColumn('pickup_address', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
  },
}
