/**
 * Her private notes on a customer (decision 107), kept by address: a
 * customer's note is what is written under any address she has used, and
 * saving it keeps it whole under her newest. Never shown to the customer.
 */
import type { Db } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { formatCount } from '#app/utils/count.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { readCustomer } from './customers.server.ts'

const ownTables = tablesFor('customers')

/** A note is a few lines about a customer: far above what a note holds. */
export const MAX_NOTE_LENGTH = 4_000

export type NoteAnswer =
  | { ok: true; message: string }
  | { ok: false; error: string; errors: FieldErrors<'note'>; values: { note: string } }

/** The note kept under her addresses, newest address first; two kept apart (a join) read as one. */
export async function readNote(db: Executor, emails: readonly string[]): Promise<string> {
  if (emails.length === 0) return ''
  const rows = await ownTables(db)
    .selectFrom('customer_note')
    .select(['email', 'note'])
    .where('email', 'in', [...emails])
    .execute()
  return noteFrom(new Map(rows.map((row) => [row.email, row.note])), emails)
}

/** Every note kept, by address: for her download, read once. */
export async function readEveryNote(db: Executor): Promise<Map<string, string>> {
  const rows = await ownTables(db).selectFrom('customer_note').select(['email', 'note']).execute()
  return new Map(rows.map((row) => [row.email, row.note]))
}

/** A customer's note from the notes by address: her addresses' notes, newest address first. */
export function noteFrom(notes: ReadonlyMap<string, string>, emails: readonly string[]): string {
  return emails
    .map((email) => notes.get(email))
    .filter((note): note is string => Boolean(note))
    .join('\n\n')
}

/**
 * POST /admin/customers/<id>: her note on the customer one of whose
 * requests is `requestId`. Kept under the customer's newest address, the
 * notes under her others folded into it; an empty note removes it.
 */
export async function receiveCustomerNote({
  db,
  request,
  requestId,
  now = Date.now(),
}: {
  db: Db
  request: Request
  requestId: number
  now?: number
}): Promise<Reply<NoteAnswer>> {
  const form = await readAdminForm(request)
  const refuse = (status: 400 | 404, error: string, note = '') =>
    reply(status, { ok: false as const, error, errors: { note: error }, values: { note } })
  // Only the note form sends a note: any other post never empties her notes.
  if (!form || form.note === undefined) {
    return refuse(400, 'That form could not be read. Please try again.')
  }
  const customer = await readCustomer(db, requestId)
  if (!customer) return refuse(404, 'No customer has that order.')
  const note = (form.note ?? '').replace(/\r\n/g, '\n').trim()
  if (note.length > MAX_NOTE_LENGTH) {
    return refuse(400, `A note can be at most ${formatCount(MAX_NOTE_LENGTH)} characters.`, note)
  }
  const newest = customer.emails[0]!
  await db.transaction().execute(async (trx) => {
    const folded = note ? customer.emails.filter((email) => email !== newest) : customer.emails
    if (folded.length > 0) {
      await ownTables(trx).deleteFrom('customer_note').where('email', 'in', folded).execute()
    }
    if (note) {
      // Two saves at once (two tabs, two instances): the later one's words are kept, never a 500.
      await ownTables(trx)
        .insertInto('customer_note')
        .values({ email: newest, note, updated_at: now })
        .onConflict((conflict) => conflict.column('email').doUpdateSet({ note, updated_at: now }))
        .execute()
    }
  })
  return reply(200, { ok: true as const, message: note ? 'Note saved.' : 'Note removed.' })
}

/** Erasing a customer by address (owner-desk's erasure): her note goes with her. */
export async function eraseNoteOf(db: Executor, address: string): Promise<void> {
  await ownTables(db)
    .deleteFrom('customer_note')
    .where('email', '=', address.toLowerCase())
    .execute()
}
