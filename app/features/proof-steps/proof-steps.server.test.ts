import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { eraseCustomer } from '#app/features/erasure/erase-customer.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { proofRoundsSchema } from '#app/features/proofs/proof-schemas.ts'
import {
  readProofRoundsIncluded,
  receiveProofRoundsAction,
} from '#app/features/proofs/proof-settings.server.ts'
import { respondWithProofImage } from '#app/features/proofs/proof-store.server.ts'
import { openTestConnection, openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { receiveProofAnswer } from './proof-answers.server.ts'
import {
  approvedProofsFor,
  readCustomerProofs,
  readOwnerProof,
  receiveProofSend,
} from './proof-steps.server.ts'

const SITE = 'https://butterandbloom.example'
const MINUTE = 60_000

/** A quoted request for Priya, her private token, and a media store in the test's DATA_DIR. */
async function openProofBook() {
  const { db, dataDir, location } = await openTestDatabase()
  await openBakery(db)
  const requestId = await sendRequest(db)
  await moveTo(db, requestId, 'quoted')
  const store = createLocalMediaStore(dataDir)
  return { db, dataDir, location, requestId, token: await tokenOf(db, requestId), store }
}

/** A request's private token, the key to the customer's own page. */
async function tokenOf(db: Db, requestId: number): Promise<string> {
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  return token!
}

/** The owner's "Send a proof", as her browser posts it: multipart, images and a note. */
async function proofPost({
  images = 1,
  note = 'Two tiers, peonies on top.',
  extra = false,
}: { images?: number; note?: string; extra?: boolean } = {}): Promise<Request> {
  const form = new FormData()
  form.set('note', note)
  if (extra) form.set('extra', 'on')
  const jpeg = await photoJpeg({ width: 900, height: 600 })
  for (let index = 0; index < images; index++) {
    form.append(
      'file',
      new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }),
      `proof-${index}.jpg`,
    )
  }
  return new Request(`${SITE}/admin/orders/1?proof`, { method: 'POST', body: form })
}

type ProofBook = Awaited<ReturnType<typeof openProofBook>>

/** The owner sends a proof of her request (or `to` another) at `now`, as her browser posts it. */
async function sendProof(
  { db, store, requestId }: ProofBook,
  {
    to = requestId,
    now = BOOK_NOW,
    ...post
  }: Parameters<typeof proofPost>[0] & { to?: number; now?: number } = {},
) {
  return receiveProofSend({
    request: await proofPost(post),
    db,
    store,
    requestId: to,
    siteUrl: SITE,
    now,
  })
}

/** The customer's answer to her proof from her page, as its plain form posts it. */
function answerProof(
  { db, token }: Pick<ProofBook, 'db' | 'token'>,
  fields: Record<string, string>,
  { clientIp, now, siteUrl }: { clientIp: string; now: number; siteUrl?: string },
) {
  return receiveProofAnswer({ request: answerPost(fields), token, clientIp, db, siteUrl, now })
}

/** The customer's answer, as her page's plain form posts it. */
function answerPost(fields: Record<string, string>): Request {
  return new Request(`${SITE}/requests/x?proof`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}

async function emailsAbout(db: Db, key: string) {
  return db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key'])
    .where('dedupe_key', 'like', `${key}%`)
    .orderBy('id')
    .execute()
}

async function timelineNotes(db: Db, requestId: number) {
  const rows = await db
    .selectFrom('request_event')
    .select('note')
    .where('request_id', '=', requestId)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.note ?? '')
}

async function storedProofFiles(dataDir: string): Promise<string[]> {
  return readdir(path.join(dataDir, 'media', 'proofs')).catch(() => [])
}

