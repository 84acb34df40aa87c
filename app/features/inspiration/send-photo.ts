import type { QueuedPhoto } from './queued-photo.ts'

/** Where the order form sends a customer's photo (app/routes/api.inspiration-photos.ts). */
export const INSPIRATION_UPLOAD_PATH = '/api/inspiration-photos'

export const SEND_MESSAGES = {
  network: 'The photo could not be sent. Please check your connection and try again.',
  other: 'Something went wrong sending the photo. Please try again.',
} as const

/** The photo was not stored; the message is for the person, as it is. */
export class PhotoNotSentError extends Error {
  override name = 'PhotoNotSentError'
}

/**
 * What to tell the person for a failed upload: the server's own message
 * (every refusal carries one written for people), or ours when the answer
 * has none (a proxy's error page, say).
 */
export function sendFailureMessage(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error
  return typeof error === 'string' && error.trim() !== '' ? error : SEND_MESSAGES.other
}

/**
 * Sends one (already compressed) photo. XMLHttpRequest, not fetch: it is
 * the one browser API that reports upload progress. Rejects with
 * PhotoNotSentError carrying the message to show.
 */
export function sendInspirationPhoto(
  file: Blob,
  { fileName, onProgress }: { fileName: string; onProgress: (percent: number) => void },
): Promise<QueuedPhoto> {
  const form = new FormData()
  form.append('file', file, fileName)
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', INSPIRATION_UPLOAD_PATH)
    request.responseType = 'json'
    request.timeout = 120_000
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () => {
      const body = request.response as unknown
      const photo = body as Partial<QueuedPhoto> | null
      if (request.status === 201 && typeof photo?.key === 'string' && photo.preview) {
        resolve({ key: photo.key, preview: photo.preview })
      } else {
        reject(new PhotoNotSentError(sendFailureMessage(body)))
      }
    })
    const unreachable = () => reject(new PhotoNotSentError(SEND_MESSAGES.network))
    request.addEventListener('error', unreachable)
    request.addEventListener('timeout', unreachable)
    request.send(form)
  })
}
