import { type Kysely, type Migration, sql } from 'kysely'
import { epochMsType, isPostgres } from '#app/db/portable-schema.server.ts'

// The owner's words (docs/decisions/051): one row per section of "Your
// site" (identity, words, announcement, faq…), its value JSON checked by
// the section's schema in features/site-content. Filled once from site.ts
// at boot, row by row, and never again. The public pages show them, so a
// change replaces the page version like the menu's (migration 011).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_content')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('updated_at', epochMsType(db), (col) => col.notNull())
      .execute()
    if (isPostgres(db)) {
      await sql`create trigger site_content_page_version
          after insert or update or delete or truncate on site_content
          for each statement execute function page_version_bump()`.execute(db)
    } else {
      const bump = 'update page_version set token = lower(hex(randomblob(16))) where id = 1;'
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`site_content_${event}_page_version`)} after ${sql.raw(event)} on site_content begin ${sql.raw(bump)} end`.execute(
          db,
        )
      }
    }
  },
}