test('a round is sent, changed, sent again and approved: each step on the timeline and emailed once', async () => {
  const book = await openProofBook()
  const { db, dataDir, requestId, token, store } = book

  const sent = await sendProof(book, { images: 2 })
  expect(sent).toMatchObject({ status: 200, body: { ok: true, intent: 'proof' } })
  expect((sent.body as { message: string }).message).toContain('Proof 1 sent')
  const owner = await readOwnerProof(db, requestId)
  expect(owner.included).toBe(2)
  expect(owner.rounds).toHaveLength(1)
  expect(owner.rounds[0]).toMatchObject({
    number: 1,
    note: 'Two tiers, peonies on top.',
    answer: null,
  })
  expect(owner.rounds[0]!.images).toHaveLength(2)
  // Re-encoded variants in the private folder; the spool files are gone.
  expect((await storedProofFiles(dataDir)).length).toBeGreaterThanOrEqual(2)
  expect((await readdir(store.uploadFolder)).filter((name) => name.endsWith('.part'))).toEqual([])

  const toCustomer = await emailsAbout(db, 'proof-sent:')
  expect(toCustomer).toHaveLength(1)
  const email = JSON.parse(toCustomer[0]!.payload) as { to: { address: string }; text: string }
  expect(email.to.address).toBe('priya@example.com')
  expect(email.text).toContain(`${SITE}/requests/${token}`)
  expect(email.text).toContain('Two tiers, peonies on top.')

  // Her page shows it; she asks for a change.
  const page = await readCustomerProofs(db, token)
  expect(page[1]?.rounds[0]?.images).toHaveLength(2)
  const change = await answerProof(
    book,
    {
      answer: 'change',
      position: '1',
      round: '1',
      change: 'Pink peonies, please.',
    },
    { clientIp: '203.0.113.7', now: BOOK_NOW + MINUTE, siteUrl: SITE },
  )
  expect(change).toMatchObject({ status: 200, body: { ok: true, proof: true, position: 1 } })
  const toOwner = await emailsAbout(db, 'proof-answer:')
  expect(toOwner).toHaveLength(1)
  expect(JSON.parse(toOwner[0]!.payload).subject).toContain('asked for a change')
  expect(JSON.parse(toOwner[0]!.payload).text).toContain('Pink peonies, please.')

  // Round two, then approval.
  const second = await sendProof(book, {
    note: 'Now with pink peonies.',
    now: BOOK_NOW + 2 * MINUTE,
  })
  expect(second).toMatchObject({ status: 200, body: { ok: true } })
  expect(await emailsAbout(db, 'proof-sent:')).toHaveLength(2)
  const approve = await answerProof(
    book,
    { answer: 'approve', position: '1', round: '2' },
    { clientIp: '203.0.113.7', now: BOOK_NOW + 3 * MINUTE, siteUrl: SITE },
  )
  expect(approve).toMatchObject({ status: 200, body: { ok: true } })
  const answers = await emailsAbout(db, 'proof-answer:')
  expect(answers).toHaveLength(2)
  expect(JSON.parse(answers[1]!.payload).subject).toContain('approved the design')

  expect(await timelineNotes(db, requestId)).toEqual(
    expect.arrayContaining([
      'Proof 1 sent (2 images). Note: Two tiers, peonies on top.',
      'Asked for a change to proof 1: Pink peonies, please.',
      'Proof 2 sent (1 image). Note: Now with pink peonies.',
      'Approved proof 2.',
    ]),
  )
  const approved = await approvedProofsFor(db, [requestId])
  expect(approved[requestId]).toMatchObject({ round: 2, approvedAt: BOOK_NOW + 3 * MINUTE })
  expect(approved[requestId]!.image?.key).toBe(
    (await readOwnerProof(db, requestId)).rounds[1]!.images[0]!.key,
  )

  // Approved: no further round.
  const after = await sendProof(book, { now: BOOK_NOW + 4 * MINUTE })
  expect(after).toMatchObject({ status: 409, body: { ok: false } })
  expect((after.body as { error: string }).error).toContain('already approved')
  expect((await readOwnerProof(db, requestId)).rounds).toHaveLength(2)
})

