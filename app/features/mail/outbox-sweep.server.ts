import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, OutboxTopic } from '#app/db/schema.ts'

const ownTables = tablesFor('mail')

/** A stored email as a sweep sees it (see `sweepEmails`). */
export interface StoredEmail {
  id: number
  topic: OutboxTopic
  subjectId: number
  createdAt: number
  payload: string
}

/**
 * Reads every stored email, a page at a time (the outbox keeps years of
 * them), and asks `decide` about each: keep it, delete it, or replace its
 * payload. For a customer's erasure, which decides what names her. Returns
 * how many were deleted and the emails deleted or rewritten.
 */
export async function sweepEmails(
  trx: Transaction<Database>,
  decide: (email: StoredEmail) => 'keep' | 'delete' | { payload: string },
): Promise<{ deleted: number; changed: StoredEmail[] }> {
  const doomed: number[] = []
  const changed: StoredEmail[] = []
  for (let after = 0; ;) {
    const rows = await ownTables(trx)
      .selectFrom('outbox')
      .select(['id', 'topic', 'subject_id', 'created_at', 'payload'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(200)
      .execute()
    if (rows.length === 0) break
    after = rows.at(-1)!.id
    for (const row of rows) {
      const email: StoredEmail = {
        id: row.id,
        topic: row.topic,
        subjectId: Number(row.subject_id),
        createdAt: Number(row.created_at),
        payload: row.payload,
      }
      const decision = decide(email)
      if (decision === 'keep') continue
      if (decision === 'delete') {
        doomed.push(row.id)
      } else {
        await ownTables(trx)
          .updateTable('outbox')
          .set({ payload: decision.payload })
          .where('id', '=', row.id)
          .execute()
      }
      changed.push(email)
    }
  }
  // In slices: a long-time customer's emails must not outgrow a statement's parameters.
  for (let start = 0; start < doomed.length; start += 500) {
    await ownTables(trx)
      .deleteFrom('outbox')
      .where('id', 'in', doomed.slice(start, start + 500))
      .execute()
  }
  return { deleted: doomed.length, changed }
}
