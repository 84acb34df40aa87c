import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Texts through her own Twilio account (docs/decisions/111). Each phone's
// consent, kept as given and withdrawn (when, and where or how), and each
// text as a leased queue of its own, like the outbox: queued once by its
// name, sent once by whichever instance claims it.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('text_consent')
      // Ten digits, as the order book keeps a phone number.
      .addColumn('phone', 'text', (col) => col.notNull())
      // What the texts are about: her orders, or her drops opening (news, asked for apart).
      .addColumn('purpose', 'text', (col) =>
        col.notNull().check(sql`purpose in ('orders', 'drops')`),
      )
      // Asked for and waiting for her YES by text (the drops' sign-up); null otherwise.
      .addColumn('asked_at', epochMsType(db))
      // When she said yes; null while a sign-up waits for her YES.
      .addColumn('given_at', epochMsType(db))
      // Where she said yes: 'her order page, BB-4821'.
      .addColumn('given_where', 'text')
      .addColumn('withdrawn_at', epochMsType(db))
      // How she said no: 'replied STOP', 'her order page, BB-4821'.
      .addColumn('withdrawn_how', 'text')
      .addPrimaryKeyConstraint('text_consent_key', ['phone', 'purpose'])
      .execute()
    await db.schema
      .createTable('text_message')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('kind', 'text', (col) =>
        col
          .notNull()
          .check(sql`kind in ('day-before', 'soon', 'ready', 'drop-open', 'confirm', 'test')`),
      )
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      // Its name: a text is queued once however often or wherever the clock runs.
      .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
      // queued | sending | sent | failed | dropped
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('queued'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addColumn('next_attempt_at', epochMsType(db), (col) => col.notNull())
      .addColumn('lease_until', epochMsType(db))
      // A reminder is worth nothing after the pickup it is for: dropped, not sent late.
      .addColumn('send_before', epochMsType(db))
      .addColumn('sent_at', epochMsType(db))
      // Twilio's id for it, once accepted.
      .addColumn('provider_id', 'text')
      .addColumn('last_error', 'text')
      .execute()
    await db.schema
      .createIndex('text_message_due')
      .on('text_message')
      .columns(['status', 'next_attempt_at'])
      .execute()
    await db.schema.createIndex('text_message_phone').on('text_message').column('phone').execute()
  },
}
