import { type Kysely, type Migration } from 'kysely'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The owner's own words for each photo (docs/decisions/052): the alt text
    // screen readers read, an optional caption, and a version that goes up
    // with every edit so two windows cannot overwrite each other unnoticed.
    // Null alt text and caption for older photos: the pages fall back to
    // the alt text derived from the tags.
    await db.schema.alterTable('gallery_image').addColumn('alt_text', 'text').execute()
    await db.schema.alterTable('gallery_image').addColumn('caption', 'text').execute()
    await db.schema
      .alterTable('gallery_image')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute()
  },
}