test('two tabs approving at once record one approval, one timeline entry and one email', async () => {
  const book = await openProofBook()
  const { db, location, requestId } = book
  await sendProof(book)
  // Two instances on PostgreSQL; on SQLite one process has the file, its connection taking turns.
  const other = testDatabaseKind() === 'pg' ? openTestConnection(location) : db
  const answers = await Promise.all(
    [db, other].map((connection, index) =>
      answerProof(
        { ...book, db: connection },
        { answer: 'approve', position: '1', round: '1' },
        { clientIp: `203.0.113.${index + 1}`, now: BOOK_NOW + MINUTE },
      ),
    ),
  )
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  const refused = answers.find((answer) => answer.status === 409)!
  expect((refused.body as { error: string }).error).toBe('You have already approved this design.')
  expect(await emailsAbout(db, 'proof-answer:')).toHaveLength(1)
  expect(
    (await timelineNotes(db, requestId)).filter((note) => note.startsWith('Approved')),
  ).toHaveLength(1)
})

test('the rounds included bound her changes; the owner sends one more only when she ticks it', async () => {
  const book = await openProofBook()
  const { db, requestId } = book
  const saved = await receiveProofRoundsAction({
    request: answerPost({ intent: 'save-proof-rounds', proof_rounds: '1' }),
    db,
  })
  expect(saved).toMatchObject({ status: 200, body: { ok: true } })
  expect(await readProofRoundsIncluded(db)).toBe(1)
  await sendProof(book)

  // The last included round: approve, or contact the bakery.
  const change = await answerProof(
    book,
    { answer: 'change', position: '1', round: '1', change: 'Bigger bow.' },
    { clientIp: '203.0.113.9', now: BOOK_NOW + MINUTE },
  )
  expect(change.status).toBe(409)
  expect((change.body as { error: string }).error).toContain('contact the bakery')
  expect(await emailsAbout(db, 'proof-answer:')).toHaveLength(0)

  const refused = await sendProof(book, { now: BOOK_NOW + MINUTE })
  expect(refused.status).toBe(409)
  expect((refused.body as { error: string }).error).toContain('used')
  const extra = await sendProof(book, { extra: true, now: BOOK_NOW + 2 * MINUTE })
  expect(extra).toMatchObject({ status: 200, body: { ok: true } })
  expect((extra.body as { message: string }).message).toContain('extra round')
  expect((await readOwnerProof(db, requestId)).rounds).toHaveLength(2)

  // The setting's one schema refuses what is out of bounds, with a sentence.
  for (const rounds of ['0', '11', 'two', '']) {
    const result = proofRoundsSchema.safeParse({ proof_rounds: rounds })
    expect(result.success).toBe(false)
    const answer = await receiveProofRoundsAction({
      request: answerPost({ intent: 'save-proof-rounds', proof_rounds: rounds }),
      db,
    })
    expect(answer).toMatchObject({
      status: 400,
      body: { ok: false, error: 'Choose 1 to 10 rounds.' },
    })
  }
  expect(await readProofRoundsIncluded(db)).toBe(1)
})

test('bad input is refused with a sentence and writes nothing', async () => {
  const book = await openProofBook()
  const { db, dataDir, requestId, store } = book
  const tooMany = await sendProof(book, { images: 7 })
  expect(tooMany).toMatchObject({
    status: 400,
    body: { ok: false, error: 'A proof round takes up to 6 images.' },
  })
  const notAnImage = new FormData()
  notAnImage.append('file', new Blob(['not a picture'], { type: 'image/jpeg' }), 'x.jpg')
  const refused = await receiveProofSend({
    request: new Request(`${SITE}/admin/orders/1?proof`, { method: 'POST', body: notAnImage }),
    db,
    store,
    requestId,
    siteUrl: SITE,
    now: BOOK_NOW,
  })
  expect(refused.status).toBe(415)
  const longNote = await sendProof(book, { note: 'x'.repeat(1001) })
  expect(longNote).toMatchObject({
    status: 400,
    body: { error: 'The note must be at most 1000 characters.' },
  })
  expect((await readOwnerProof(db, requestId)).rounds).toEqual([])
  expect(await storedProofFiles(dataDir)).toEqual([])

  await sendProof(book)
  const longChange = await answerProof(
    book,
    { answer: 'change', position: '1', round: '1', change: 'y'.repeat(501) },
    { clientIp: '203.0.113.10', now: BOOK_NOW },
  )
  expect(longChange).toMatchObject({
    status: 400,
    body: { error: 'Your change must be at most 500 characters.' },
  })
  const noAnswer = await answerProof(
    book,
    { position: '1', round: '1' },
    { clientIp: '203.0.113.10', now: BOOK_NOW },
  )
  expect(noAnswer.status).toBe(400)
  const stale = await answerProof(
    book,
    { answer: 'approve', position: '1', round: '7' },
    { clientIp: '203.0.113.10', now: BOOK_NOW },
  )
  expect(stale.status).toBe(409)
  expect((await readOwnerProof(db, requestId)).rounds[0]!.answer).toBeNull()
  // A proof cannot be sent once the order is made.
  await moveTo(db, requestId, 'cancelled')
  const closed = await sendProof(book)
  expect(closed.status).toBe(409)
})

