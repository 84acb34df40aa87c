import { randomInt, randomUUID } from 'node:crypto'
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType, isPostgres } from './portable-schema.server.ts'

/**
 * Migrations live in code rather than in a folder so the server bundle carries
 * them. Names sort in the order they run; never edit one that has shipped.
 * SQLite and PostgreSQL run this one history: where the two need different
 * DDL, use the helpers in portable-schema.server.ts (never a second history).
 */
type ColumnBuild = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

// What a new bakery starts with until the owner changes it at /admin/settings.
// Written out here, not imported: a migration must not change once shipped.
const STARTING_CAPACITY = 4
const STARTING_HORIZON_DAYS = 180
const STARTING_POLICIES = [
  'Notice: each treat needs the notice shown on our menu; custom designs may need more. We confirm every request before it is booked.',
  'Deposits: a 50% non-refundable deposit holds your date once we send your quote; the balance is due at pickup.',
  'Cancellations: cancel up to 7 days before your date for a refund of anything paid beyond the deposit. Changes depend on what we can still make.',
  'Allergens: everything is made in a home kitchen that also handles wheat, eggs, dairy, soy, peanuts and tree nuts. We cannot promise any treat is free of them.',
].join('\n\n')

/**
 * The tables the public pages are rendered from (migration 011): the
 * gallery, the menu, and the booking rules /ordernow shows. Written out,
 * as the migration that uses them must never change.
 */
const PAGE_TABLES = [
  'gallery_image',
  'product',
  'weekday_capacity',
  'closed_period',
  'booking_settings',
] as const

