import type { Selectable, Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, InspirationPhotoTable } from '#app/db/schema.ts'
import {
  QuotaExceededError,
  claimMediaRoomIn,
  mediaUsageBytes,
} from '#app/features/media/media-quota.server.ts'
import type { MediaStore, StoredObject } from '#app/features/media/media-store.server.ts'
import type { VariantFormat } from '#app/features/media/media-types.ts'
import {
  type PrivateVariant,
  acceptedFormats,
  pickVariant,
  privateImageNotFound,
  privateImageResponse,
  removeVariants,
  renderPrivateImage,
  requestedWidth,
} from '#app/features/media/private-images.server.ts'
import { MAX_INSPIRATION_PHOTOS, PHOTO_KEY_PATTERN, type QueuedPhoto } from './queued-photo.ts'

const ownTables = tablesFor('inspiration')

/**
 * The store folder (key prefix) of inspiration photos. /media never serves
 * it (server/media.ts serves only the gallery's folder): these photos are
 * read only through readInspirationPhoto, by the owner or the customer's
 * own request link (docs/decisions/019).
 */
export const INSPIRATION_FOLDER = 'inspiration'

/** About the width of a cart thumbnail on a phone at twice its CSS size. */
export const PREVIEW_WIDTH = 160

/** How long a photo may wait in a cart, unsent, before the sweep removes it. */
export const UNATTACHED_LIFETIME_MS = 24 * 60 * 60_000

/** One stored encoding of a photo; its key is `inspiration/{photo key}-{w}w.{ext}`. */
export type InspirationVariant = PrivateVariant

/** What the upload answers: the photo's key, its preview and its upright size. */
export interface AddedInspirationPhoto extends QueuedPhoto {
  width: number
  height: number
}

export interface ListedInspirationPhoto extends AddedInspirationPhoto {
  requestId: number
}

/**
 * Runs a customer's photo through the media pipeline (checked by content,
 * turned upright, every trace of EXIF and GPS gone, resized) into the private
 * folder, then records it unattached. As with the gallery, the objects exist
 * before the record, so a crash leaves objects without a record (the sweep
 * removes them), never the reverse. Throws ImageRejectedError for input we
 * refuse and QuotaExceededError when the media quota has no room for it.
 */
export async function addInspirationPhoto(
  db: Db,
  { store, quotaBytes, now = Date.now() }: { store: MediaStore; quotaBytes?: number; now?: number },
  input: string | Buffer,
): Promise<AddedInspirationPhoto> {
  if (quotaBytes !== undefined && (await mediaUsageBytes(db)) >= quotaBytes) {
    throw new QuotaExceededError('The media folder is full.')
  }
  const rendered = await renderPrivateImage(store, input, {
    folder: INSPIRATION_FOLDER,
    previewWidth: PREVIEW_WIDTH,
  })
  const { key, variants, preview } = rendered
  try {
    await db.transaction().execute(async (trx) => {
      // The gallery's uploads take the same lock: one quota for both.
      await claimMediaRoomIn(trx, { adding: rendered.storedBytes, quotaBytes })
      await ownTables(trx)
        .insertInto('inspiration_photo')
        .values({
          key,
          created_at: now,
          request_id: null,
          width: rendered.width,
          height: rendered.height,
          variants: JSON.stringify(variants),
          stored_bytes: rendered.storedBytes,
          preview,
        })
        .execute()
    })
  } catch (error) {
    await removeVariants(store, variants)
    throw error
  }
  return { key, preview, width: rendered.width, height: rendered.height }
}

/**
 * Attaches the unattached photos with these keys to an order request, inside
 * the send's own transaction. All or nothing: an unknown key, one already sent
 * with another order, or more than an order may carry attaches none and
 * returns false, so the send can refuse rather than store an order missing
 * the photos its customer saw. A Transaction, not any connection: the undo
 * below is only safe while no one else can see the half-done attach.
 */
export async function attachInspirationPhotos(
  trx: Transaction<Database>,
  { requestId, keys }: { requestId: number; keys: readonly string[] },
): Promise<boolean> {
  const unique = [...new Set(keys)]
  if (unique.length === 0) return true
  if (unique.length > MAX_INSPIRATION_PHOTOS || !unique.every(isPhotoKey)) return false
  // One statement claims every photo still free; a photo another send claimed
  // first (even at this very moment, on another instance) is not counted.
  const { numUpdatedRows } = await ownTables(trx)
    .updateTable('inspiration_photo')
    .set({ request_id: requestId })
    .where('key', 'in', unique)
    .where('request_id', 'is', null)
    .executeTakeFirst()
  if (Number(numUpdatedRows) === unique.length) return true
  await ownTables(trx)
    .updateTable('inspiration_photo')
    .set({ request_id: null })
    .where('key', 'in', unique)
    .where('request_id', '=', requestId)
    .execute()
  return false
}

