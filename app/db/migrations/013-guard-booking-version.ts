import type { Kysely, Migration } from 'kysely'
import { createBumpTriggers, createVersionToken } from './version-triggers.ts'

// A second token like page_version's, replaced whenever a request is added,
// removed, or changes the day it holds (its date, status or effort): what
// the public availability answers depend on besides the booking rules
// (docs/decisions/029). Kept apart from page_version so a new order does
// not throw away every cached page.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await createVersionToken(db, 'booking_version')
    await createBumpTriggers(db, {
      token: 'booking_version',
      table: 'order_request',
      quoted: true,
      events: ['insert', 'delete', 'update of due_date, status, effort'],
      pgIndent: 10,
    })
  },
}
