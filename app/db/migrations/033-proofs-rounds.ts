import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Design proofs (docs/decisions/055): the owner sends a request's proof in
// rounds, each with a note and up to six private images through the media
// pipeline; the customer approves one or asks for a change, once per round
// (the answer is claimed by a conditional update on a still-open round).
// Rows go with their request; erasure removes them with their files first.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('proof_round')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (col) => col.notNull())
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('sent_at', epochMsType(db), (col) => col.notNull())
      // Null while the customer has not answered; 'approved' or 'change'.
      .addColumn('answer', 'text')
      .addColumn('answer_note', 'text')
      .addColumn('answered_at', epochMsType(db))
      .addUniqueConstraint('proof_round_request_number', ['request_id', 'number'])
      .execute()
    await db.schema
      .createTable('proof_image')
      .addColumn('id', 'integer', autoIncrementId(db))
      // At least 128 random bits, base64url: the image's only name.
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('round_id', 'integer', (col) =>
        col.notNull().references('proof_round.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('width', 'integer', (col) => col.notNull())
      .addColumn('height', 'integer', (col) => col.notNull())
      .addColumn('variants', 'text', (col) => col.notNull())
      .addColumn('stored_bytes', 'integer', (col) => col.notNull())
      .addColumn('preview', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('proof_image_round')
      .on('proof_image')
      .columns(['round_id', 'position'])
      .execute()
  },
}