/** The photos sent with these order requests, in the order they were added. */
export async function listInspirationPhotos(
  db: Db,
  requestIds: readonly number[],
): Promise<ListedInspirationPhoto[]> {
  if (requestIds.length === 0) return []
  const rows = await ownTables(db)
    .selectFrom('inspiration_photo')
    .select(['key', 'request_id', 'width', 'height', 'preview'])
    .where('request_id', 'in', [...requestIds])
    .orderBy('request_id')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    key: row.key,
    requestId: Number(row.request_id),
    width: row.width,
    height: row.height,
    preview: row.preview,
  }))
}

/**
 * One stored encoding of a photo, or undefined. With `requestIds` (a
 * customer's request link) only a photo sent with one of those requests is
 * found; without (the signed-in owner) any photo is. `width` picks the
 * narrowest variant at least that wide (default: the largest), `formats` the
 * first of those encodings the browser takes (default: JPEG, which all do).
 */
export async function readInspirationPhoto(
  db: Db,
  store: MediaStore,
  {
    key,
    requestIds,
    width,
    formats = ['jpeg'],
  }: {
    key: string
    requestIds?: readonly number[]
    width?: number
    formats?: readonly VariantFormat[]
  },
): Promise<StoredObject | undefined> {
  if (!isPhotoKey(key) || requestIds?.length === 0) return undefined
  let query = ownTables(db)
    .selectFrom('inspiration_photo')
    .select('variants')
    .where('key', '=', key)
  if (requestIds) query = query.where('request_id', 'in', [...requestIds])
  const row = await query.executeTakeFirst()
  if (!row) return undefined
  const variant = pickVariant(JSON.parse(row.variants) as InspirationVariant[], {
    width,
    formats,
  })
  return variant ? store.get(variant.key) : undefined
}

/**
 * The response for a request to see a private photo: the variant its `?w=`
 * and Accept header ask for, or a plain 404 whether the photo is missing or
 * not this visitor's to see, so its existence is never revealed. Shared by
 * the owner's route and the customer's request link.
 */
export async function respondWithInspirationPhoto(
  request: Request,
  {
    db,
    store,
    key,
    requestIds,
  }: { db: Db; store: MediaStore; key: string; requestIds?: readonly number[] },
): Promise<Response> {
  const photo = await readInspirationPhoto(db, store, {
    key,
    requestIds,
    width: requestedWidth(request),
    formats: acceptedFormats(request.headers.get('accept')),
  })
  return photo ? privateImageResponse(photo, request.method) : privateImageNotFound()
}

/**
 * GET /admin/photos/:key: any photo, for the signed-in owner. Anyone else gets
 * the 404 a missing key gets, not a 401, so the answer never says a photo is there.
 */
export async function respondWithOwnerPhoto(
  request: Request,
  { db, store, key, owner }: { db: Db; store: MediaStore; key: string; owner: unknown },
): Promise<Response> {
  if (!owner) return privateImageNotFound()
  return respondWithInspirationPhoto(request, { db, store, key })
}

/**
 * Removes the photos that waited unsent for more than a day, rows and
 * objects, and objects no row owns that are as old (left by a crash between
 * storing and recording). A photo attached meanwhile is never taken: the
 * delete itself checks it is still unattached. Returns how many photos went.
 */
export async function sweepUnattachedInspirationPhotos(
  db: Db,
  store: MediaStore,
  { now }: { now: number },
): Promise<number> {
  const cutoff = now - UNATTACHED_LIFETIME_MS
  const removed = await ownTables(db)
    .deleteFrom('inspiration_photo')
    .where('request_id', 'is', null)
    .where('created_at', '<', cutoff)
    .returning('variants')
    .execute()
  for (const row of removed) await removeVariants(store, parseVariants(row))

  const owned = new Set(
    (await ownTables(db).selectFrom('inspiration_photo').select('variants').execute()).flatMap(
      (row) => parseVariants(row).map((variant) => variant.key),
    ),
  )
  const strays = (await store.list(`${INSPIRATION_FOLDER}/`)).filter(
    (object) => !owned.has(object.key) && object.lastModified.getTime() < cutoff,
  )
  // One at a time, as the gallery does: some S3-compatible servers fail deletes run together.
  for (const object of strays) await store.delete(object.key)
  return removed.length
}

function parseVariants(row: Pick<Selectable<InspirationPhotoTable>, 'variants'>) {
  return JSON.parse(row.variants) as InspirationVariant[]
}

function isPhotoKey(key: string): boolean {
  return PHOTO_KEY_PATTERN.test(key)
}

/** Deletes the photos sent with these requests, rows and files (a customer's data being erased). */
export async function deletePhotosOfRequests(
  db: Db,
  store: MediaStore,
  requestIds: readonly number[],
): Promise<number> {
  if (requestIds.length === 0) return 0
  const removed = await ownTables(db)
    .deleteFrom('inspiration_photo')
    .where('request_id', 'in', requestIds)
    .returning('variants')
    .execute()
  for (const row of removed) await removeVariants(store, parseVariants(row))
  return removed.length
}