export const migrations: Record<string, Migration> = {
  '001-orders-contact-outbox': {
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
  },
  '002-gallery': {
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
  },
  '003-gallery-upload-key': {
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
  },
  '004-outbox-lease-holder': {
    async up(db: Kysely<unknown>) {
      // Who holds a 'sending' row's lease: the instance's stable name and the
      // id of its current boot, so a restarted instance can take back what an
      // earlier life of itself was sending (docs/decisions/013).
      await db.schema.alterTable('outbox').addColumn('lease_holder', 'text').execute()
      await db.schema.alterTable('outbox').addColumn('lease_boot', 'text').execute()
    },
  },

  // Shared state for many instances on one database (docs/decisions/015).
  // Times are epoch milliseconds in bigint columns and keys are text, so the
  // same migration runs on SQLite and PostgreSQL.
  '005-shared-limits': {
    async up(db: Kysely<unknown>) {
      // The public forms' rate limit: one row per limited key with its recent
      // hits, so a check and its hit are one locked read-modify-write.
      await db.schema
        .createTable('rate_limit')
        .addColumn('key', 'text', (col) => col.primaryKey())
        // JSON array of hit times, oldest first, at most the limit's max.
        .addColumn('hits', 'text', (col) => col.notNull())
        // When the newest hit leaves the window: the row is pruned after.
        .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
        .execute()
      await db.schema
        .createIndex('rate_limit_expires')
        .on('rate_limit')
        .column('expires_at')
        .execute()

      // The sign-in throttle's failures, one row each.
      await db.schema
        .createTable('sign_in_failure')
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('failed_at', epochMsType(db), (col) => col.notNull())
        // Tells apart two failures under one key in the same millisecond.
        .addColumn('id', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('sign_in_failure_pk', ['key', 'failed_at', 'id'])
        .execute()
      await db.schema
        .createIndex('sign_in_failure_failed_at')
        .on('sign_in_failure')
        .column('failed_at')
        .execute()
    },
  },
  '006-lease': {
    async up(db: Kysely<unknown>) {
      // Work that one instance at a time may do (demo seeding, the media
      // sweep, an upload's file name): whoever holds the row until `until`.
      await db.schema
        .createTable('lease')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('holder', 'text', (col) => col.notNull())
        .addColumn('until', epochMsType(db), (col) => col.notNull())
        .execute()
    },
  },

  // The menu: the treats the owner offers, edited at /admin/settings and
  // first filled from app/content/site.ts (features/menu/menu.server.ts).
  '007-products': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product')
        .addColumn('id', 'integer', autoIncrementId(db))
        // The value an order's product_type carries.
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        // The "from" price in cents; null shows no price.
        .addColumn('price_from_cents', 'integer')
        .addColumn('notice_days', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('effort', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('position', 'integer', (col) => col.notNull())
        .execute()
    },
  },

  // The calendar: how much the bakery can make each weekday, the dates it is
  // closed, how far ahead it takes orders and the policies a customer accepts
  // (features/availability). Each request now holds its share of a day's
  // capacity while its status says it will be made, and carries the token of
  // the customer's private status page.
  '008-booking': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('weekday_capacity')
        // 0 = Sunday … 6 = Saturday, as Date.getUTCDay() counts.
        .addColumn('weekday', 'integer', (col) => col.primaryKey())
        // Effort units the bakery can make that day; 0 = closed.
        .addColumn('capacity', 'integer', (col) => col.notNull())
        .execute()
      await db
        .insertInto('weekday_capacity' as never)
        .values(
          [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
            weekday,
            capacity: STARTING_CAPACITY,
          })) as never,
        )
        .execute()

      await db.schema
        .createTable('closed_period')
        .addColumn('id', 'integer', autoIncrementId(db))
        // YYYY-MM-DD, both included; a single closed date has start = end.
        .addColumn('start_date', 'text', (col) => col.notNull())
        .addColumn('end_date', 'text', (col) => col.notNull())
        // The owner's own reminder ("Sam's wedding"); never shown to customers.
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .execute()

      // One row (id = 1) of the bakery's booking settings.
      await db.schema
        .createTable('booking_settings')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('horizon_days', 'integer', (col) => col.notNull())
        .addColumn('policies', 'text', (col) => col.notNull())
        .addColumn('delivery_enabled', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('delivery_note', 'text', (col) => col.notNull().defaultTo(''))
        .execute()
      await db
        .insertInto('booking_settings' as never)
        .values({
          id: 1,
          horizon_days: STARTING_HORIZON_DAYS,
          policies: STARTING_POLICIES,
        } as never)
        .execute()

      for (const [column, type, build] of [
        ['status', 'text', (col) => col.notNull().defaultTo('new')],
        ['effort', 'integer', (col) => col.notNull().defaultTo(1)],
        ['servings', 'text', (col) => col],
        ['allergies', 'text', (col) => col],
        ['fulfilment', 'text', (col) => col],
        ['customer_token', 'text', (col) => col],
      ] as const satisfies readonly (readonly [string, 'text' | 'integer', ColumnBuild])[]) {
        await db.schema.alterTable('order_request').addColumn(column, type, build).execute()
      }
      // The capacity check sums held effort by date.
      await db.schema
        .createIndex('order_request_due_date')
        .on('order_request')
        .columns(['due_date', 'status'])
        .execute()
      await db.schema
        .createIndex('order_request_customer_token')
        .on('order_request')
        .column('customer_token')
        .execute()
      // The policy text the customer ticked, as it read when they sent.
      await db.schema.alterTable('order_batch').addColumn('accepted_policies', 'text').execute()
    },
  },

  // Photos a customer adds to an order request (features/inspiration,
  // docs/decisions/019). Private: only the owner and the customer's own
  // request link see them, so the key is a random token, never a name.
  '009-inspiration-photos': {
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
  },

  // The order book (features/order-book): each request's timeline of status
  // changes, its quotes and the payments received; the owner's calendar feed
  // key; and scheduled emails (the morning digest, the day-before reminder)
  // that the outbox sends once each, however often they are scheduled.
  '010-order-book': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('request_event')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        .addColumn('at', epochMsType(db), (col) => col.notNull())
        // Null for the request's arrival.
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text', (col) => col.notNull())
        // Who made the change: the owner, the customer (through their link) or the site.
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('note', 'text')
        .execute()
      await db.schema
        .createIndex('request_event_request')
        .on('request_event')
        .columns(['request_id', 'at'])
        .execute()

      await db.schema
        .createTable('request_quote')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('deposit_cents', 'integer', (col) => col.notNull())
        // YYYY-MM-DD: when the deposit is due.
        .addColumn('deposit_due', 'text')
        // How to pay: e-Transfer instructions or a payment link the owner pastes.
        .addColumn('payment_instructions', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
        .addColumn('accepted_at', epochMsType(db))
        .execute()
      await db.schema
        .createIndex('request_quote_request')
        .on('request_quote')
        .columns(['request_id', 'id'])
        .execute()

      await db.schema
        .createTable('payment')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        // YYYY-MM-DD, as the owner saw it arrive.
        .addColumn('received_on', 'text', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .execute()
      await db.schema.createIndex('payment_request').on('payment').column('request_id').execute()

      await db.schema
        .alterTable('order_request')
        .addColumn('deposit_waived', 'integer', (col) => col.notNull().defaultTo(0))
        .execute()
      await db.schema.alterTable('order_request').addColumn('decline_reason', 'text').execute()

      await db.schema.alterTable('booking_settings').addColumn('ical_key', 'text').execute()
      await db.schema
        .alterTable('booking_settings')
        .addColumn('quote_expiry_days', 'integer', (col) => col.notNull().defaultTo(3))
        .execute()

      // A scheduled email's name ('digest:2026-11-24', 'reminder:42'): the
      // outbox takes each name once, so a scheduler run twice (a restart, two
      // instances) queues it once.
      await db.schema.alterTable('outbox').addColumn('dedupe_key', 'text').execute()
      await db.schema
        .createIndex('outbox_dedupe_key')
        .on('outbox')
        .column('dedupe_key')
        .unique()
        .execute()
    },
  },

  // One random token that changes with every write to what the public pages
  // show (docs/decisions/024): the server's page cache keeps a rendered page
  // only while the token it was rendered under is still the current one.
  // Triggers rather than calls in the code, so no write path (the admin
  // forms, demo seeding, a script, a restore, a future feature) can forget
  // it. A random token rather than a counter, so a restored backup or another
  // database never repeats a token some process has a page cached under.
  '011-page-version': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_version')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('token', 'text', (col) => col.notNull())
        .execute()
      await db
        .insertInto('page_version' as never)
        .values({ id: 1, token: randomUUID() } as never)
        .execute()
      if (isPostgres(db)) {
        // Once per statement (TRUNCATE included); the row's lock is held to
        // the writer's commit, so the new token and the new rows appear together.
        await sql`create function page_version_bump() returns trigger language plpgsql as $$
          begin
            update page_version set token = gen_random_uuid()::text where id = 1;
            return null;
          end $$`.execute(db)
        for (const table of PAGE_TABLES) {
          await sql`create trigger ${sql.raw(`${table}_page_version`)}
            after insert or update or delete or truncate on ${sql.table(table)}
            for each statement execute function page_version_bump()`.execute(db)
        }
      } else {
        // SQLite has row triggers only; the owner's writes touch a few rows.
        const bump = 'update page_version set token = lower(hex(randomblob(16))) where id = 1;'
        for (const table of PAGE_TABLES) {
          for (const event of ['insert', 'update', 'delete']) {
            await sql`create trigger ${sql.raw(`${table}_${event}_page_version`)} after ${sql.raw(event)} on ${sql.table(table)} begin ${sql.raw(bump)} end`.execute(
              db,
            )
          }
        }
      }
    },
  },

  // A second token like page_version's, replaced whenever a request is added,
  // removed, or changes the day it holds (its date, status or effort): what
  // the public availability answers depend on besides the booking rules
  // (docs/decisions/029). Kept apart from page_version so a new order does
  // not throw away every cached page.
  '012-guard-booking-version': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('booking_version')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('token', 'text', (col) => col.notNull())
        .execute()
      await db
        .insertInto('booking_version' as never)
        .values({ id: 1, token: randomUUID() } as never)
        .execute()
      if (isPostgres(db)) {
        await sql`create function booking_version_bump() returns trigger language plpgsql as $$
          begin
            update booking_version set token = gen_random_uuid()::text where id = 1;
            return null;
          end $$`.execute(db)
        await sql`create trigger order_request_booking_version
          after insert or delete or truncate or update of due_date, status, effort on ${sql.table('order_request')}
          for each statement execute function booking_version_bump()`.execute(db)
      } else {
        const bump = 'update booking_version set token = lower(hex(randomblob(16))) where id = 1;'
        for (const event of ['insert', 'delete', 'update of due_date, status, effort']) {
          const name = `order_request_${event.split(' ')[0]}_booking_version`
          await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table('order_request')} begin ${sql.raw(bump)} end`.execute(
            db,
          )
        }
      }
    },
  },

  // The owner's forms carry the version of the request they show, so a post
  // from a tab opened before another change (a second tab, the customer's
  // answer) is refused rather than acted on twice. A counter on the row: a
  // conditional update on it holds the row's lock on PostgreSQL, so two
  // stale posts racing cannot both pass the check.
  '012-owner-request-version': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('order_request')
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
        .execute()
    },
  },

  // The customer's "no" to a quote, beside her "yes": an answer claims the
  // quote by setting one of the two where both are still empty, so of any
  // answers racing (on one instance or several) exactly one is taken.
  '012-answers-quote-declined-at': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('request_quote')
        .addColumn('declined_at', epochMsType(db))
        .execute()
    },
  },
  // Quote expiry runs every five minutes on every book; the requests still
  // quoted are a handful however large the book grows, so they get an index
  // of their own and expiry reads only them (docs/decisions/041).
  '013-streaming-quoted-requests': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('order_request_quoted')
        .on('order_request')
        .column('id')
        .where(sql.ref('status'), '=', sql.lit('quoted'))
        .execute()
    },
  },

  // A book of many thousands of requests (docs/decisions/042). The order
  // list's status chips count by status; the capacity check and the
  // availability API sum effort by date for the held statuses; the owner's
  // calendar and feed read by date. Both indexes carry effort, so none of
  // these reads a row (the date one replaces 008's (due_date, status), its
  // prefix).
  '013-growth-indexes': {
    async up(db: Kysely<unknown>) {
      // Status first, then date and effort: the chips count from it alone,
      // and the capacity sums seek each held status's dates in it without
      // touching the rows (SQLite, without statistics, prefers any index
      // led by status for `status in (...)`, so it had better be this one).
      await db.schema
        .createIndex('order_request_status')
        .on('order_request')
        .columns(['status', 'due_date', 'effort'])
        .execute()
      await db.schema
        .createIndex('order_request_due_date_effort')
        .on('order_request')
        .columns(['due_date', 'status', 'effort'])
        .execute()
      await db.schema.dropIndex('order_request_due_date').execute()
    },
  },

  // The order list's search (any part of a name or email, case ignored) on
  // PostgreSQL: trigram indexes find '%lee%' without reading every row.
  // pg_trgm is a trusted extension, so the database's owner may create it;
  // where it cannot be (no contrib package, a role without the right) the
  // search still works, by reading the rows as before, and the server says
  // so once at migration. SQLite has no such index: its search reads the
  // rows, which at its sizes stays quick.
  '013-growth-search-trigrams': {
    async up(db: Kysely<unknown>) {
      if (!isPostgres(db)) return
      // In public, not the site's own schema: an extension lives once per
      // database, and dropping one site's schema must not take it (and
      // every other schema's search indexes) with it. The exception block
      // is a subtransaction, so a refusal leaves the migration's own
      // transaction usable.
      await sql`do $$
        begin
          if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
            create extension pg_trgm with schema public;
          end if;
        exception when others then
          raise notice 'pg_trgm could not be created (%): the order search reads every row', sqlerrm;
        end $$`.execute(db)
      const { rows } = await sql<{ schema: string }>`
        select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
        db,
      )
      const schema = rows[0]?.schema
      if (!schema) {
        console.warn(
          'database: pg_trgm is not available, so the order search reads every request (it still works)',
        )
        return
      }
      // lower(): the search compares lower-cased text (order-list.server.ts).
      for (const column of ['name', 'email']) {
        await sql`create index ${sql.id(`order_request_${column}_trigram`)} on order_request
          using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db)
      }
    },
  },

  // Today and the order list's "accepted" chip read every quoted request
  // with its deposit waiver and date; carried in the partial index, those
  // reads never touch the (wide) request rows. Same name and leading
  // column as 013's, so quote expiry reads it as before (docs/decisions/042).
  '014-growth-open-quotes': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('order_request_quoted').execute()
      await db.schema
        .createIndex('order_request_quoted')
        .on('order_request')
        .columns(['id', 'deposit_waived', 'due_date'])
        .where(sql.ref('status'), '=', sql.lit('quoted'))
        .execute()
    },
  },

  // The order list's search on SQLite, which has no trigram index of its
  // own: an FTS5 table of each request's name and email, tokenized in
  // trigrams, answers "contains" without reading the book
  // (docs/decisions/042). It holds no copy of the text (content= the
  // requests), is kept by triggers, and deletes securely, so an erased
  // customer leaves nothing in its index either. PostgreSQL searches with
  // the trigram indexes of 013-growth-search-trigrams instead.
  '014-growth-search-index': {
    async up(db: Kysely<unknown>) {
      if (isPostgres(db)) return
      await sql`create virtual table order_request_search using fts5(
        name, email, content = 'order_request', content_rowid = 'id', tokenize = 'trigram')`.execute(
        db,
      )
      await sql`insert into order_request_search (order_request_search, rank) values ('secure-delete', 1)`.execute(
        db,
      )
      await sql`insert into order_request_search (order_request_search) values ('rebuild')`.execute(
        db,
      )
      await sql`create trigger order_request_search_insert after insert on order_request begin
        insert into order_request_search (rowid, name, email) values (new.id, new.name, new.email);
      end`.execute(db)
      await sql`create trigger order_request_search_delete after delete on order_request begin
        insert into order_request_search (order_request_search, rowid, name, email)
          values ('delete', old.id, old.name, old.email);
      end`.execute(db)
      await sql`create trigger order_request_search_update after update of name, email on order_request begin
        insert into order_request_search (order_request_search, rowid, name, email)
          values ('delete', old.id, old.name, old.email);
        insert into order_request_search (rowid, name, email) values (new.id, new.name, new.email);
      end`.execute(db)
    },
  },

  // Pickup windows per weekday, each taking at most `capacity` requests
  // (docs/decisions/043). The public pages offer them, so a change replaces
  // the page version like the other booking rules (migration 011).
  '015-pickup-windows': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pickup_window')
        .addColumn('id', 'integer', autoIncrementId(db))
        // 0 = Sunday … 6 = Saturday.
        .addColumn('weekday', 'integer', (col) => col.notNull())
        // HH:MM, on the quarter hour; start before end.
        .addColumn('start_time', 'text', (col) => col.notNull())
        .addColumn('end_time', 'text', (col) => col.notNull())
        // Requests the window takes.
        .addColumn('capacity', 'integer', (col) => col.notNull())
        .execute()
      await db.schema
        .createIndex('pickup_window_weekday_start')
        .on('pickup_window')
        .columns(['weekday', 'start_time'])
        .unique()
        .execute()
      if (isPostgres(db)) {
        await sql`create trigger pickup_window_page_version
          after insert or update or delete or truncate on pickup_window
          for each statement execute function page_version_bump()`.execute(db)
      } else {
        const bump = 'update page_version set token = lower(hex(randomblob(16))) where id = 1;'
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`pickup_window_${event}_page_version`)} after ${sql.raw(event)} on pickup_window begin ${sql.raw(bump)} end`.execute(
            db,
          )
        }
      }
      // Private until a request is confirmed: never on a public page.
      await db.schema
        .alterTable('booking_settings')
        .addColumn('pickup_address', 'text', (col) => col.notNull().defaultTo(''))
        .execute()
    },
  },

  // The window a request is handed over in (HH:MM-HH:MM), and where a
  // delivery goes; erasing a customer clears them with the rest.
  '015-pickup-request-handover': {
    async up(db: Kysely<unknown>) {
      for (const column of [
        'pickup_window',
        'delivery_street',
        'delivery_city',
        'delivery_postal_code',
        'delivery_notes',
      ]) {
        await db.schema.alterTable('order_request').addColumn(column, 'text').execute()
      }
      await db.schema
        .createIndex('order_request_window')
        .on('order_request')
        .columns(['due_date', 'pickup_window'])
        .where(sql.ref('pickup_window'), 'is not', null)
        .execute()
    },
  },

  // The payment schedule (docs/decisions/044): a quote's balance falls due
  // on a date of its own (by default the owner's "N days before the order
  // date"), and every request carries a short payment reference the
  // customer writes in her e-Transfer message. Requests already in the book
  // get a reference here, random like the new ones and unique under the
  // index made after them; quotes already sent keep no balance date (their
  // balance stays due at handover, as their emails said), so no reminder
  // or overdue notice reaches a customer about a date she was never told.
  '015-payment-schedule': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('booking_settings')
        .addColumn('balance_due_days', 'integer', (col) => col.notNull().defaultTo(7))
        .execute()
      // YYYY-MM-DD: when the balance is due; null for none set.
      await db.schema.alterTable('request_quote').addColumn('balance_due', 'text').execute()
      await db.schema.alterTable('order_request').addColumn('payment_reference', 'text').execute()

      const requests = db as unknown as Kysely<{
        order_request: { id: number; payment_reference: string | null }
      }>
      const { count } = await requests
        .selectFrom('order_request')
        .select(({ fn }) => fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow()
      // Wide enough that the book fills at most a twentieth of the numbers.
      const digits = Math.max(4, Math.ceil(Math.log10(Math.max(1, Number(count)) * 20)))
      const used = new Set<string>()
      const fresh = () => {
        for (;;) {
          const reference = `BB-${String(randomInt(10 ** (digits - 1), 10 ** digits))}`
          if (!used.has(reference)) {
            used.add(reference)
            return reference
          }
        }
      }
      let afterId = 0
      for (;;) {
        const page = await requests
          .selectFrom('order_request')
          .select('id')
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(500)
          .execute()
        for (const { id } of page) {
          await requests
            .updateTable('order_request')
            .set({ payment_reference: fresh() })
            .where('id', '=', id)
            .execute()
        }
        if (page.length < 500) break
        afterId = Number(page.at(-1)!.id)
      }
      await db.schema
        .createIndex('order_request_payment_reference')
        .on('order_request')
        .column('payment_reference')
        .unique()
        .execute()
    },
  },
  // How many requests stand in each status, kept by triggers, so the order
  // list's chips read eight rows instead of counting the whole book
  // (docs/decisions/042). The counts move in the writer's own transaction.
  '016-growth-status-counts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('order_status_count')
        .addColumn('status', 'text', (col) => col.primaryKey())
        .addColumn('count', 'integer', (col) => col.notNull())
        .execute()
      await sql`insert into order_status_count (status, count)
        select status, count(*) from order_request group by status`.execute(db)
      if (isPostgres(db)) {
        await sql`create function order_status_count_change() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') then
              update order_status_count set count = count - 1 where status = old.status;
            end if;
            if tg_op in ('INSERT', 'UPDATE') then
              insert into order_status_count (status, count) values (new.status, 1)
                on conflict (status) do update set count = order_status_count.count + 1;
            end if;
            return null;
          end $$`.execute(db)
        await sql`create trigger order_status_count_insert_delete
          after insert or delete on order_request
          for each row execute function order_status_count_change()`.execute(db)
        await sql`create trigger order_status_count_update
          after update of status on order_request
          for each row when (old.status is distinct from new.status)
          execute function order_status_count_change()`.execute(db)
      } else {
        const add = `insert into order_status_count (status, count) values (new.status, 1)
          on conflict (status) do update set count = count + 1;`
        const remove = 'update order_status_count set count = count - 1 where status = old.status;'
        await sql`create trigger order_status_count_insert after insert on order_request
          begin ${sql.raw(add)} end`.execute(db)
        await sql`create trigger order_status_count_delete after delete on order_request
          begin ${sql.raw(remove)} end`.execute(db)
        await sql`create trigger order_status_count_update after update of status on order_request
          when old.status <> new.status begin ${sql.raw(remove)} ${sql.raw(add)} end`.execute(db)
      }
    },
  },

  // Card payments through the owner's own Stripe account (docs/decisions/045):
  // each Checkout session the site opens, each verified webhook event once by
  // its id with what it led to, and a card payment's session on its payment,
  // unique, so a session is paid into the book once however often it is told.
  '016-stripe-card-payments': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payment').addColumn('checkout_session_id', 'text').execute()
      await db.schema
        .createIndex('payment_checkout_session')
        .on('payment')
        .column('checkout_session_id')
        .unique()
        .execute()

      await db.schema
        .createTable('card_checkout')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        // Stripe's id of the session, cs_…
        .addColumn('session_id', 'text', (col) => col.notNull())
        // deposit | balance
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        // Lower-case, as Stripe writes it: cad
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .execute()
      await db.schema
        .createIndex('card_checkout_session')
        .on('card_checkout')
        .column('session_id')
        .unique()
        .execute()
      await db.schema
        .createIndex('card_checkout_request')
        .on('card_checkout')
        .column('request_id')
        .execute()

      await db.schema
        .createTable('stripe_event')
        // Stripe's id of the event, evt_…: a replay finds it here.
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('type', 'text', (col) => col.notNull())
        // paid | needs_look | unpaid | ignored
        .addColumn('outcome', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        // The request it paid or named; null when none matched or it was erased.
        .addColumn('request_id', 'integer', (col) =>
          col.references('order_request.id').onDelete('set null'),
        )
        .addColumn('payment_reference', 'text')
        .addColumn('session_id', 'text')
        .addColumn('amount_cents', 'integer')
        .addColumn('currency', 'text')
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        // When the owner marked an event that needed a look as looked at.
        .addColumn('handled_at', epochMsType(db))
        .execute()
      await db.schema
        .createIndex('stripe_event_needs_look')
        .on('stripe_event')
        .columns(['outcome', 'handled_at', 'created_at'])
        .execute()
    },
  },

  // A delivery fee on a quote (decision 047): what the customer owes is the
  // price and the fee. Quotes sent before it charged none.
  '016-fee-delivery-fee': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('request_quote')
        .addColumn('delivery_fee_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .execute()
    },
  },

  // Refunds and receipts (docs/decisions/046). A refund is money handed
  // back: the owner's, by hand, or (later) a card refund through Stripe,
  // whose id is unique so a webhook told twice records it once. A receipt
  // is a request's number on its printable receipt: the row's id, which
  // neither database ever hands out twice (SQLite's AUTOINCREMENT, an
  // identity on PostgreSQL), one per request under a unique index. Requests
  // already paid get theirs here, in the order their first payment came.
  '016-receipts-refunds-and-numbers': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('refund')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        // The payment it gives back, when it is one payment's (a card's); null for a manual refund.
        .addColumn('payment_id', 'integer', (col) =>
          col.references('payment.id').onDelete('set null'),
        )
        .addColumn('amount_cents', 'integer', (col) => col.notNull())
        // YYYY-MM-DD, as the owner sent it.
        .addColumn('refunded_on', 'text', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('stripe_refund_id', 'text')
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .execute()
      await db.schema.createIndex('refund_request').on('refund').column('request_id').execute()
      await db.schema
        .createIndex('refund_stripe_refund_id')
        .on('refund')
        .column('stripe_refund_id')
        .unique()
        .execute()

      await db.schema
        .createTable('receipt')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .execute()
      await db.schema
        .createIndex('receipt_request')
        .on('receipt')
        .column('request_id')
        .unique()
        .execute()

      const book = db as unknown as Kysely<{
        payment: { id: number; request_id: number; created_at: number }
        receipt: { request_id: number; created_at: number }
      }>
      // One insert, in the order each request's first payment came in.
      let afterId = 0
      for (;;) {
        const page = await book
          .selectFrom('payment')
          .select(({ fn }) => [
            'request_id',
            fn.min<number | string>('created_at').as('first'),
            fn.min<number | string>('id').as('first_id'),
          ])
          .groupBy('request_id')
          .having(({ fn }) => fn.min('id'), '>', afterId)
          .orderBy('first_id')
          .limit(500)
          .execute()
        for (const row of page) {
          await book
            .insertInto('receipt')
            .values({ request_id: Number(row.request_id), created_at: Number(row.first) })
            .execute()
        }
        if (page.length < 500) break
        afterId = Number(page.at(-1)!.first_id)
      }
    },
  },
  '017-gallery-alt-text': {
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
  },

  // The owner's alerts by web push (docs/decisions/053): each device that
  // turned them on, with the kinds it wants, and each alert queued for a
  // device until the push service has it. An alert's payload is cleared
  // once sent; its dedupe key ('new-request:12@3') queues it once per device.
  '017-push-subscriptions-and-alerts': {
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
  },

  // The owner's words (docs/decisions/051): one row per section of "Your
  // site" (identity, words, announcement, faq…), its value JSON checked by
  // the section's schema in features/site-content. Filled once from site.ts
  // at boot, row by row, and never again. The public pages show them, so a
  // change replaces the page version like the menu's (migration 011).
  '017-site-content': {
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
  },

  '017-refunds-payment-intent': {
    async up(db: Kysely<unknown>) {
      // Stripe's payment intent (pi_…) a card payment was made with: what a
      // refund through Stripe names, and how a refund made on Stripe's
      // dashboard finds its payment (decision 050). Null for other payments,
      // and for card payments recorded before it was kept.
      await db.schema.alterTable('payment').addColumn('payment_intent_id', 'text').execute()
      await db.schema
        .createIndex('payment_payment_intent')
        .on('payment')
        .column('payment_intent_id')
        .unique()
        .execute()
    },
  },

  // One quote for a party (docs/decisions/049): requests of one send quoted
  // together point to their lead (the lead to itself), and each member's
  // quote keeps its own line. The party's money (the lines' sum, the fee,
  // the deposit, payments and refunds) is on the lead alone.
  '017-party-lead': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_request').addColumn('party_lead_id', 'integer').execute()
      await db.schema
        .createIndex('order_request_party_lead')
        .on('order_request')
        .column('party_lead_id')
        .execute()
      await db.schema.alterTable('request_quote').addColumn('line_cents', 'integer').execute()
    },
  },
  // Design proofs (docs/decisions/055): the owner sends a request's proof in
  // rounds, each with a note and up to six private images through the media
  // pipeline; the customer approves one or asks for a change, once per round
  // (the answer is claimed by a conditional update on a still-open round).
  // Rows go with their request; erasure removes them with their files first.
  '018-proofs-rounds': {
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
  },

  // The owner's change and cancellation policy (docs/decisions/054), on the
  // one settings row: no changes or cancellations within N days of the order
  // date; a cancellation N days or more before gets X% of the deposit back,
  // later Y%. Seeded 3 days, 100% from 7 days before, 0% after.
  '018-self-service-policy': {
    async up(db: Kysely<unknown>) {
      const columns: [string, number][] = [
        ['change_window_days', 3],
        ['refund_cutoff_days', 7],
        ['refund_before_percent', 100],
        ['refund_after_percent', 0],
      ]
      for (const [name, value] of columns) {
        await db.schema
          .alterTable('booking_settings')
          .addColumn(name, 'integer', (col) => col.notNull().defaultTo(value))
          .execute()
      }
    },
  },

  // What a customer asks from her private page (docs/decisions/054): a
  // change (a new date and window and/or other details) the owner accepts or
  // declines, or her cancellation with the refund it promised. Kept on the
  // party's lead. One open change per request, one cancellation per request:
  // both held by partial unique indexes, so two tabs or two instances race
  // to one row.
  '018-self-service-changes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('customer_change')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('new_date', 'text')
        .addColumn('new_window', 'text')
        .addColumn('details', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('answer_note', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('refund_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('card_refund_cents', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .addColumn('answered_at', epochMsType(db))
        .execute()
      await db.schema
        .createIndex('customer_change_request')
        .on('customer_change')
        .column('request_id')
        .execute()
      await sql`create unique index customer_change_one_open on customer_change (request_id) where kind = 'change' and status = 'open'`.execute(
        db,
      )
      await sql`create unique index customer_change_one_cancel on customer_change (request_id) where kind = 'cancel'`.execute(
        db,
      )
    },
  },

  // A refund that lowers the price (docs/decisions/060): the quote's total
  // it left, kept on the refund, so the timeline, the customer's page, her
  // email and the receipt can say "price lowered to $95". Null for a refund
  // that gave money back at an unchanged price, as every earlier one did.
  '018-party-refund-lowers-price': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('refund').addColumn('lowered_to_cents', 'integer').execute()
    },
  },

  // Reviews (docs/decisions/056): one per customer's private link, keyed by
  // its first request. The public pages show the shown ones, so a review
  // appearing or leaving (shown, hidden, or erased while shown) replaces the
  // page version like the menu's (migration 011); a review nobody sees yet
  // leaves the cached pages alone.
  '018-reviews-table': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('review')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().unique().references('order_request.id'),
        )
        .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
        .addColumn('words', 'text', (col) => col.notNull())
        .addColumn('display_name', 'text', (col) => col.notNull())
        .addColumn('may_show', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('shown', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', epochMsType(db), (col) => col.notNull())
        .addColumn('updated_at', epochMsType(db), (col) => col.notNull())
        .addColumn('shown_at', epochMsType(db))
        .execute()
      await db.schema
        .createIndex('review_shown')
        .on('review')
        .columns(['shown', 'shown_at'])
        .execute()
      const when = {
        insert: 'new.shown = 1',
        update: 'old.shown <> new.shown or new.shown = 1',
        delete: 'old.shown = 1',
      }
      for (const [event, condition] of Object.entries(when)) {
        const name = sql.raw(`review_${event}_page_version`)
        if (isPostgres(db)) {
          await sql`create trigger ${name} after ${sql.raw(event)} on review
            for each row when (${sql.raw(condition)}) execute function page_version_bump()`.execute(
            db,
          )
        } else {
          const bump = 'update page_version set token = lower(hex(randomblob(16))) where id = 1;'
          await sql`create trigger ${name} after ${sql.raw(event)} on review when ${sql.raw(condition)} begin ${sql.raw(bump)} end`.execute(
            db,
          )
        }
      }
    },
  },

  // The owner's phone hears of a customer's change or cancellation, a proof's
  // answer and a new review (decision 053, "Later"). A device that had any
  // alert on gets the three new kinds on, as a new subscription does; one
  // with every kind switched off stays silent, as its owner left it.
  '019-more-alerts-new-kinds-on': {
    async up(db: Kysely<unknown>) {
      const added = ',change-or-cancel,proof-answer,review'
      await sql`update push_subscription set kinds = kinds || ${added} where kinds <> ''`.execute(
        db,
      )
    },
  },

  // Today's and the order list's open quotes join each quoted request to its
  // newest quote. With the quote's columns in the index, PostgreSQL reads
  // them per request from the index instead of scanning every quote the book
  // has ever had (13.6 → 4.4 ms at 100,000 requests on PostgreSQL).
  // The leading (request_id, id) keeps every other use of the old index.
  // Today's "Balances due" starts from the quotes whose balance falls due by
  // a date: a partial index of those with a date at all, instead of a scan.
  '020-growth-newest-quote-columns': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('request_quote_request').execute()
      await db.schema
        .createIndex('request_quote_request')
        .on('request_quote')
        .columns(['request_id', 'id', 'deposit_cents', 'deposit_due', 'accepted_at', 'expires_at'])
        .execute()
      await db.schema
        .createIndex('request_quote_balance_due')
        .on('request_quote')
        .column('balance_due')
        .where(sql.ref('balance_due'), 'is not', null)
        .execute()
    },
  },

  // The deposit, the balance's date and what a cancellation returns are
  // written from the rules in Settings now, above her words (decision 079).
  // A bakery still on the starting policies gets them without the two lines
  // that said otherwise ("balance due at pickup", "refund beyond the
  // deposit"); words she wrote herself are hers and stay as they are.
  '021-policies-leave-rules-to-terms': {
    async up(db: Kysely<unknown>) {
      const notice =
        'Notice: each treat needs the notice shown on our menu; custom designs may need more. We confirm every request before it is booked.'
      const allergens =
        'Allergens: everything is made in a home kitchen that also handles wheat, eggs, dairy, soy, peanuts and tree nuts. We cannot promise any treat is free of them.'
      await sql`update booking_settings set policies = ${[notice, allergens].join('\n\n')}
        where policies = ${STARTING_POLICIES}`.execute(db)
    },
  },

  // What waits on the owner, as Today lists it (decision 082): each list is
  // read from a small partial index of the rows still waiting, so the page
  // costs the same at any size of book. Open contact messages; cancellations
  // with a part she sends back by hand; proof rounds the customer asked to
  // change; and reviews with permission to show that she has not decided on,
  // by a new column set by Show and by "Keep it off the site" (one shown
  // already is decided; one not shown is hers to decide once).
  '022-waiting-on-the-owner': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('review').addColumn('decided_at', epochMsType(db)).execute()
      await sql`update review set decided_at = shown_at where shown = 1`.execute(db)
      // One line each: SQLite keeps the statement's text as its schema.
      const indexes = [
        'create index contact_message_open on contact_message (id) where handled_at is null',
        "create index customer_change_send_back on customer_change (request_id) where kind = 'cancel' and refund_cents > card_refund_cents",
        "create index proof_round_change_asked on proof_round (request_id, number) where answer = 'change'",
        'create index review_to_decide on review (created_at) where may_show = 1 and decided_at is null',
      ]
      for (const index of indexes) await sql.raw(index).execute(db)
    },
  },

  // Her Markdown is rendered once, when she saves it, and kept beside it
  // (docs/decisions/076): the FAQ's in site_content, the order policies' in
  // booking_settings, and the policies a send accepted in its batch. Null
  // until rendered: the boot renders what is stored (features' own
  // functions, as a migration must not change once shipped) and the pages
  // show the text as plain paragraphs meanwhile.
  '023-markdown-rendered-at-save': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('site_content').addColumn('html', 'text').execute()
      await db.schema.alterTable('booking_settings').addColumn('policies_html', 'text').execute()
      await db.schema
        .alterTable('order_batch')
        .addColumn('accepted_policies_html', 'text')
        .execute()
    },
  },

  // A change she asks for names the details it would change, each member's
  // own (decision 081): one row per request and detail, the new text ('' to
  // clear it), so accepting writes exactly those onto the request. `made`
  // keeps what accepting it changed, from what to what, for her page.
  '024-customer-change-details': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('customer_change_detail')
        .addColumn('id', 'integer', autoIncrementId(db))
        .addColumn('change_id', 'integer', (col) =>
          col.notNull().references('customer_change.id').onDelete('cascade'),
        )
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('order_request.id').onDelete('cascade'),
        )
        .addColumn('field', 'text', (col) => col.notNull())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute()
      await db.schema
        .createIndex('customer_change_detail_one')
        .on('customer_change_detail')
        .columns(['change_id', 'request_id', 'field'])
        .unique()
        .execute()
      await db.schema
        .alterTable('customer_change')
        .addColumn('made', 'text', (col) => col.notNull().defaultTo(''))
        .execute()
    },
  },

  // The public availability answers say which pickup windows are full, so a
  // request moved to another window (an accepted change, her own edit) must
  // replace the booking version too, as a new date or status does (029).
  '027-booking-version-follows-pickup-window': {
    async up(db: Kysely<unknown>) {
      if (isPostgres(db)) {
        await sql`drop trigger order_request_booking_version on ${sql.table('order_request')}`.execute(
          db,
        )
        await sql`create trigger order_request_booking_version
          after insert or delete or truncate or update of due_date, status, effort, pickup_window on ${sql.table('order_request')}
          for each statement execute function booking_version_bump()`.execute(db)
      } else {
        await sql`drop trigger order_request_update_booking_version`.execute(db)
        await sql`create trigger order_request_update_booking_version after update of due_date, status, effort, pickup_window on ${sql.table('order_request')} begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end`.execute(
          db,
        )
      }
    },
  },
}
