import {
  type GallerySettings,
  gallerySettings,
  imageProcessingGate,
} from '#app/features/gallery/gallery-api.server.ts'
import { QuotaExceededError, mediaUsageBytes } from '#app/features/gallery/gallery.server.ts'
import { ImageRejectedError, isSystemError } from '#app/features/gallery/image-pipeline.server.ts'
import { GateFullError } from '#app/features/gallery/processing-gate.ts'
import { UploadError, receiveUpload } from '#app/features/gallery/receive-upload.server.ts'
import { rateLimit } from '#app/utils/rate-limit.server.ts'
import { describeWait } from '#app/utils/rate-limit.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type AddedInspirationPhoto, addInspirationPhoto } from './inspiration-photos.server.ts'

/** The gallery's database, media store and quota: both kinds of photo share them. */
export type InspirationSettings = GallerySettings

export function inspirationSettings(): InspirationSettings {
  return gallerySettings()
}

export interface InspirationUploadFailure {
  ok: false
  error: string
}

/**
 * Uploads from one address: enough for a few orders' photos with some
 * retries, few enough that nobody fills the media store from one machine.
 */
export const UPLOADS_PER_WINDOW = 30
export const UPLOAD_WINDOW_MS = 10 * 60_000

const fail = (status: number, error: string, headers?: HeadersInit) =>
  reply<InspirationUploadFailure>(status, { ok: false, error }, headers)

// 413, not the gallery's 507: the visitor's upload is what we cannot take,
// and a 4xx says it is not a fault of the site that retrying would fix.
const noRoom = () =>
  fail(
    413,
    'We cannot take more photos right now. Please describe your idea in the comments instead.',
  )

const isDiskFull = (error: unknown) =>
  isSystemError(error) && ['ENOSPC', 'EDQUOT', 'EFBIG'].includes(error.code ?? '')

/**
 * POST /api/inspiration-photos: a visitor's photo for an order they are
 * filling in. Anyone may send one (the server refuses other sites' posts
 * before this runs), so it is rate-limited per address, and the quota is
 * checked before a byte of the body is read. The photo is stored unattached
 * and private; the order's send attaches it (attachInspirationPhotos).
 */
export async function uploadInspirationPhoto({
  request,
  clientIp,
  settings,
  now = Date.now(),
}: {
  request: Request
  clientIp: string
  settings: InspirationSettings
  now?: number
}): Promise<Reply<AddedInspirationPhoto | InspirationUploadFailure>> {
  if (request.method !== 'POST') {
    return fail(405, 'Send a photo with POST.', { Allow: 'POST' })
  }
  const limit = await rateLimit({
    db: settings.db,
    key: `inspiration-photo:${clientIp}`,
    max: UPLOADS_PER_WINDOW,
    windowMs: UPLOAD_WINDOW_MS,
    now,
  })
  if (!limit.allowed) {
    return fail(
      429,
      `You have sent a lot of photos in the last few minutes. Please try again in ${describeWait(limit.retryAfterMs)}.`,
      { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
    )
  }
  const { quotaBytes } = settings
  if (quotaBytes !== undefined && (await mediaUsageBytes(settings.db)) >= quotaBytes) {
    return noRoom()
  }

  let upload
  try {
    upload = await receiveUpload(request, { folder: settings.store.uploadFolder })
  } catch (error) {
    if (isDiskFull(error)) return noRoom()
    if (!(error instanceof UploadError)) throw error
    return error.status === 413
      ? fail(413, 'That photo is too large. Please choose one under 15 MB.')
      : fail(400, error.message)
  }
  try {
    const photo = await imageProcessingGate.run(() =>
      addInspirationPhoto(settings.db, { ...settings, now }, upload.filePath),
    )
    return reply(201, photo)
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      return error.reason === 'unsupported-format'
        ? fail(415, 'That file is not a photo we can use. Please choose a JPEG, PNG or WebP image.')
        : fail(422, `We could not read that photo: ${lowerFirst(error.message)}`)
    }
    if (error instanceof QuotaExceededError || isDiskFull(error)) return noRoom()
    if (error instanceof GateFullError) {
      return fail(503, 'We are busy with other photos. Please try again in a few seconds.', {
        'Retry-After': '5',
      })
    }
    throw error
  } finally {
    await upload.discard()
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
