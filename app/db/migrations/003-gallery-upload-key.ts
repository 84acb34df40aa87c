import { type Kysely, type Migration } from 'kysely'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The browser's key for one upload, so a retry after a lost reply finds
    // the photo it already stored (docs/decisions/009). Null for older rows.
    await db.schema.alterTable('gallery_image').addColumn('upload_key', 'text').execute()
    await db.schema
      .createIndex('gallery_image_upload_key')
      .unique()
      .on('gallery_image')
      .column('upload_key')
      .execute()
  },
}
