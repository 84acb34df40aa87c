import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { Env } from '#app/config/env.server.ts'

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

export interface LocalMediaStore extends MediaStore {
  readonly kind: 'local'
  /** The folder keys are paths under: DATA_DIR/media. */
  readonly root: string
}

/**
 * Photos as files under DATA_DIR/media. Each is written under a hidden
 * temporary name and renamed when complete, so a crash leaves only hidden
 * files (never served, swept at boot). One process owns the folder and the
 * sweep runs before it takes uploads, so every stray goes at once.
 */
export function createLocalMediaStore(dataDir: string): LocalMediaStore {
  const root = path.join(dataDir, 'media')
  const fileFor = (key: string) => {
    const file = path.resolve(root, key)
    if (!file.startsWith(root + path.sep)) throw new Error(`Not a media key: ${key}`)
    return file
  }
  return {
    kind: 'local',
    root,
    uploadFolder: path.join(root, 'gallery'),
    strayMinAgeMs: 0,
    async put(key, body) {
      const file = fileFor(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(4).toString('hex')}.part`,
      )
      try {
        await writeFile(temp, body)
        await rename(temp, file)
      } catch (error) {
        await rm(temp, { force: true })
        throw error
      }
    },
    async get(key) {
      const file = fileFor(key)
      const stats = await stat(file).catch(() => undefined)
      if (!stats?.isFile()) return undefined
      return {
        body: createReadStream(file),
        contentType: contentTypeFor(key),
        contentLength: stats.size,
        lastModified: stats.mtime,
      }
    },
    async delete(key) {
      await rm(fileFor(key), { force: true })
    },
    async list(prefix) {
      const folder = fileFor(prefix)
      let entries: string[]
      try {
        entries = await readdir(folder)
      } catch {
        return []
      }
      return Promise.all(
        entries.map(async (entry) => ({
          key: `${prefix}${entry}`,
          lastModified: (await stat(path.join(folder, entry))).mtime,
        })),
      )
    },
  }
}

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
}

/** The media type of a stored photo, from its key's extension. */
export function contentTypeFor(key: string): string {
  const extension = path.extname(key).slice(1).toLowerCase()
  return CONTENT_TYPES[extension] ?? 'application/octet-stream'
}

/**
 * The store MEDIA_STORE names, checked before the site serves: a bucket
 * that is missing or refuses us stops the boot with EnvError naming the
 * variable to fix.
 */
export async function openMediaStore(env: Env): Promise<MediaStore> {
  if (env.MEDIA_STORE === 'local') return createLocalMediaStore(env.DATA_DIR)
  const { createS3MediaStore } = await import('./s3-media-store.server.ts')
  const store = createS3MediaStore({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    uploadFolder: path.join(env.DATA_DIR, 'uploads'),
  })
  await store.check()
  return store
}

let current: MediaStore | undefined

/** The store opened at boot (server/app.ts). */
export function getMediaStore(): MediaStore {
  if (!current) throw new Error('The media store is not open yet.')
  return current
}

export function setMediaStore(store: MediaStore | undefined): void {
  current = store
}
