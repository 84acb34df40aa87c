import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Photos a customer adds to an order request (features/inspiration,
// docs/decisions/019). Private: only the owner and the customer's own
// request link see them, so the key is a random token, never a name.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('inspiration_photo')
      .addColumn('id', 'integer', autoIncrementId(db))
      // At least 128 random bits, base64url: the photo's only name.
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      // Null until the photo is sent with an order; unattached photos are swept after a day.
      // A removed request frees its photos for that sweep rather than leaving rows behind.
      .addColumn('request_id', 'integer', (col) =>
        col.references('order_request.id').onDelete('set null'),
      )
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('variants', 'text', (col) => col.notNull())
      .addColumn('stored_bytes', 'integer', (col) => col.notNull())
      .addColumn('preview', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('inspiration_photo_request')
      .on('inspiration_photo')
      .column('request_id')
      .execute()
    await db.schema
      .createIndex('inspiration_photo_created')
      .on('inspiration_photo')
      .column('created_at')
      .execute()
  },
}
