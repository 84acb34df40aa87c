import type { Kysely, Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'
import { createBumpTriggers } from './version-triggers.ts'

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
    await createBumpTriggers(db, {
      token: 'page_version',
      table: 'site_content',
      quoted: false,
      events: ['insert', 'update', 'delete'],
      pgIndent: 10,
    })
  },
}
