/**
 * An inspiration photo as the browser keeps it until its order is sent: the
 * private key the server gave it and the small preview to show in the cart.
 * No `.server` suffix: the order form and the cart read it too.
 */
export interface QueuedPhoto {
  key: string
  /** A small WebP as a data: URL, so the cart shows the photo without asking the server. */
  preview: string
}

/** The most photos one order request may carry. */
export const MAX_INSPIRATION_PHOTOS = 3

/** A photo's key: at least 128 random bits in base64url (22 characters for 16 bytes). */
export const PHOTO_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/

const PREVIEW_PREFIX = 'data:image/webp;base64,'
/** A 160 px WebP is a few KB; anything far larger was not made by our server. */
const MAX_PREVIEW_LENGTH = 64 * 1024

/**
 * Whether a value read back from storage is a queued photo. Storage outlives
 * our code and can be edited by hand, so the preview must be the inline WebP
 * our server made: never a link that would make the cart fetch from elsewhere.
 */
export function isQueuedPhoto(value: unknown): value is QueuedPhoto {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { key, preview } = value as Record<string, unknown>
  return (
    typeof key === 'string' &&
    PHOTO_KEY_PATTERN.test(key) &&
    typeof preview === 'string' &&
    preview.length <= MAX_PREVIEW_LENGTH &&
    preview.startsWith(PREVIEW_PREFIX) &&
    /^[A-Za-z0-9+/]+=*$/.test(preview.slice(PREVIEW_PREFIX.length))
  )
}
