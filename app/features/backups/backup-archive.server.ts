import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { EnvError, getEnv } from '#app/config/env.server.ts'
import { LOCAL_MEDIA_FOLDER } from '#app/features/media/local-media-store.server.ts'
import { MEDIA_URL_PATH } from '#app/features/media/media-store.server.ts'

/**
 * What a backup archive holds, shared by `npm run backup` and `npm run restore`.
 * The names follow DATA_DIR's layout: the database file db.server.ts opens,
 * the secret admins.server.ts keeps, the local media store's folder and the file
 * transport's .eml folder.
 */
export const DATABASE_FILE = 'bakery.sqlite'
export const AUTH_SECRET_FILE = 'auth-secret'
export const MEDIA_FOLDER = LOCAL_MEDIA_FOLDER
export const MAIL_FOLDER = 'mail'
export const MANIFEST_FILE = 'backup.json'
/** Where a recorded photo's URL starts: what follows is its path in the media folder. */
const URL_PREFIX = new RegExp(`^${MEDIA_URL_PATH}/`)
const TOP_LEVEL = new Set([
  MANIFEST_FILE,
  DATABASE_FILE,
  AUTH_SECRET_FILE,
  MEDIA_FOLDER,
  MAIL_FOLDER,
])

export const BACKUP_FORMAT = 'butter-and-bloom-backup'
export const BACKUP_VERSION = 1

export interface BackupCounts {
  orders: number
  messages: number
  photos: number
  mediaFiles: number
  mailFiles: number
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_VERSION
  createdAt: string
  counts: BackupCounts
  /** Every file in the archive but this manifest, by its path in the archive. */
  files: Record<string, { size: number; sha256: string }>
}

/** A refusal or failure the commands report in one message, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError'
}

/**
 * The scaled-out setup keeps its state in PostgreSQL and a bucket, which
 * these commands cannot see: a backup of DATA_DIR there would look complete
 * and hold nothing. Read from the raw environment, so the refusal holds
 * whatever the env module knows about these variables.
 */
export function scaledOutRefusal(env: Record<string, string | undefined>): string | undefined {
  if (env.DATABASE_URL) {
    return 'DATABASE_URL is set: the database is PostgreSQL, which this command does not cover. Back it up with pg_dump and restore with pg_restore (see the README, Backups).'
  }
  if (env.MEDIA_STORE === 's3') {
    return 'MEDIA_STORE=s3 is set: the photos are in a bucket, which this command does not cover. Protect them with bucket versioning (see the README, Backups).'
  }
  return undefined
}

/**
 * A path an archive of ours may hold: relative, without `..`, inside one of
 * the known top-level names. Tar's extractor strips absolute paths and skips
 * `..` on its own; this refuses the archive instead of half-extracting it.
 */
export function isSafeArchivePath(entryPath: string): boolean {
  if (entryPath.includes('\0') || entryPath.includes('\\')) return false
  if (path.posix.isAbsolute(entryPath) || /^[a-z]:/i.test(entryPath)) return false
  const segments = entryPath.replace(/\/+$/, '').split('/')
  if (segments.some((segment) => segment === '..' || segment === '')) return false
  return TOP_LEVEL.has(segments[0]!)
}

export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * Opens a database file on its own, checks it page by page, and counts what
 * the owner would look for. Throws BackupError when it is not sound.
 */
export function inspectDatabase(file: string): {
  orders: number
  messages: number
  photos: number
  /** Paths under media/ that the gallery's records list. */
  mediaFiles: string[]
} {
  let sqlite: SQLite.Database
  try {
    sqlite = new SQLite(file, { fileMustExist: true })
  } catch (error) {
    throw new BackupError(`The database ${file} does not open: ${(error as Error).message}`)
  }
  try {
    const check = sqlite.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new BackupError(`The database ${file} is damaged: ${String(check)}`)
    const count = (table: string) =>
      (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
    const variants = sqlite.prepare('select variants from gallery_image').all() as {
      variants: string
    }[]
    return {
      orders: count('order_request'),
      messages: count('contact_message'),
      photos: variants.length,
      // Each variant's src is its URL, /media/gallery/{file}, which maps onto media/gallery/{file}.
      mediaFiles: variants.flatMap((row) =>
        (JSON.parse(row.variants) as { src: string }[]).map((variant) =>
          path.posix.join(MEDIA_FOLDER, variant.src.replace(URL_PREFIX, '')),
        ),
      ),
    }
  } catch (error) {
    if (error instanceof BackupError) throw error
    throw new BackupError(`The database ${file} is not the site's: ${(error as Error).message}`)
  } finally {
    sqlite.close()
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/**
 * How `npm run backup` and `npm run restore` run once their arguments are
 * read: refuse the scaled-out setup, resolve the archive's name from where
 * the command was typed (npm runs scripts from the project folder), do the
 * work, and print its summary, or the reason it was refused, as exit 1.
 */
export async function runArchiveCommand(
  file: string,
  work: (options: { dataDir: string; archive: string }) => Promise<string>,
): Promise<number> {
  const refusal = scaledOutRefusal(process.env)
  if (refusal) {
    console.error(refusal)
    return 1
  }
  try {
    const { DATA_DIR } = getEnv()
    const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
    console.log(await work({ dataDir: DATA_DIR, archive }))
    return 0
  } catch (error) {
    if (error instanceof BackupError || error instanceof EnvError) {
      console.error(error.message)
      return 1
    }
    throw error
  }
}
