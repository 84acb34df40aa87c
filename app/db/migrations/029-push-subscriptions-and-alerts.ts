import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// The owner's alerts by web push (docs/decisions/053): each device that
// turned them on, with the kinds it wants, and each alert queued for a
// device until the push service has it. An alert's payload is cleared
// once sent; its dedupe key ('new-request:12@3') queues it once per device.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_subscription')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('endpoint', 'text', (col) => col.notNull().unique())
      .addColumn('p256dh', 'text', (col) => col.notNull())
      .addColumn('auth', 'text', (col) => col.notNull())
      // The admin who turned alerts on; her devices go with her account.
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('device_label', 'text', (col) => col.notNull().defaultTo(''))
      // The kinds switched on, comma-separated ('new-request,payment').
      .addColumn('kinds', 'text', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('last_success_at', epochMsType(db))
      .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('push_alert')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('subscription_id', 'integer', (col) =>
        col.notNull().references('push_subscription.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
      // JSON of the notification; null once sent or given up on.
      .addColumn('payload', 'text')
      // queued | sending | sent | failed
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('next_attempt_at', epochMsType(db), (col) => col.notNull())
      .addColumn('lease_until', epochMsType(db))
      .addColumn('sent_at', epochMsType(db))
      .addColumn('last_error', 'text')
      .execute()
    await db.schema
      .createIndex('push_alert_due')
      .on('push_alert')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema
      .createIndex('push_alert_subscription')
      .on('push_alert')
      .column('subscription_id')
      .execute()
  },
}