test('a proof image is served privately to its own link and the signed-in owner, and to nobody else', async () => {
  const book = await openProofBook()
  const { db, requestId, token, store } = book
  const otherId = await sendRequest(db, { name: 'Sam Okafor', email: 'sam@example.com' })
  const otherToken = await tokenOf(db, otherId)
  await sendProof(book)
  const key = (await readOwnerProof(db, requestId)).rounds[0]!.images[0]!.key
  const get = (accept = 'image/webp') => new Request(`${SITE}/x?w=400`, { headers: { accept } })

  const hers = await respondWithProofImage(get(), { db, store, key, requestIds: [requestId] })
  expect(hers.status).toBe(200)
  expect(hers.headers.get('cache-control')).toBe('private, no-store')
  expect(hers.headers.get('content-type')).toBe('image/webp')
  expect((await hers.arrayBuffer()).byteLength).toBeGreaterThan(100)

  const owners = await respondWithProofImage(get('image/jpeg'), {
    db,
    store,
    key,
    owner: { id: 'admin' },
  })
  expect(owners.status).toBe(200)
  expect(owners.headers.get('content-type')).toBe('image/jpeg')
  await owners.arrayBuffer()

  const theirs = await respondWithProofImage(get(), { db, store, key, requestIds: [otherId] })
  const anonymous = await respondWithProofImage(get(), { db, store, key })
  const nobody = await respondWithProofImage(get(), { db, store, key, requestIds: [] })
  for (const refused of [theirs, anonymous, nobody]) {
    expect(refused.status).toBe(404)
    expect(refused.headers.get('cache-control')).toBe('private, no-store')
  }
  expect(otherToken).not.toBe(token)
  expect(await readCustomerProofs(db, otherToken)).toEqual({})
})

test('erasing the customer removes her proofs: rounds, images and files', async () => {
  const book = await openProofBook()
  const { db, dataDir, requestId, store } = book
  const samId = await sendRequest(db, { name: 'Sam Okafor', email: 'sam@example.com' })
  await sendProof(book, { images: 2 })
  await sendProof(book, { to: samId })
  await answerProof(
    book,
    {
      answer: 'change',
      position: '1',
      round: '1',
      change: 'Add Maya’s name.',
    },
    { clientIp: '203.0.113.11', now: BOOK_NOW },
  )
  const samKeys = (await readOwnerProof(db, samId)).rounds[0]!.images.map((image) => image.key)
  const before = await storedProofFiles(dataDir)

  const erased = await eraseCustomer(db, { store, dataDir }, { email: 'priya@example.com' })
  expect(erased.photos).toBe(2)
  expect((await readOwnerProof(db, requestId)).rounds).toEqual([])
  const rounds = await db.selectFrom('proof_round').select('request_id').execute()
  expect(rounds.map((row) => Number(row.request_id))).toEqual([samId])
  const images = await db.selectFrom('proof_image').select('key').execute()
  expect(images.map((row) => row.key)).toEqual(samKeys)
  // Her files are gone; Sam's stay.
  const after = await storedProofFiles(dataDir)
  expect(after.length).toBeLessThan(before.length)
  expect(after.every((file) => samKeys.some((key) => file.startsWith(key)))).toBe(true)
  expect(after.length).toBeGreaterThan(0)
  // Her change is out of the timeline too.
  expect((await timelineNotes(db, requestId)).join(' ')).not.toContain('Maya')
})
