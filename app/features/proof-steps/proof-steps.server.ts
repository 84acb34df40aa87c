import type { Transaction } from 'kysely'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { imageProcessingGate } from '#app/features/media/image-pipeline.server.ts'
import { mediaUsageBytes } from '#app/features/media/media-quota.server.ts'
import type { MediaStore } from '#app/features/media/media-store.server.ts'
import { MAX_UPLOAD_BYTES } from '#app/features/media/receive-upload.server.ts'
import {
  type UploadFailureWording,
  describeUploadFailure,
  uploadFailure,
} from '#app/features/media/upload-failure.server.ts'
import { partyOf, partyTreats } from '#app/features/order-book/party.server.ts'
import { recordEvent } from '#app/features/order-book/request-moves.server.ts'
import { isIn } from '#app/features/order-status/order-status.ts'
import { PROOF_STEPS } from '#app/features/order-status/owner-intents.ts'
import {
  type ApprovedProof,
  type ProofSendResult,
  type ProofView,
} from '#app/features/proofs/proof-rules.ts'
import { proofNoteSchema } from '#app/features/proofs/proof-schemas.ts'
import { readProofRoundsIncluded } from '#app/features/proofs/proof-settings.server.ts'
import {
  ProofRefused,
  type RenderedProofImage,
  approvedProofsOf,
  listProofRounds,
  recordRoundIn,
  removeRendered,
  renderProofImage,
} from '#app/features/proofs/proof-store.server.ts'
import { receiveProofUpload } from '#app/features/proofs/receive-proof-upload.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { partyName } from '#app/utils/party-name.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { composeProofSent, proofInParty } from './proof-emails.ts'

const ownTables = tablesFor('proof-steps')

/**
 * A request's design proofs (decision 055): the owner sends a round from the
 * order page, the customer answers from her page. The proofs feature keeps
 * the rounds and their images; the order book writes each step on the
 * request's timeline and queues its email, in the step's own transaction.
 */

