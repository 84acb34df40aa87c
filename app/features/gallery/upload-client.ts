import type { GalleryImage } from './gallery-image.ts'
import type { UploadErrorCode } from './upload-fields.ts'

/** The spec's message for each way an upload can fail. */
export const UPLOAD_MESSAGES = {
  unauthorized: 'Upload failed: Unauthorized. Please sign in again.',
  quotaExceeded: 'Upload failed: Storage quota exceeded.',
  invalidFormat: 'Upload failed: Invalid file format.',
  network: 'Upload failed: Network error. Please try again.',
  other: 'Error uploading image. Please try again.',
} as const

/** What the person sees for a failed upload, from the HTTP status and the API's code. */
export function uploadFailureMessage(status: number, code?: UploadErrorCode): string {
  if (status === 401 || code === 'unauthorized') return UPLOAD_MESSAGES.unauthorized
  if (status === 507 || code === 'quota-exceeded') return UPLOAD_MESSAGES.quotaExceeded
  if (status === 413 || status === 422) return UPLOAD_MESSAGES.invalidFormat
  return UPLOAD_MESSAGES.other
}

export class UploadFailedError extends Error {
  override name = 'UploadFailedError'
}

/** Waits before each retry of an upload that never reached the server. */
export const RETRY_DELAYS_MS = [800, 2000]

/**
 * Sends the photo with XMLHttpRequest, the one browser API that reports
 * upload progress. A connection that drops before the photo was fully sent
 * is retried; once it was sent, the server may have stored it, so a retry
 * could store it twice and is not made. An answer from the server is final.
 * Rejects with UploadFailedError carrying the message to show.
 */
export async function uploadImage({
  file,
  fileName,
  tags,
  originalSize,
  onProgress,
  retryDelaysMs = RETRY_DELAYS_MS,
}: {
  file: Blob
  fileName: string
  tags: string[]
  originalSize: number
  onProgress: (percent: number) => void
  retryDelaysMs?: number[]
}): Promise<GalleryImage> {
  const form = new FormData()
  form.append('file', file, fileName)
  for (const tag of tags) form.append('tags', tag)
  form.append('originalSize', String(originalSize))

  for (let attempt = 0; ; attempt++) {
    const outcome = await send(form, onProgress)
    if (outcome.kind === 'answered') {
      if (outcome.status === 201) return outcome.body as GalleryImage
      const code = (outcome.body as { code?: UploadErrorCode } | null)?.code
      throw new UploadFailedError(uploadFailureMessage(outcome.status, code))
    }
    const delay = outcome.sent ? undefined : retryDelaysMs[attempt]
    if (delay === undefined) throw new UploadFailedError(UPLOAD_MESSAGES.network)
    await new Promise((resolve) => setTimeout(resolve, delay))
  }
}

type Outcome =
  { kind: 'answered'; status: number; body: unknown } | { kind: 'unreachable'; sent: boolean }

function send(form: FormData, onProgress: (percent: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    let sent = false
    request.open('POST', '/api/gallery')
    request.responseType = 'json'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.upload.addEventListener('load', () => (sent = true))
    request.addEventListener('load', () =>
      resolve({ kind: 'answered', status: request.status, body: request.response as unknown }),
    )
    request.addEventListener('error', () => resolve({ kind: 'unreachable', sent }))
    request.addEventListener('timeout', () => resolve({ kind: 'unreachable', sent }))
    request.timeout = 120_000
    request.send(form)
  })
}
