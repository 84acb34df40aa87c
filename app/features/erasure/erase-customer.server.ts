import { type Transaction, sql } from 'kysely'
import { type Db, emptyWriteAheadLog } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { deleteContactMessagesFrom } from '#app/features/contact/contact-messages.server.ts'
import { eraseLinksOf } from '#app/features/customers/customer-links.server.ts'
import { eraseNoteOf } from '#app/features/customers/customer-notes.server.ts'
import { eraseHoldsOf } from '#app/features/drops/drop-holds.server.ts'
import { eraseGiftCardsOf } from '#app/features/gift-cards/gift-card-book.server.ts'
import { deletePhotosOfRequests } from '#app/features/inspiration/inspiration-photos.server.ts'
import { outboxMessageKey } from '#app/features/mail/delivery-worker.server.ts'
import { sweepEmails } from '#app/features/mail/outbox-sweep.server.ts'
import { removeMailFiles } from '#app/features/mail/transports/file.server.ts'
import type { MediaStore } from '#app/features/media/media-store.server.ts'
import { deleteProofsOfRequests } from '#app/features/proofs/proof-store.server.ts'
import { deleteReviewsOf } from '#app/features/reviews/reviews.server.ts'
import { eraseTextsOf } from '#app/features/texts/text-consent.server.ts'
import { eraseDayWaitlistOf } from '#app/features/waitlist/day-waitlist.server.ts'
import { eraseWaitlistOf } from '#app/features/waitlist/waitlist.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { isEmailAddress } from '#app/utils/email-address.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { ERASE_CUSTOMER, type EraseCustomerResult } from './erase-customer-settings.tsx'
import {
  ERASED_NAME,
  type Traces,
  isAboutHer,
  nameWords,
  scrubPayload,
  scrubText,
  tracesOf,
} from './erasure-traces.ts'

const ownTables = tablesFor('erasure')

export interface ErasureReport {
  requests: number
  messages: number
  photos: number
  emails: number
}

/** Where an erasure reaches besides the database: the photos' store and DATA_DIR's mail folder. */
export interface ErasureStores {
  store: MediaStore
  /** DATA_DIR: the file transport's .eml files are in its mail folder. */
  dataDir: string
}

/**
 * Erases one customer's personal data, as Canadian privacy law (PIPEDA)
 * expects on request: their requests stay in the book for the bakery's
 * accounts (product, date, status, amounts) but lose every word that names
 * or describes the person, and the owner's words to them (quote messages,
 * timeline notes); their inspiration photos and their design proofs (the
 * rounds, her answers and the images) are deleted, rows and files;
 * their contact messages are deleted; every email about them is purged from
 * the outbox (queued ones are never sent) and from DATA_DIR/mail, and the
 * owner's digests that named them keep their other lines; their private
 * link stops working; her review is deleted; her holds on drops are deleted (or, once
 * ordered, lose her name, email and phone). Then SQLite's write-ahead log is emptied, so the old
 * rows are nowhere in DATA_DIR (decision 031). Matched by email, ignoring case.
 */
export async function eraseCustomer(
  db: Db,
  { store, dataDir }: ErasureStores,
  { email }: { email: string },
): Promise<ErasureReport> {
  const address = email.trim().toLowerCase()
  const requests = await readRequestsOf(db, address)
  const requestIds = requests.map((request) => request.id)
  // Files first: a crash after this leaves rows to erase again, never files with no row.
  const photos =
    (await deletePhotosOfRequests(db, store, requestIds)) +
    (await deleteProofsOfRequests(db, store, requestIds))

  const erased = await db
    .transaction()
    .execute((trx) => eraseRowsAndMail(trx, { address, requests, dataDir }))
  // And after it: a delivery that was writing one of them meanwhile has
  // finished, or will find its row gone and remove its own file.
  await removeMailFiles(dataDir, erased.emails.files)
  if (!(await emptyWriteAheadLog(db))) {
    console.warn(
      'database: a reader kept the write-ahead log after an erasure; the next checkpoint empties it',
    )
  }
  return {
    requests: requestIds.length,
    messages: erased.messages,
    photos,
    emails: erased.emails.deleted,
  }
}

