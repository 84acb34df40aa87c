import { imageProcessingGate } from '#app/features/media/image-pipeline.server.ts'
import {
  type MediaSettings,
  mediaSettings,
  mediaUsageBytes,
} from '#app/features/media/media-quota.server.ts'
import { MAX_UPLOAD_BYTES, receiveUpload } from '#app/features/media/receive-upload.server.ts'
import {
  type UploadFailureWording,
  describeUploadFailure,
  uploadFailure,
} from '#app/features/media/upload-failure.server.ts'
import { rateLimit } from '#app/utils/rate-limit.server.ts'
import { describeWait } from '#app/utils/rate-limit.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type AddedInspirationPhoto, addInspirationPhoto } from './inspiration-photos.server.ts'

/** The database, media store and quota that every kind of photo shares. */
export type InspirationSettings = MediaSettings

export function inspirationSettings(): InspirationSettings {
  return mediaSettings()
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

/**
 * A visitor reads these in the cart, beside the photo they chose: what to do
 * next, in their words. 413, not the gallery's 507, for no room: the
 * visitor's upload is what we cannot take, and a 4xx says it is not a fault
 * of the site that retrying would fix.
 */
const WORDING: UploadFailureWording = {
  'too-large': {
    status: 413,
    message: `That photo is too large. Please choose one under ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  },
  'invalid-request': { status: 400, message: (detail) => detail },
  'not-an-image': {
    status: 415,
    message: 'That file is not a photo we can use. Please choose a JPEG, PNG or WebP image.',
  },
  unreadable: {
    status: 422,
    message: (detail) => `We could not read that photo: ${lowerFirst(detail)}`,
  },
  'no-room': {
    status: 413,
    message:
      'We cannot take more photos right now. Please describe your idea in the comments instead.',
  },
  busy: {
    status: 503,
    message: 'We are busy with other photos. Please try again in a few seconds.',
  },
}

/** The failure as the cart hears it, or the error itself when it is ours, not the upload's. */
function failureReply(error: unknown): Reply<InspirationUploadFailure> {
  const failure = describeUploadFailure(error, WORDING)
  if (!failure) throw error
  return fail(failure.status, failure.message, failure.headers)
}

const noRoom = () => {
  const failure = uploadFailure('no-room', WORDING)
  return fail(failure.status, failure.message)
}

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
    return failureReply(error)
  }
  try {
    const photo = await imageProcessingGate.run(() =>
      addInspirationPhoto(settings.db, { ...settings, now }, upload.filePath),
    )
    return reply(201, photo)
  } catch (error) {
    return failureReply(error)
  } finally {
    await upload.discard()
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
