import { getEnv } from '#app/config/env.server.ts'
import { type Db, getDb } from '#app/db/db.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import type { GalleryImage } from './gallery-image.ts'
import { QuotaExceededError, addGalleryImage, deleteGalleryImage } from './gallery.server.ts'
import { ImageRejectedError, isSystemError } from './image-pipeline.server.ts'
import { type MediaStore, getMediaStore } from './media-store.server.ts'
import { GateFullError, createProcessingGate } from './processing-gate.ts'
import { UploadError, receiveUpload } from './receive-upload.server.ts'
import { type UploadErrorCode, UploadFieldsSchema } from './upload-fields.ts'

export interface GallerySettings {
  db: Db
  /** Where the photos go: DATA_DIR/media or a bucket (MEDIA_STORE). */
  store: MediaStore
  /** MEDIA_QUOTA_MB in bytes; undefined means no limit. */
  quotaBytes?: number
}

/** The running server's gallery settings, from the environment validated at boot. */
export function gallerySettings(): GallerySettings {
  const env = getEnv()
  return {
    db: getDb(),
    store: getMediaStore(),
    quotaBytes: env.MEDIA_QUOTA_MB === undefined ? undefined : env.MEDIA_QUOTA_MB * 1024 * 1024,
  }
}

export interface UploadFailure {
  code: UploadErrorCode
  error: string
}

// Decoding a large photo takes a core and a few hundred MB; two at a time
// keeps a small server responsive. A few more may wait; beyond that, 503.
// Shared with the customers' inspiration photos, which use the same pipeline.
export const imageProcessingGate = createProcessingGate({ concurrency: 2, maxWaiting: 4 })

const fail = (status: number, code: UploadErrorCode, error: string, headers?: HeadersInit) =>
  reply<UploadFailure>(status, { code, error }, headers)

const noRoom = () => fail(507, 'quota-exceeded', 'There is no room left for more images.')

/**
 * The owner hears "storage quota exceeded" whether our quota, the disk, the
 * user's disk quota or a file-size limit on the process (EFBIG) ran out.
 */
const isDiskFull = (error: unknown) =>
  isSystemError(error) && ['ENOSPC', 'EDQUOT', 'EFBIG'].includes(error.code ?? '')

/**
 * POST /api/gallery: the owner's upload (the route has checked the session
 * before a byte of the body is read). The file is streamed to disk within
 * the size cap, judged by its content, re-encoded, and only then recorded.
 */
export async function uploadGalleryImage({
  request,
  settings,
}: {
  request: Request
  settings: GallerySettings
}): Promise<Reply<GalleryImage | UploadFailure>> {
  let upload
  try {
    upload = await receiveUpload(request, { folder: settings.store.uploadFolder })
  } catch (error) {
    if (isDiskFull(error)) return noRoom()
    if (!(error instanceof UploadError)) throw error
    return error.status === 413
      ? fail(413, 'too-large', error.message)
      : fail(400, 'invalid-request', error.message)
  }

  try {
    const parsed = UploadFieldsSchema.safeParse({
      tags: upload.fields.get('tags') ?? [],
      originalSize: upload.fields.get('originalSize')?.[0],
      uploadKey: upload.fields.get('uploadKey')?.[0],
    })
    if (!parsed.success) {
      return fail(400, 'invalid-request', parsed.error.issues[0]?.message ?? 'Invalid upload.')
    }
    const { tags, originalSize, uploadKey } = parsed.data
    const image: GalleryImage = await imageProcessingGate.run(() =>
      addGalleryImage(settings.db, settings, {
        input: upload.filePath,
        uploadedName: upload.uploadedName,
        tags: [...new Set(tags)],
        originalSize: originalSize ?? upload.bytes,
        compressedSize: upload.bytes,
        uploadKey,
      }),
    )
    return reply(201, image)
  } catch (error) {
    if (error instanceof ImageRejectedError) return fail(422, 'invalid-format', error.message)
    if (error instanceof QuotaExceededError || isDiskFull(error)) return noRoom()
    if (error instanceof GateFullError) {
      return fail(503, 'busy', 'Other images are being processed. Please try again.', {
        'Retry-After': '5',
      })
    }
    throw error
  } finally {
    await upload.discard()
  }
}

/** DELETE /api/gallery/:id (the route has checked the session): the record goes first, then its files. */
export async function removeGalleryImage({
  id,
  settings,
}: {
  id: string | undefined
  settings: GallerySettings
}): Promise<Reply<{ deleted: number } | { error: string }>> {
  const numericId = parseImageId(id)
  const deleted =
    numericId === undefined ? false : await deleteGalleryImage(settings.db, settings, numericId)
  if (!deleted) return reply(404, { error: 'That image is not in the gallery.' })
  return reply(200, { deleted: numericId! })
}

/** An image id from the URL: digits only, so '1e3' or '0x10' name no image. */
export function parseImageId(id: string | undefined): number | undefined {
  if (!id || !/^\d{1,15}$/.test(id)) return undefined
  return Number(id)
}
