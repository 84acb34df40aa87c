import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

// The public availability answers say which pickup windows are full, so a
// request moved to another window (an accepted change, her own edit) must
// replace the booking version too, as a new date or status does (029).
export const migration: Migration = {
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
}
