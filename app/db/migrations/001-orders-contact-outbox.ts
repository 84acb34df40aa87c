import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_batch')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('order_count', 'integer', (col) => col.notNull())
      .addColumn('handled_at', 'text')
      .execute()

    await db.schema
      .createTable('order_request')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('batch_id', 'integer', (col) =>
        col.notNull().references('order_batch.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone_number', 'text', (col) => col.notNull())
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('event_theme', 'text', (col) => col.notNull())
      .addColumn('due_date', 'text', (col) => col.notNull())
      .addColumn('hear_about_us', 'text', (col) => col.notNull())
      .addColumn('comments', 'text')
      .execute()
    await db.schema
      .createIndex('order_request_batch')
      .on('order_request')
      .columns(['batch_id', 'position'])
      .execute()

    await db.schema
      .createTable('contact_message')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone_number', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('handled_at', 'text')
      .execute()

    // One row per email to send. Times are epoch milliseconds so the
    // worker can compare them in SQL.
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('topic', 'text', (col) => col.notNull())
      .addColumn('subject_id', 'integer', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('next_attempt_at', epochMsType(db), (col) => col.notNull())
      .addColumn('lease_until', epochMsType(db))
      .addColumn('last_error', 'text')
      .addColumn('sent_at', epochMsType(db))
      .addCheckConstraint('outbox_status', sql`status in ('queued', 'sending', 'sent', 'failed')`)
      .execute()
    await db.schema
      .createIndex('outbox_due')
      .on('outbox')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema
      .createIndex('outbox_subject')
      .on('outbox')
      .columns(['topic', 'subject_id'])
      .execute()
  },
}
