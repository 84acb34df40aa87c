import { imageProcessingGate } from '#app/features/media/image-pipeline.server.ts'
import { type MediaSettings, mediaSettings } from '#app/features/media/media-quota.server.ts'
import { receiveUpload } from '#app/features/media/receive-upload.server.ts'
import {
  type UploadFailureWording,
  describeUploadFailure,
} from '#app/features/media/upload-failure.server.ts'
import { BodyTooLargeError, readBodyText } from '#app/utils/read-body.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import type { GalleryImage } from './gallery-image.ts'
import {
  TagListFullError,
  addGalleryImage,
  deleteGalleryImage,
  editGalleryImage,
} from './gallery.server.ts'
import { EditFieldsSchema, type UploadErrorCode, UploadFieldsSchema } from './upload-fields.ts'

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
  if (error instanceof TagListFullError) return fail(400, 'invalid-request', error.message)
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
      alt: upload.fields.get('alt')?.[0] ?? '',
      caption: upload.fields.get('caption')?.[0],
      originalSize: upload.fields.get('originalSize')?.[0],
      uploadKey: upload.fields.get('uploadKey')?.[0],
    })
    if (!parsed.success) {
      return fail(400, 'invalid-request', parsed.error.issues[0]?.message ?? 'Invalid upload.')
    }
    const { tags, alt, caption, originalSize, uploadKey } = parsed.data
    const image: GalleryImage = await imageProcessingGate.run(() =>
      addGalleryImage(settings.db, settings, {
        input: upload.filePath,
        uploadedName: upload.uploadedName,
        tags: [...new Set(tags)],
        originalSize: originalSize ?? upload.bytes,
        compressedSize: upload.bytes,
        uploadKey,
        altText: alt,
        caption,
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
  if (!deleted) return reply(404, { error: NOT_IN_GALLERY })
  return reply(200, { deleted: numericId! })
}

/** An edit's body is a few short lines of text; anything longer is not an edit. */
export const MAX_EDIT_BODY_BYTES = 8 * 1024

export interface EditRefusal {
  error: string
  /** With a 409: the photo as it is now, to start again from. */
  image?: GalleryImage
}

/**
 * PATCH (or POST) /api/gallery/:id (the route has checked the session): the
 * owner's new tags, alt text and caption for a photo, as JSON or a urlencoded form, with
 * the version she started from. An edit from an older version is refused
 * with 409 and the photo as it is now, so nothing she did not see is
 * overwritten.
 */
export async function editGalleryImageReply({
  id,
  request,
  settings,
}: {
  id: string | undefined
  request: Request
  settings: Pick<GallerySettings, 'db'>
}): Promise<Reply<GalleryImage | EditRefusal>> {
  const numericId = parseImageId(id)
  if (numericId === undefined) return reply(404, { error: NOT_IN_GALLERY })
  let body: unknown
  try {
    body = await readEditBody(request)
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return reply(413, { error: 'That edit is too long to be a photo’s words.' })
    }
    return reply(400, { error: 'Send the edit as JSON or as a form.' })
  }
  const parsed = EditFieldsSchema.safeParse(body)
  if (!parsed.success) {
    return reply(400, { error: parsed.error.issues[0]?.message ?? 'That edit is not valid.' })
  }
  const { tags, alt, caption, version } = parsed.data
  try {
    const outcome = await editGalleryImage(settings.db, numericId, {
      tags: [...new Set(tags)],
      altText: alt,
      caption,
      version,
    })
    if (outcome.kind === 'not-found') return reply(404, { error: NOT_IN_GALLERY })
    if (outcome.kind === 'changed-elsewhere') {
      return reply(409, {
        error:
          'This photo was changed in another window since you opened it. Here it is as it is now: please make your change again.',
        image: outcome.image,
      })
    }
    return reply(200, outcome.image)
  } catch (error) {
    if (error instanceof TagListFullError) return reply(400, { error: error.message })
    throw error
  }
}

/** The edit's fields from a JSON body or a urlencoded form (tags repeated). */
async function readEditBody(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  const text = await readBodyText(request, MAX_EDIT_BODY_BYTES)
  if (type.startsWith('application/json')) return JSON.parse(text) as unknown
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text)
    return {
      tags: form.getAll('tags'),
      alt: form.get('alt') ?? undefined,
      caption: form.get('caption') ?? undefined,
      version: form.get('version') ?? undefined,
    }
  }
  throw new Error('unsupported edit body')
}

const NOT_IN_GALLERY = 'That image is not in the gallery.'

/** An image id from the URL: digits only, so '1e3' or '0x10' name no image. */
export function parseImageId(id: string | undefined): number | undefined {
  if (!id || !/^\d{1,15}$/.test(id)) return undefined
  return Number(id)
}