/** Her requests, matched by email ignoring case, with every field that names or finds her. */
async function readRequestsOf(db: Db, address: string) {
  return ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'batch_id',
      'name',
      'phone_number',
      'allergies',
      'customer_token',
      'delivery_street',
      'delivery_city',
      'delivery_postal_code',
      'delivery_notes',
    ])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
    .execute()
}

type HerRequest = Awaited<ReturnType<typeof readRequestsOf>>[number]

/**
 * Inside the erasure's one transaction: her rows everywhere, then every
 * email about her and their .eml files. Returns what it counted.
 */
async function eraseRowsAndMail(
  trx: Transaction<Database>,
  { address, requests, dataDir }: { address: string; requests: HerRequest[]; dataDir: string },
) {
  const requestIds = requests.map((request) => request.id)
  const batchIds = [...new Set(requests.map((request) => request.batch_id))]
  const messages = await deleteContactMessagesFrom(trx, address)
  await eraseHoldsAndWaitlistsOf(trx, address)
  // The gift cards she bought or was given keep their money, not her name.
  const giftCardIds = await eraseGiftCardsOf(trx, address)
  await eraseNotesLinksAndTextsOf(trx, { address, requests })
  const traces = tracesOf(address, [...requests, ...messages])
  if (requestIds.length > 0) await scrubRequests(trx, requestIds, traces)
  const emails = await eraseEmails(trx, {
    requestIds,
    batchIds,
    messageIds: messages.map((message) => message.id),
    giftCardIds,
    traces,
  })
  // Before the commit, as the photos: once the rows are gone nothing names
  // these files any more, so a crash must not come between.
  await removeMailFiles(dataDir, emails.files)
  return { messages: messages.length, emails }
}

/**
 * Her holds on drops: what she reserved, with her name, email and phone;
 * and her places on their waitlists and on those of full days.
 */
async function eraseHoldsAndWaitlistsOf(trx: Transaction<Database>, address: string) {
  await eraseHoldsOf(trx, address)
  await eraseWaitlistOf(trx, address)
  await eraseDayWaitlistOf(trx, address)
}

/**
 * Her notes in the customer book, what the owner joined or kept apart there,
 * and her consent to texts with every text to her number.
 */
async function eraseNotesLinksAndTextsOf(
  trx: Transaction<Database>,
  { address, requests }: { address: string; requests: HerRequest[] },
) {
  await eraseNoteOf(trx, address)
  await eraseLinksOf(trx, {
    address,
    phones: requests.map((request) => request.phone_number),
    requestIds: requests.map((request) => request.id).map(Number),
  })
  for (const phone of new Set(requests.map((request) => request.phone_number))) {
    if (phone) await eraseTextsOf(trx, phone)
  }
}

/**
 * Her requests stay in the book for the accounts but lose every word that
 * names or describes her, and the owner's words to her.
 */
