import { randomUUID } from 'node:crypto'
import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

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
    await db.schema
      .createTable('page_version')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('token', 'text', (col) => col.notNull())
      .execute()
    await db
      .insertInto('page_version' as never)
      .values({ id: 1, token: randomUUID() } as never)
      .execute()
    if (isPostgres(db)) {
      // Once per statement (TRUNCATE included); the row's lock is held to
      // the writer's commit, so the new token and the new rows appear together.
      await sql`create function page_version_bump() returns trigger language plpgsql as $$
          begin
            update page_version set token = gen_random_uuid()::text where id = 1;
            return null;
          end $$`.execute(db)
      for (const table of PAGE_TABLES) {
        await sql`create trigger ${sql.raw(`${table}_page_version`)}
            after insert or update or delete or truncate on ${sql.table(table)}
            for each statement execute function page_version_bump()`.execute(db)
      }
    } else {
      // SQLite has row triggers only; the owner's writes touch a few rows.
      const bump = 'update page_version set token = lower(hex(randomblob(16))) where id = 1;'
      for (const table of PAGE_TABLES) {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`${table}_${event}_page_version`)} after ${sql.raw(event)} on ${sql.table(table)} begin ${sql.raw(bump)} end`.execute(
            db,
          )
        }
      }
    }
  },
}
