import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gallery_image')
      .addColumn('id', 'integer', autoIncrementId(db))
      // '{timestamp}_{safeName}': every stored file of the image starts with it.
      .addColumn('file_name', 'text', (col) => col.notNull().unique())
      .addColumn('tags', 'text', (col) => col.notNull())
      .addColumn('uploaded_at', 'text', (col) => col.notNull())
      .addColumn('original_size', 'integer', (col) => col.notNull())
      .addColumn('compressed_size', 'integer', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('variants', 'text', (col) => col.notNull())
      .addColumn('placeholder', 'text', (col) => col.notNull())
      .addColumn('stored_bytes', 'integer', (col) => col.notNull())
      .execute()

    // Facts the app keeps about itself, such as "the demo photos were added once".
    await db.schema
      .createTable('app_state')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute()
  },
}
