import { sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import type { MediaStore } from '../gallery/media-store.server.ts'
import { deletePhotosOfRequests } from '../inspiration/inspiration-photos.server.ts'
import { ERASE_CUSTOMER, type EraseCustomerResult } from './erase-customer-settings.tsx'

export const ERASED_NAME = 'Erased customer'

export interface ErasureReport {
  requests: number
  messages: number
  photos: number
  emails: number
}

/**
 * Erases one customer's personal data, as Canadian privacy law (PIPEDA)
 * expects on request: their requests stay in the book for the bakery's
 * accounts (product, date, status, amounts) but lose every word that names
 * or describes the person; their inspiration photos are deleted, rows and
 * files; their contact messages are deleted; every email about them is
 * purged from the outbox (queued ones are never sent); their private link
 * stops working. Matched by email, ignoring case.
 */
export async function eraseCustomer(
  db: Db,
  store: MediaStore,
  { email }: { email: string },
): Promise<ErasureReport> {
  const address = email.trim().toLowerCase()
  const requests = await db
    .selectFrom('order_request')
    .select(['id', 'batch_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .execute()
  const requestIds = requests.map((request) => request.id)
  const batchIds = [...new Set(requests.map((request) => request.batch_id))]
  // Files first: a crash after this leaves rows to erase again, never files with no row.
  const photos = await deletePhotosOfRequests(db, store, requestIds)

  return db.transaction().execute(async (trx) => {
    let emails = 0
    if (requestIds.length > 0) {
      await trx
        .updateTable('order_request')
        .set(() => ({
          name: ERASED_NAME,
          email: sql<string>`'erased-' || cast(id as text) || '@invalid'`,
          phone_number: '',
          event_theme: '',
          comments: null,
          servings: null,
          allergies: null,
          decline_reason: null,
          customer_token: null,
        }))
        .where('id', 'in', requestIds)
        .execute()
      await trx
        .updateTable('request_event')
        .set({ note: null })
        .where('request_id', 'in', requestIds)
        .execute()
      // A send may be shared with another customer (a gift): the owner's email
      // about it names both and goes; the other customer's confirmation stays.
      const confirmations = await trx
        .selectFrom('outbox')
        .select(['id', 'payload'])
        .where('topic', '=', 'request_confirmation')
        .where('subject_id', 'in', batchIds)
        .execute()
      const theirs = confirmations
        .filter((row) => recipientOf(row.payload) === address)
        .map((row) => row.id)
      const purged = await trx
        .deleteFrom('outbox')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('topic', 'in', ['request_update', 'request_reminder']),
              eb('subject_id', 'in', requestIds),
            ]),
            eb.and([eb('topic', '=', 'order_batch'), eb('subject_id', 'in', batchIds)]),
            ...(theirs.length > 0 ? [eb('id', 'in', theirs)] : []),
          ]),
        )
        .executeTakeFirst()
      emails += Number(purged.numDeletedRows)
    }
    const messages = await trx
      .deleteFrom('contact_message')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
      .returning('id')
      .execute()
    if (messages.length > 0) {
      const purged = await trx
        .deleteFrom('outbox')
        .where('topic', '=', 'contact_message')
        .where(
          'subject_id',
          'in',
          messages.map((message) => message.id),
        )
        .executeTakeFirst()
      emails += Number(purged.numDeletedRows)
    }
    return { requests: requestIds.length, messages: messages.length, photos, emails }
  })
}

function recipientOf(payload: string): string | undefined {
  try {
    const email = JSON.parse(payload) as { to?: { address?: unknown } }
    return typeof email.to?.address === 'string' ? email.to.address.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/** The settings page's erase form: an email and a deliberate tick. */
export async function receiveEraseCustomerAction({
  request,
  db,
  store,
}: {
  request: Request
  db: Db
  store: MediaStore
}): Promise<Reply<EraseCustomerResult>> {
  const form = await readAdminForm(request)
  if (form?.intent !== ERASE_CUSTOMER) {
    return reply(400, { ok: false, intent: ERASE_CUSTOMER, error: NOT_UNDERSTOOD })
  }
  const email = (form.email ?? '').trim()
  if (!isEmailAddress(email)) {
    return reply(400, {
      ok: false,
      intent: ERASE_CUSTOMER,
      error: 'Enter the customer’s email address, like name@example.com.',
    })
  }
  if (form.confirm !== 'on') {
    return reply(400, {
      ok: false,
      intent: ERASE_CUSTOMER,
      error: 'Tick that you understand the erasure cannot be undone.',
    })
  }
  const erased = await eraseCustomer(db, store, { email })
  const found = erased.requests + erased.messages
  return reply(200, {
    ok: true,
    intent: ERASE_CUSTOMER,
    message:
      found === 0
        ? `Nothing was stored for ${email}.`
        : `Erased ${email}: ${plural(erased.requests, 'request')}, ${plural(erased.messages, 'message')}, ${plural(erased.photos, 'photo')} and ${plural(erased.emails, 'email')}.`,
  })
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
