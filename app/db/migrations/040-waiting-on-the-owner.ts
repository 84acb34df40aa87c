import { type Kysely, type Migration, sql } from 'kysely'
import { epochMsType } from '#app/db/portable-schema.server.ts'

// What waits on the owner, as Today lists it (decision 082): each list is
// read from a small partial index of the rows still waiting, so the page
// costs the same at any size of book. Open contact messages; cancellations
// with a part she sends back by hand; proof rounds the customer asked to
// change; and reviews with permission to show that she has not decided on,
// by a new column set by Show and by "Keep it off the site" (one shown
// already is decided; one not shown is hers to decide once).
export const migration: Migration = {
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
}
