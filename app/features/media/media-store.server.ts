import type { Readable } from 'node:stream'

/*
 * What every media store is, and nothing else: the interface both stores
 * implement (local-media-store, s3-media-store) and the rest of the site
 * types against. It imports neither store, so a store can import it without
 * an import circle; open-media-store picks the store at boot.
 */

/** The URL path the store's public folders are served at (server/media.ts). */
export const MEDIA_URL_PATH = '/media'

/** Every stored photo is a fresh name for its content (decision 006): cache it for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * An unrecorded object younger than this may be an upload another instance
 * is finishing right now; the sweep leaves it for a later boot.
 */
export const STRAY_MIN_AGE_MS = 60 * 60 * 1000

export interface StoredObject {
  body: Readable
  contentType: string
  contentLength?: number
  etag?: string
  lastModified?: Date
}

export interface ListedObject {
  key: string
  lastModified: Date
}

/**
 * Where processed photos live, by key (`gallery/{timestamp}_{safe-name}-{w}w.{ext}`):
 * a folder under DATA_DIR (MEDIA_STORE=local) or an S3-compatible bucket.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3'
  /** On this machine: where an incoming upload is spooled before it is processed. */
  readonly uploadFolder: string
  /**
   * How old an unrecorded object must be before the sweep removes it: none
   * for a folder only this process writes to, an hour for a shared bucket.
   */
  readonly strayMinAgeMs: number
  /** Stores a complete object; it is never seen half-written under its key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object, or undefined when there is no such key. */
  get(key: string): Promise<StoredObject | undefined>
  /** Removes the object; one already gone is fine. */
  delete(key: string): Promise<void>
  /** Every key under a prefix (`gallery/`), with when it was written. */
  list(prefix: string): Promise<ListedObject[]>
}
