import { randomUUID } from 'node:crypto'
import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

// A second token like page_version's, replaced whenever a request is added,
// removed, or changes the day it holds (its date, status or effort): what
// the public availability answers depend on besides the booking rules
// (docs/decisions/029). Kept apart from page_version so a new order does
// not throw away every cached page.
export const migration: Migration = {
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
}
