import { type Kysely, type Migration } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// The customer's "no" to a quote, beside her "yes": an answer claims the
// quote by setting one of the two where both are still empty, so of any
// answers racing (on one instance or several) exactly one is taken.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('request_quote').addColumn('declined_at', epochMsType(db)).execute()
  },
}
