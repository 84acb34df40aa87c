import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync } from 'node:fs'
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import SQLite from 'better-sqlite3'
import {
  AUTH_SECRET_FILE,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupCounts,
  BackupError,
  type BackupManifest,
  DATABASE_FILE,
  MAIL_FOLDER,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  hashFile,
  inspectDatabase,
} from './backup-archive.server.ts'

export interface BackupSummary extends BackupCounts {
  archive: string
  bytes: number
  /** False when DATA_DIR had none: AUTH_SECRET is set, or the server never started. */
  authSecret: boolean
}

/**
 * Writes a .tar.gz of DATA_DIR's state while the site keeps running: a
 * snapshot of the database by SQLite's online backup API, then the photos,
 * the auth secret and the delivered .eml files, with a manifest of every
 * file's hash. The archive is written under a temporary name beside its
 * final one and renamed when complete, so a failed backup never leaves half
 * an archive under the name a restore would look for.
 */
export async function createBackup({
  dataDir,
  archive,
  now = new Date(),
}: {
  dataDir: string
  archive: string
  now?: Date
}): Promise<BackupSummary> {
  const database = path.join(dataDir, DATABASE_FILE)
  if (!existsSync(database)) {
    throw new BackupError(`There is no database at ${database}: is DATA_DIR right?`)
  }
  if (!existsSync(path.dirname(archive))) {
    throw new BackupError(`The folder ${path.dirname(archive)} does not exist.`)
  }
  const staging = await mkdtemp(path.join(tmpdir(), 'bakery-backup-'))
  const partial = path.join(
    path.dirname(archive),
    `.${path.basename(archive)}.${randomBytes(6).toString('hex')}.partial`,
  )
  try {
    const { counts, files } = await stageDataDir(dataDir, staging)
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      counts,
      files,
    }
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
    // Loaded here, not at start: a server makes a backup a day at most.
    const tar = await import('tar')
    // The archive carries the auth secret: readable by its owner only.
    await pipeline(
      tar.c({ gzip: true, cwd: staging, portable: true }, [
        MANIFEST_FILE,
        ...Object.keys(files).sort(),
      ]),
      createWriteStream(partial, { mode: 0o600 }),
    )
    await rename(partial, archive)
    return {
      archive,
      bytes: (await stat(archive)).size,
      authSecret: AUTH_SECRET_FILE in files,
      ...counts,
    }
  } finally {
    await rm(partial, { force: true })
    await rm(staging, { recursive: true, force: true })
  }
}

/**
 * Database first, files second: a photo's files are written before its
 * record, so every record in the snapshot has its files by then, unless the
 * owner deleted that photo in between. That is checked, and the snapshot
 * taken again once.
 */
async function stageDataDir(
  dataDir: string,
  staging: string,
): Promise<{ counts: BackupCounts; files: BackupManifest['files'] }> {
  for (let attempt = 1; ; attempt++) {
    await snapshotDatabase(path.join(dataDir, DATABASE_FILE), path.join(staging, DATABASE_FILE))
    const records = inspectDatabase(path.join(staging, DATABASE_FILE))
    const media = await stageFolder(dataDir, staging, MEDIA_FOLDER, () => true)
    const mail = await stageFolder(dataDir, staging, MAIL_FOLDER, (name) => name.endsWith('.eml'))
    const secret = existsSync(path.join(dataDir, AUTH_SECRET_FILE))
      ? [await stageFile(dataDir, staging, AUTH_SECRET_FILE)]
      : []
    const staged = new Set(media)
    const missing = records.mediaFiles.filter((file) => !staged.has(file))
    if (missing.length > 0) {
      await Promise.all(
        [DATABASE_FILE, MEDIA_FOLDER, MAIL_FOLDER, AUTH_SECRET_FILE].map((name) =>
          rm(path.join(staging, name), { recursive: true, force: true }),
        ),
      )
      if (attempt < 2) continue
      throw new BackupError(
        `The database lists photo files that are not in ${path.join(dataDir, MEDIA_FOLDER)}: ${missing.join(', ')}`,
      )
    }
    const files: BackupManifest['files'] = {}
    for (const file of [DATABASE_FILE, ...secret, ...media, ...mail]) {
      const full = path.join(staging, file)
      files[file] = { size: (await stat(full)).size, sha256: await hashFile(full) }
    }
    return {
      counts: {
        orders: records.orders,
        messages: records.messages,
        photos: records.photos,
        mediaFiles: media.length,
        mailFiles: mail.length,
      },
      files,
    }
  }
}

/**
 * SQLite's online backup: it reads a consistent snapshot while the server
 * keeps writing (WAL mode). All pages go in one step, so writes that land
 * meanwhile never restart the copy.
 */
async function snapshotDatabase(source: string, destination: string): Promise<void> {
  const sqlite = new SQLite(source, { fileMustExist: true })
  try {
    sqlite.pragma('busy_timeout = 5000')
    await sqlite.backup(destination, { progress: () => 0x7fffffff })
  } finally {
    sqlite.close()
  }
}

/**
 * Every file under `folder` whose name passes `keep`, as paths in the archive.
 * Hidden names are uploads and emails still being written: left out.
 */
async function stageFolder(
  dataDir: string,
  staging: string,
  folder: string,
  keep: (name: string) => boolean,
): Promise<string[]> {
  let entries
  try {
    entries = await readdir(path.join(dataDir, folder), { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const staged: string[] = []
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const relative = path.posix.join(folder, entry.name)
    if (entry.isDirectory()) {
      staged.push(...(await stageFolder(dataDir, staging, relative, keep)))
    } else if (entry.isFile() && keep(entry.name)) {
      // A file that vanished since the listing was deleted meanwhile: not part of the backup.
      const copied = await stageFile(dataDir, staging, relative).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      })
      if (copied) staged.push(copied)
    }
  }
  return staged
}

/**
 * Photos and emails are never changed once written, so a hard link is a copy
 * that costs nothing; across file systems it is a real copy.
 */
async function stageFile(dataDir: string, staging: string, relative: string): Promise<string> {
  const destination = path.join(staging, relative)
  await mkdir(path.dirname(destination), { recursive: true })
  try {
    await link(path.join(dataDir, relative), destination)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EXDEV' && code !== 'EPERM') throw error
    await copyFile(path.join(dataDir, relative), destination)
  }
  return relative
}