async function scrubRequests(
  trx: Transaction<Database>,
  requestIds: number[],
  traces: Traces,
): Promise<void> {
  // Her review goes whole, and with it from Home, About and their rating.
  await deleteReviewsOf(trx, requestIds)
  await ownTables(trx)
    .updateTable('order_request')
    .set(() => ({
      name: ERASED_NAME,
      email: sql<string>`'erased-' || cast(id as text) || '@invalid'`,
      phone_number: '',
      event_theme: '',
      comments: null,
      servings: null,
      allergies: null,
      // Where she lives; the window stays, as the day's date does.
      delivery_street: null,
      delivery_city: null,
      delivery_postal_code: null,
      delivery_notes: null,
      decline_reason: null,
      customer_token: null,
    }))
    .where('id', 'in', requestIds)
    .execute()
  await ownTables(trx)
    .updateTable('request_event')
    .set({ note: null })
    .where('request_id', 'in', requestIds)
    .execute()
  // The owner's words to her: "Hi Erin, two tiers with her name on top".
  await ownTables(trx)
    .updateTable('request_quote')
    .set({ message: '', payment_instructions: '' })
    .where('request_id', 'in', requestIds)
    .execute()
  // Her words asking for a change, the details it asked and what it made
  // of them, and the owner's answer to her (decisions 054 and 081).
  await ownTables(trx)
    .updateTable('customer_change')
    .set({ details: '', answer_note: '', made: '' })
    .where('request_id', 'in', requestIds)
    .execute()
  await ownTables(trx)
    .updateTable('customer_change_detail')
    .set({ value: '' })
    .where('request_id', 'in', requestIds)
    .execute()
  await scrubPaymentMethods(trx, requestIds, traces)
  await scrubRefunds(trx, requestIds, traces)
}

/**
 * Deletes every email about her and scrubs her out of the owner's digests.
 * Returns the number deleted and the Message-IDs whose .eml files must go:
 * a digest's old file named her, and the scrubbed one was never written.
 */
async function eraseEmails(
  trx: Transaction<Database>,
  {
    requestIds,
    batchIds,
    messageIds,
    giftCardIds,
    traces,
  }: {
    requestIds: number[]
    batchIds: number[]
    messageIds: number[]
    giftCardIds: number[]
    traces: Traces
  },
): Promise<{ deleted: number; files: string[] }> {
  const { deleted, changed } = await sweepEmails(trx, (email) => {
    if (email.topic === 'owner_digest') {
      const scrubbed = scrubPayload(email.payload, traces)
      return scrubbed === email.payload ? 'keep' : { payload: scrubbed }
    }
    return isAboutHer(email, { requestIds, batchIds, messageIds, giftCardIds, traces })
      ? 'delete'
      : 'keep'
  })
  return { deleted, files: changed.map((email) => outboxMessageKey(email)) }
}

/** A payment's method is the owner's words, e.g. "e-Transfer from Erin Walsh": her name goes. */
async function scrubPaymentMethods(
  trx: Transaction<Database>,
  requestIds: number[],
  traces: Traces,
): Promise<void> {
  const payments = await ownTables(trx)
    .selectFrom('payment')
    .select(['id', 'method'])
    .where('request_id', 'in', requestIds)
    .execute()
  for (const payment of payments) {
    const method = scrubText(payment.method, { ...traces, names: nameWords(traces.names) })
    if (method === payment.method) continue
    await ownTables(trx)
      .updateTable('payment')
      .set({ method })
      .where('id', '=', payment.id)
      .execute()
  }
}

/** A refund's method and reason are the owner's words too: her name goes from both. */
async function scrubRefunds(
  trx: Transaction<Database>,
  requestIds: number[],
  traces: Traces,
): Promise<void> {
  const refunds = await ownTables(trx)
    .selectFrom('refund')
    .select(['id', 'method', 'reason'])
    .where('request_id', 'in', requestIds)
    .execute()
  const words = { ...traces, names: nameWords(traces.names) }
  for (const refund of refunds) {
    const method = scrubText(refund.method, words)
    const reason = scrubText(refund.reason, words)
    if (method === refund.method && reason === refund.reason) continue
    await ownTables(trx)
      .updateTable('refund')
      .set({ method, reason })
      .where('id', '=', refund.id)
      .execute()
  }
}

/** The settings page's erase form: an email and a deliberate tick. */
export async function receiveEraseCustomerAction({
  request,
  db,
  store,
  dataDir,
}: {
  request: Request
  db: Db
} & ErasureStores): Promise<Reply<EraseCustomerResult>> {
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
  const erased = await eraseCustomer(db, { store, dataDir }, { email })
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
