import type { GalleryImage } from './gallery-image.ts'
import type { UploadErrorCode } from './upload-fields.ts'

/** The spec's message for each way an upload can fail. */
export const UPLOAD_MESSAGES = {
  unauthorized: 'Upload failed: Unauthorized. Please sign in again.',
  quotaExceeded: 'Upload failed: Storage quota exceeded.',
  invalidFormat: 'Upload failed: Invalid file format.',
  tooLarge: 'Upload failed: The photo is too big (over 15 MB).',
  network: 'Upload failed: Network error. Please try again.',
  other: 'Error uploading image. Please try again.',
} as const

/**
 * What the person sees for a failed upload, from the HTTP status and the
 * API's code; a request the server refused for its fields (no alt text, a
 * tag too many) carries the server's own sentence.
 */
export function uploadFailureMessage(
  status: number,
  code?: UploadErrorCode,
  serverSentence?: string,
): string {
  if (status === 401 || code === 'unauthorized') return UPLOAD_MESSAGES.unauthorized
  if (status === 507 || code === 'quota-exceeded') return UPLOAD_MESSAGES.quotaExceeded
  if (status === 413 || code === 'too-large') return UPLOAD_MESSAGES.tooLarge
  if (status === 422) return UPLOAD_MESSAGES.invalidFormat
  if (status === 400 && code === 'invalid-request' && serverSentence) {
    return `Upload failed: ${serverSentence}`
  }
  return UPLOAD_MESSAGES.other
}

export class UploadFailedError extends Error {
  override name = 'UploadFailedError'
}

/** Waits before each retry of an upload whose connection dropped. */
const RETRY_DELAYS_MS = [800, 2000]

/**
 * A fresh key for one upload. crypto.randomUUID exists only on https or
 * localhost; getRandomValues works on a bakery's plain-http home network too.
 */
export function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Sends the photo with XMLHttpRequest, the one browser API that reports
 * upload progress. A connection that drops is retried with the same upload
 * key: if the server had stored the photo and only its reply was lost, it
 * answers with that photo instead of storing it twice (docs/decisions/009).
 * An answer from the server is final. Rejects with UploadFailedError
 * carrying the message to show.
 */
export async function uploadImage({
  file,
  fileName,
  tags,
  alt,
  caption = '',
  originalSize,
  onProgress,
  retryDelaysMs = RETRY_DELAYS_MS,
}: {
  file: Blob
  fileName: string
  tags: string[]
  alt: string
  caption?: string
  originalSize: number
  onProgress: (percent: number) => void
  retryDelaysMs?: number[]
}): Promise<GalleryImage> {
  const form = new FormData()
  form.append('file', file, fileName)
  for (const tag of tags) form.append('tags', tag)
  form.append('alt', alt)
  if (caption) form.append('caption', caption)
  form.append('originalSize', String(originalSize))
  form.append('uploadKey', newUploadKey())

  for (let attempt = 0; ; attempt++) {
    const outcome = await send(form, onProgress)
    if (outcome.kind === 'answered') {
      if (outcome.status === 201) return outcome.body as GalleryImage
      const body = outcome.body as { code?: UploadErrorCode; error?: unknown } | null
      const sentence = typeof body?.error === 'string' ? body.error : undefined
      throw new UploadFailedError(uploadFailureMessage(outcome.status, body?.code, sentence))
    }
    const delay = retryDelaysMs[attempt]
    if (delay === undefined) throw new UploadFailedError(UPLOAD_MESSAGES.network)
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

type Outcome = { kind: 'answered'; status: number; body: unknown } | { kind: 'unreachable' }

function send(form: FormData, onProgress: (percent: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', '/api/gallery')
    request.responseType = 'json'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () =>
      resolve({ kind: 'answered', status: request.status, body: request.response as unknown }),
    )
    request.addEventListener('error', () => resolve({ kind: 'unreachable' }))
    request.addEventListener('timeout', () => resolve({ kind: 'unreachable' }))
    request.timeout = 120_000
    request.send(form)
  })
}
