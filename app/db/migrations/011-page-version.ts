import type { Kysely, Migration } from 'kysely'
import { createBumpTriggers, createVersionToken } from './version-triggers.ts'

/**
 * The tables the public pages are rendered from: the gallery, the menu, and
 * the booking rules /ordernow shows. Written out, as the migration that uses
 * them must never change.
 */
const PAGE_TABLES = [
  'gallery_image',
  'product',
  'weekday_capacity',
  'closed_period',
  'booking_settings',
] as const

// One random token that changes with every write to what the public pages
// show (docs/decisions/024): the server's page cache keeps a rendered page
// only while the token it was rendered under is still the current one.
// Triggers rather than calls in the code, so no write path (the admin
// forms, demo seeding, a script, a restore, a future feature) can forget
// it. A random token rather than a counter, so a restored backup or another
// database never repeats a token some process has a page cached under.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await createVersionToken(db, 'page_version')
    // On PostgreSQL once per statement (TRUNCATE included); the row's lock is
    // held to the writer's commit, so the new token and the new rows appear
    // together. SQLite has row triggers only; the owner's writes touch a few rows.
    for (const table of PAGE_TABLES) {
      await createBumpTriggers(db, {
        token: 'page_version',
        table,
        quoted: true,
        events: ['insert', 'update', 'delete'],
        pgIndent: 12,
      })
    }
  },
}
