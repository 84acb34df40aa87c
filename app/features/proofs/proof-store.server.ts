import { type Transaction, sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { claimMediaRoomIn } from '#app/features/media/media-quota.server.ts'
import type { MediaStore } from '#app/features/media/media-store.server.ts'
import {
  type PrivateVariant,
  type RenderedPrivateImage,
  acceptedFormats,
  pickVariant,
  privateImageNotFound,
  privateImageResponse,
  removeVariants,
  renderPrivateImage,
  requestedWidth,
} from '#app/features/media/private-images.server.ts'
import {
  type ApprovedProof,
  PROOF_LIMITS,
  type ProofImageView,
  type ProofRoundView,
} from './proof-rules.ts'

const ownTables = tablesFor('proofs')

/**
 * The store folder (key prefix) of proof images. /media never serves it
 * (server/media.ts serves only the gallery's folder): an image is read only
 * through respondWithProofImage, by the signed-in owner or the customer's own
 * request link (decision 055).
 */
export const PROOF_FOLDER = 'proofs'

/** About the width of a thumbnail on a phone at twice its CSS size. */
const PREVIEW_WIDTH = 160

/** A proof image's key: 128 random bits in base64url. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/

/** One stored encoding of a proof image; its key is `proofs/{image key}-{w}w.{ext}`. */
export type ProofVariant = PrivateVariant

/** An image through the pipeline and in the store, not yet recorded. */
export type RenderedProofImage = RenderedPrivateImage

/**
 * Runs one uploaded image through the media pipeline (checked by content,
 * turned upright, every trace of EXIF and GPS gone, resized) into the private
 * folder. Its objects exist before its record; recordRoundIn writes the
 * record, and removeRendered takes the objects back when that fails.
 * Throws ImageRejectedError for input the pipeline refuses.
 */
export async function renderProofImage(
  store: MediaStore,
  input: string | Buffer,
): Promise<RenderedProofImage> {
  return renderPrivateImage(store, input, { folder: PROOF_FOLDER, previewWidth: PREVIEW_WIDTH })
}

/** Removes rendered images' objects (a round that was not recorded). */
export async function removeRendered(
  store: MediaStore,
  images: readonly Pick<RenderedProofImage, 'variants'>[],
): Promise<void> {
  for (const image of images) await removeVariants(store, image.variants)
}

export class ProofRefused extends Error {
  override name = 'ProofRefused'
  constructor(
    readonly status: 409 | 413,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Records a new round on a request, with its images, in the caller's
 * transaction: numbered after the request's last round. Refused (ProofRefused)
 * once a round was approved, past PROOF_LIMITS.maxRounds, or when the media
 * quota has no room; two sends at once cannot take the same number (the
 * unique (request_id, number) constraint turns the second away).
 */
export async function recordRoundIn(
  trx: Transaction<Database>,
  {
    requestId,
    note,
    images,
    quotaBytes,
    now,
  }: {
    requestId: number
    note: string
    images: readonly RenderedProofImage[]
    quotaBytes?: number
    now: number
  },
): Promise<{ id: number; number: number }> {
  const rounds = await ownTables(trx)
    .selectFrom('proof_round')
    .select(['number', 'answer'])
    .where('request_id', '=', requestId)
    .orderBy('number')
    .execute()
  if (rounds.some((round) => round.answer === 'approved')) {
    throw new ProofRefused(409, 'The customer has already approved a proof for this request.')
  }
  if (rounds.length >= PROOF_LIMITS.maxRounds) {
    throw new ProofRefused(409, `A request takes at most ${PROOF_LIMITS.maxRounds} proof rounds.`)
  }
  // The gallery's and the customers' uploads take the same lock: one quota for all.
  await claimMediaRoomIn(trx, {
    adding: images.reduce((sum, image) => sum + image.storedBytes, 0),
    quotaBytes,
  })
  const number = (rounds.at(-1)?.number ?? 0) + 1
  const round = await ownTables(trx)
    .insertInto('proof_round')
    .values({ request_id: requestId, number, note, sent_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  let position = 0
  for (const image of images) {
    position += 1
    await ownTables(trx)
      .insertInto('proof_image')
      .values({
        key: image.key,
        round_id: round.id,
        position,
        width: image.width,
        height: image.height,
        variants: JSON.stringify(image.variants),
        stored_bytes: image.storedBytes,
        preview: image.preview,
      })
      .execute()
  }
  return { id: Number(round.id), number }
}

export type RoundAnswer = { answer: 'approved' } | { answer: 'change'; note: string }

/**
 * The customer's answer to round `number`, in the caller's transaction. One
 * conditional update claims the round while it is the request's latest and
 * unanswered, so of two tabs answering at once one answer counts and the
 * other hears why not. Returns the round's id, or the reason it was refused.
 */
export async function answerRoundIn(
  trx: Transaction<Database>,
  {
    requestId,
    number,
    answer,
    now,
  }: { requestId: number; number: number; answer: RoundAnswer; now: number },
): Promise<{ ok: true; roundId: number } | { ok: false; error: string }> {
  const latest = await ownTables(trx)
    .selectFrom('proof_round')
    .select(['id', 'number', 'answer'])
    .where('request_id', '=', requestId)
    .orderBy('number', 'desc')
    .executeTakeFirst()
  if (!latest) return { ok: false, error: 'There is no proof to answer on this request.' }
  if (Number(latest.number) !== number) {
    return {
      ok: false,
      error: 'The bakery has sent a newer proof since you opened this page. Please look at it.',
    }
  }
  const claimed = await ownTables(trx)
    .updateTable('proof_round')
    .set({
      answer: answer.answer,
      answer_note: answer.answer === 'change' ? answer.note : null,
      answered_at: now,
    })
    .where('id', '=', latest.id)
    .where('answer', 'is', null)
    .executeTakeFirst()
  if (claimed.numUpdatedRows === 0n) {
    const stands = await ownTables(trx)
      .selectFrom('proof_round')
      .select('answer')
      .where('id', '=', latest.id)
      .executeTakeFirst()
    return {
      ok: false,
      error:
        stands?.answer === 'approved'
          ? 'You have already approved this design.'
          : 'You have already asked for a change to this proof.',
    }
  }
  return { ok: true, roundId: Number(latest.id) }
}

/** Each request's rounds, oldest first, with their images. */
export async function listProofRounds(
  db: Db,
  requestIds: readonly number[],
): Promise<Map<number, ProofRoundView[]>> {
  const byRequest = new Map<number, ProofRoundView[]>()
  if (requestIds.length === 0) return byRequest
  const rounds = await ownTables(db)
    .selectFrom('proof_round')
    .selectAll()
    .where('request_id', 'in', [...requestIds])
    .orderBy('request_id')
    .orderBy('number')
    .execute()
  const images = await imagesOfRounds(
    db,
    rounds.map((round) => Number(round.id)),
  )
  for (const round of rounds) {
    const requestId = Number(round.request_id)
    const list = byRequest.get(requestId) ?? []
    list.push({
      number: Number(round.number),
      note: round.note,
      sentAt: Number(round.sent_at),
      answer: round.answer,
      answerNote: round.answer_note,
      answeredAt: round.answered_at === null ? null : Number(round.answered_at),
      images: images.get(Number(round.id)) ?? [],
    })
    byRequest.set(requestId, list)
  }
  return byRequest
}

async function imagesOfRounds(
  db: Db,
  roundIds: readonly number[],
): Promise<Map<number, ProofImageView[]>> {
  const byRound = new Map<number, ProofImageView[]>()
  if (roundIds.length === 0) return byRound
  const rows = await ownTables(db)
    .selectFrom('proof_image')
    .select(['round_id', 'key', 'width', 'height', 'preview'])
    .where('round_id', 'in', [...roundIds])
    .orderBy('round_id')
    .orderBy('position')
    .execute()
  for (const row of rows) {
    const list = byRound.get(Number(row.round_id)) ?? []
    list.push({ key: row.key, width: row.width, height: row.height, preview: row.preview })
    byRound.set(Number(row.round_id), list)
  }
  return byRound
}

/** The approved proof of each of these requests that has one: its first image and when. */
export async function approvedProofsOf(
  db: Db,
  requestIds: readonly number[],
): Promise<Map<number, ApprovedProof>> {
  const approved = new Map<number, ApprovedProof>()
  if (requestIds.length === 0) return approved
  const rounds = await ownTables(db)
    .selectFrom('proof_round')
    .select(['id', 'request_id', 'number', 'answered_at'])
    .where('request_id', 'in', [...requestIds])
    .where('answer', '=', 'approved')
    .execute()
  const images = await imagesOfRounds(
    db,
    rounds.map((round) => Number(round.id)),
  )
  for (const round of rounds) {
    approved.set(Number(round.request_id), {
      round: Number(round.number),
      image: images.get(Number(round.id))?.[0] ?? null,
      approvedAt: Number(round.answered_at),
    })
  }
  return approved
}

/**
 * The rounds whose customer asked for a change and which are still each
 * request's latest: the next round is the owner's to send. A query for the
 * caller to join to its requests (this feature knows none), read from the
 * partial index of rounds answered with a change (migration
 * 040-waiting-on-the-owner), so it costs the same however many rounds were
 * approved or followed.
 */
export function roundsAskingChanges(db: Db) {
  return (
    ownTables(db)
      .selectFrom('proof_round as asked')
      .select(['asked.request_id', 'asked.number', 'asked.answered_at'])
      // Written out rather than bound, so both databases use the partial index.
      .where('asked.answer', '=', sql.lit('change'))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('proof_round as later')
              .select('later.id')
              .whereRef('later.request_id', '=', 'asked.request_id')
              .whereRef('later.number', '>', 'asked.number'),
          ),
        ),
      )
  )
}

/**
 * GET of a proof image: the variant its `?w=` and Accept header ask for. With
 * `requestIds` (a customer's link) only an image of one of those requests is
 * found; without, `owner` must be the signed-in admin. Anything else is the
 * same plain 404, so no answer says an image is there.
 */
export async function respondWithProofImage(
  request: Request,
  {
    db,
    store,
    key,
    requestIds,
    owner,
  }: {
    db: Db
    store: MediaStore
    key: string
    requestIds?: readonly number[]
    owner?: unknown
  },
): Promise<Response> {
  if (requestIds === undefined && !owner) return privateImageNotFound()
  if (!KEY_PATTERN.test(key) || requestIds?.length === 0) return privateImageNotFound()
  let query = ownTables(db)
    .selectFrom('proof_image')
    .innerJoin('proof_round', 'proof_round.id', 'proof_image.round_id')
    .select('proof_image.variants')
    .where('proof_image.key', '=', key)
  if (requestIds) query = query.where('proof_round.request_id', 'in', [...requestIds])
  const row = await query.executeTakeFirst()
  if (!row) return privateImageNotFound()
  const variant = pickVariant(JSON.parse(row.variants) as ProofVariant[], {
    width: requestedWidth(request),
    formats: acceptedFormats(request.headers.get('accept')),
  })
  const object = variant ? await store.get(variant.key) : undefined
  return object ? privateImageResponse(object, request.method) : privateImageNotFound()
}

/**
 * Deletes the proofs of these requests, rounds, images and files (a
 * customer's data being erased). Files go with their rows; returns how many
 * images went.
 */
export async function deleteProofsOfRequests(
  db: Db,
  store: MediaStore,
  requestIds: readonly number[],
): Promise<number> {
  if (requestIds.length === 0) return 0
  const images = await ownTables(db)
    .selectFrom('proof_image')
    .innerJoin('proof_round', 'proof_round.id', 'proof_image.round_id')
    .select('proof_image.variants')
    .where('proof_round.request_id', 'in', [...requestIds])
    .execute()
  // Images first: their rows name the rounds.
  await ownTables(db)
    .deleteFrom('proof_image')
    .where('round_id', 'in', (eb) =>
      eb
        .selectFrom('proof_round')
        .select('id')
        .where('request_id', 'in', [...requestIds]),
    )
    .execute()
  await ownTables(db)
    .deleteFrom('proof_round')
    .where('request_id', 'in', [...requestIds])
    .execute()
  for (const image of images) {
    await removeVariants(store, JSON.parse(image.variants) as ProofVariant[])
  }
  return images.length
}
