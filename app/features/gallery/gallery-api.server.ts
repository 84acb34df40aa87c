import { imageProcessingGate } from '#app/features/media/image-pipeline.server.ts'
import { type MediaSettings, mediaSettings } from '#app/features/media/media-quota.server.ts'
import { receiveUpload } from '#app/features/media/receive-upload.server.ts'
import {
  type UploadFailureWording,
  describeUploadFailure,
} from '#app/features/media/upload-failure.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import type { GalleryImage } from './gallery-image.ts'
import { addGalleryImage, deleteGalleryImage } from './gallery.server.ts'
import { type UploadErrorCode, UploadFieldsSchema } from './upload-fields.ts'

/** The gallery's photos share the media store and its quota with every other kind of photo. */
export type GallerySettings = MediaSettings

/** The running server's gallery settings, from the environment validated at boot. */
export function gallerySettings(): GallerySettings {
  return mediaSettings()
}

export interface UploadFailure {
  code: UploadErrorCode
  error: string
}

const fail = (status: number, code: UploadErrorCode, error: string, headers?: HeadersInit) =>
  reply<UploadFailure>(status, { code, error }, headers)

/**
 * The owner's dialog picks its own words by `code` (upload-client.ts); the
 * message is the receiver's or the pipeline's own sentence. 507 for no room:
 * the owner's site is what is full.
 */
const WORDING: UploadFailureWording = {
  'too-large': { status: 413, message: (detail) => detail },
  'invalid-request': { status: 400, message: (detail) => detail },
  'not-an-image': { status: 422, message: (detail) => detail },
  unreadable: { status: 422, message: (detail) => detail },
  'no-room': { status: 507, message: 'There is no room left for more images.' },
  busy: { status: 503, message: 'Other images are being processed. Please try again.' },
}

const CODES: Record<keyof UploadFailureWording, UploadErrorCode> = {
  'too-large': 'too-large',
  'invalid-request': 'invalid-request',
  'not-an-image': 'invalid-format',
  unreadable: 'invalid-format',
  'no-room': 'quota-exceeded',
  busy: 'busy',
}

/** The failure as the gallery API answers it, or the error itself when it is ours, not the upload's. */
function failureReply(error: unknown): Reply<UploadFailure> {
  const failure = describeUploadFailure(error, WORDING)
  if (!failure) throw error
  return fail(failure.status, CODES[failure.kind], failure.message, failure.headers)
}

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
    return failureReply(error)
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
    return failureReply(error)
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