/** How the owner reads an upload's failure beside the "Send a proof" form. */
const WORDING: UploadFailureWording = {
  'too-large': {
    status: 413,
    message: `An image is too large. Each must be under ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  },
  'invalid-request': { status: 400, message: (detail) => detail },
  'not-an-image': {
    status: 415,
    message: 'One of the files is not an image we can use. Choose JPEG, PNG, WebP or AVIF images.',
  },
  unreadable: { status: 422, message: (detail) => `One image could not be read: ${detail}` },
  'no-room': {
    status: 507,
    message: 'The photo storage is full. Remove some gallery photos, or raise MEDIA_QUOTA_MB.',
  },
  busy: { status: 503, message: 'Other photos are being processed. Please try again in a moment.' },
}

const sendFailed = (status: number, error: string, headers?: HeadersInit) =>
  reply<ProofSendResult>(status, { ok: false, intent: 'proof', error }, headers)

/** The request a step is about, as its emails name it. */
async function requestOf(db: Db, requestId: number) {
  return ownTables(db)
    .selectFrom('order_request')
    .select([
      'id',
      'status',
      'name',
      'email',
      'product_type',
      'due_date',
      'customer_token',
      'position',
    ])
    .where('id', '=', requestId)
    .executeTakeFirst()
}

const PROOF_STATUS_MESSAGE =
  'A proof can be sent while the request is new, quoted or confirmed, before it is made.'

/**
 * The owner's "Send a proof" (multipart: `file` up to six times, `note`,
 * and `extra` = 'on' to send a round past those included). The images go
 * through the pipeline first; the round, its timeline entry and the
 * customer's email are then written together, or none is.
 */
export async function receiveProofSend({
  request,
  db,
  store,
  quotaBytes,
  requestId,
  siteUrl,
  now = Date.now(),
}: {
  request: Request
  db: Db
  store: MediaStore
  quotaBytes?: number
  requestId: number
  siteUrl: string
  now?: number
}): Promise<Reply<ProofSendResult>> {
  const found = await requestOf(db, requestId)
  if (!found) return sendFailed(404, 'That request is not in the order book.')
  if (!isIn(PROOF_STEPS.send_proof.from, found.status)) return sendFailed(409, PROOF_STATUS_MESSAGE)
  if (!found.customer_token) {
    return sendFailed(409, 'This request has no private page to show a proof on.')
  }
  if (quotaBytes !== undefined && (await mediaUsageBytes(db)) >= quotaBytes) {
    const failure = uploadFailure('no-room', WORDING)
    return sendFailed(failure.status, failure.message)
  }
  let upload
  try {
    upload = await receiveProofUpload(request, { folder: store.uploadFolder })
  } catch (error) {
    const failure = describeUploadFailure(error, WORDING)
    if (!failure) throw error
    return sendFailed(failure.status, failure.message, failure.headers)
  }
  const rendered: RenderedProofImage[] = []
  try {
    const note = proofNoteSchema.safeParse(upload.fields.get('note'))
    if (!note.success) return sendFailed(400, note.error.issues[0]?.message ?? 'Check the note.')
    const included = await readProofRoundsIncluded(db)
    const extra = upload.fields.get('extra') === 'on'
    const refused = await refusedRound(db, { requestId, included, extra })
    if (refused) return refused
    for (const filePath of upload.filePaths) {
      rendered.push(await imageProcessingGate.run(() => renderProofImage(store, filePath)))
    }
    const round = await db
      .transaction()
      .execute((trx) =>
        recordProofRound(trx, { found, note: note.data, rendered, quotaBytes, siteUrl, now }),
      )
    rendered.length = 0
    kickDeliveryWorker()
    const past = round.number > included ? ' (an extra round, past those included)' : ''
    return reply<ProofSendResult>(200, {
      ok: true,
      intent: 'proof',
      message: `Proof ${round.number} sent${past}; the customer is emailed a link to see it.`,
    })
  } catch (error) {
    if (error instanceof ProofRefused) return sendFailed(error.status, error.message)
    if (isUniqueViolation(error)) {
      return sendFailed(409, 'Another proof was sent at the same moment. Please look again.')
    }
    const failure = describeUploadFailure(error, WORDING)
    if (!failure) throw error
    return sendFailed(failure.status, failure.message, failure.headers)
  } finally {
    // Images of a round that was not recorded go; the upload's spool files always do.
    await removeRendered(store, rendered)
    await upload.discard()
  }
}

/** Why another round may not be sent: one is approved, or the rounds included are used. */
async function refusedRound(
  db: Db,
  { requestId, included, extra }: { requestId: number; included: number; extra: boolean },
): Promise<Reply<ProofSendResult> | null> {
  const sent = (await listProofRounds(db, [requestId])).get(requestId) ?? []
  if (sent.some((round) => round.answer === 'approved')) {
    return sendFailed(409, 'The customer has already approved a proof for this request.')
  }
  if (sent.length >= included && !extra) {
    return sendFailed(
      409,
      `The ${included} proof round${included === 1 ? '' : 's'} included ${included === 1 ? 'is' : 'are'} used. Tick “Send one more round anyway” to send another.`,
    )
  }
  return null
}

/** The round, its timeline entry and the customer's email, in the send's transaction. */
async function recordProofRound(
  trx: Transaction<Database>,
  round: {
    found: NonNullable<Awaited<ReturnType<typeof requestOf>>>
    note: string
    rendered: RenderedProofImage[]
    quotaBytes?: number
    siteUrl: string
    now: number
  },
) {
  const { found, note, rendered, quotaBytes, siteUrl, now } = round
  const requestId = found.id
  // Writers first, one request's proof steps at a time (on SQLite: the write lock up front).
  await serializeTransactions(trx, proofLock(requestId))
  const current = await ownTables(trx)
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  if (!isIn(PROOF_STEPS.send_proof.from, current.status)) {
    throw new ProofRefused(409, PROOF_STATUS_MESSAGE)
  }
  const recorded = await recordRoundIn(trx, {
    requestId,
    note,
    images: rendered,
    quotaBytes,
    now,
  })
  const images = `${rendered.length} image${rendered.length === 1 ? '' : 's'}`
  await recordEvent(trx, {
    requestId,
    from: current.status,
    to: current.status,
    actor: 'owner',
    note: `Proof ${recorded.number} sent (${images}).${note ? ` Note: ${note}` : ''}`,
    now,
  })
  // The customer's email, once for this round however the send is retried.
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: requestId,
      dedupeKey: `proof-sent:${recorded.id}`,
      email: composeProofSent(
        {
          name: found.name,
          email: found.email,
          productType: found.product_type,
          dueDate: found.due_date,
          position: found.position,
          party: await partyNamed(trx, requestId),
        },
        {
          round: recorded.number,
          note,
          statusUrl: `${siteUrl}/requests/${found.customer_token}`,
          bakery: await readSiteSection(trx, 'identity'),
        },
      ),
    },
    now,
  )
  return recorded
}

/** The lock a request's proof steps take, so a send and an answer go in turn. */
export function proofLock(requestId: number): string {
  return `proof:${requestId}`
}

function isUniqueViolation(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code)}` : ''
  return /UNIQUE constraint|duplicate key|23505/.test(text)
}

/** The order page's proof: its rounds and how many are included. */
export async function readOwnerProof(db: Db, requestId: number): Promise<ProofView> {
  const [rounds, included] = await Promise.all([
    listProofRounds(db, [requestId]),
    readProofRoundsIncluded(db),
  ])
  return { rounds: rounds.get(requestId) ?? [], included }
}

/** A customer's page: each of her requests' proofs, by the request's position, when it has one. */
export async function readCustomerProofs(
  db: Db,
  token: string,
): Promise<Record<number, ProofView>> {
  if (!/^[A-Za-z0-9_-]{22,64}$/.test(token)) return {}
  const requests = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'position', 'product_type'])
    .where('customer_token', '=', token)
    .execute()
  const [rounds, included] = await Promise.all([
    listProofRounds(
      db,
      requests.map((row) => row.id),
    ),
    readProofRoundsIncluded(db),
  ])
  const proofs: Record<number, ProofView> = {}
  for (const row of requests) {
    const list = rounds.get(row.id)
    if (!list?.length) continue
    const party = await partyNamed(db, row.id)
    proofs[row.position] = {
      rounds: list,
      included,
      ...(party ? { about: proofInParty(row.product_type, party) } : {}),
    }
  }
  return proofs
}

/** A request's party named as one order, when it is quoted with others (decision 049). */
export async function partyNamed(db: Parameters<typeof partyOf>[0], requestId: number) {
  const party = await partyOf(db, requestId)
  return party.memberIds.length > 1 ? partyName(await partyTreats(db, party)) : undefined
}

/** The approved proofs of the requests a page lists (Today's and the calendar's bake lists). */
export async function approvedProofsFor(
  db: Db,
  requestIds: readonly number[],
): Promise<Record<number, ApprovedProof>> {
  return Object.fromEntries(await approvedProofsOf(db, requestIds))
}
