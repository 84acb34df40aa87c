import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import { createBumpTriggers, createRowBumpTrigger } from './version-triggers.ts'

// The public availability answers say which pickup windows are full, so a
// request moved to another window (an accepted change, her own edit) must
// replace the booking version too, as a new date or status does (029).
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const booking = { token: 'booking_version', table: 'order_request', quoted: true } as const
    const update = 'update of due_date, status, effort, pickup_window'
    if (isPostgres(db)) {
      await sql`drop trigger order_request_booking_version on ${sql.table('order_request')}`.execute(
        db,
      )
      await createBumpTriggers(db, {
        ...booking,
        events: ['insert', 'delete', update],
        pgIndent: 10,
      })
    } else {
      await sql`drop trigger order_request_update_booking_version`.execute(db)
      await createRowBumpTrigger(db, { ...booking, event: update })
    }
  },
}
