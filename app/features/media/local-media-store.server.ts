import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { MediaStore } from './media-store.server.ts'

/** The folder under DATA_DIR that holds the local store's objects (and that a backup copies). */
export const LOCAL_MEDIA_FOLDER = 'media'

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
  const root = path.join(dataDir, LOCAL_MEDIA_FOLDER)
  const fileFor = (key: string) => {
    const file = path.resolve(root, key)
    if (!file.startsWith(root + path.sep)) throw new Error(`Not a media key: ${key}`)
    return file
  }
  return {
    kind: 'local',
    root,
    // Spooled beside the gallery's photos, hidden: the gallery's boot sweep
    // removes what a crashed upload of either kind left there.
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
