import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupCounts,
  BackupError,
  type BackupManifest,
  DATABASE_FILE,
  MANIFEST_FILE,
  hashFile,
  inspectDatabase,
  isSafeArchivePath,
} from './backup-archive.server.ts'

export type RestoreSummary = BackupCounts & { createdAt: string; replaced: boolean }

const STAGING_PREFIX = '.restore-'
const REPLACED_PREFIX = '.replaced-'

/**
 * Restores an archive made by createBackup into DATA_DIR, which must be
 * empty unless `force` (then everything in it is replaced). The archive is
 * checked entry by entry, extracted into a hidden folder inside DATA_DIR (one
 * file system, so moving into place is a rename even when DATA_DIR is a
 * mounted volume), checked against its manifest, and its database opened
 * and checked; only then does anything in DATA_DIR move. A failure at any
 * step leaves DATA_DIR as it was. Run it while the server is stopped.
 */
export async function restoreBackup({
  archive,
  dataDir,
  force = false,
}: {
  archive: string
  dataDir: string
  force?: boolean
}): Promise<RestoreSummary> {
  if (!existsSync(archive)) throw new BackupError(`There is no archive at ${archive}.`)
  const existing = existsSync(dataDir) ? await readdir(dataDir) : []
  if (existing.length > 0 && !force) {
    throw new BackupError(
      `DATA_DIR (${dataDir}) is not empty. Restore into an empty folder, or add --force to replace its database, media and secret with the archive's.`,
    )
  }
  await checkEntries(archive)

  const created = !existsSync(dataDir)
  await mkdir(dataDir, { recursive: true })
  const staging = await mkdtemp(path.join(dataDir, STAGING_PREFIX))
  const tar = await import('tar')
  try {
    await tar.x({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (entryPath) => isSafeArchivePath(entryPath),
    })
    const manifest = await checkManifest(staging)
    const records = inspectDatabase(path.join(staging, DATABASE_FILE))
    if (records.orders !== manifest.counts.orders || records.photos !== manifest.counts.photos) {
      throw new BackupError(`${archive} does not match its manifest's counts.`)
    }
    await rm(path.join(staging, MANIFEST_FILE))
    await swapInto(dataDir, staging, existing)
    return { ...manifest.counts, createdAt: manifest.createdAt, replaced: existing.length > 0 }
  } catch (error) {
    await rm(staging, { recursive: true, force: true })
    if (created) await rmdir(dataDir).catch(() => undefined)
    if (error instanceof BackupError) throw error
    throw new BackupError(`${archive} could not be restored: ${(error as Error).message}`)
  }
}

/** Every entry a plain file or folder at a path of ours, before anything is written. */
async function checkEntries(archive: string): Promise<void> {
  const problems: string[] = []
  // Loaded here, not with the server: restores are rare and run while it is stopped.
  const tar = await import('tar')
  try {
    await tar.t({
      file: archive,
      strict: true,
      onReadEntry: (entry) => {
        if (!isSafeArchivePath(entry.path))
          problems.push(`unsafe path ${JSON.stringify(entry.path)}`)
        else if (entry.type !== 'File' && entry.type !== 'Directory') {
          problems.push(`${entry.path} is a ${entry.type}, not a file`)
        }
        entry.resume()
      },
    })
  } catch (error) {
    throw new BackupError(`${archive} is not a backup archive: ${(error as Error).message}`)
  }
  if (problems.length > 0) {
    throw new BackupError(`${archive} is refused: ${problems.slice(0, 5).join('; ')}`)
  }
}

/** The manifest says it is ours, and lists exactly the files extracted, byte for byte. */
async function checkManifest(staging: string): Promise<BackupManifest> {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(
      await readFile(path.join(staging, MANIFEST_FILE), 'utf8'),
    ) as BackupManifest
  } catch {
    throw new BackupError(`The archive has no readable ${MANIFEST_FILE}: it is not a site backup.`)
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(`The archive's ${MANIFEST_FILE} is not a site backup's.`)
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `The archive is format version ${String(manifest.version)}; this site reads version ${BACKUP_VERSION}.`,
    )
  }
  const extracted = (await listFiles(staging)).filter((file) => file !== MANIFEST_FILE)
  const listed = Object.keys(manifest.files ?? {})
  const unlisted = extracted.filter((file) => !(file in manifest.files))
  const absent = listed.filter((file) => !extracted.includes(file))
  if (unlisted.length > 0 || absent.length > 0) {
    throw new BackupError(
      `The archive does not match its manifest: ${[...unlisted.map((f) => `${f} unlisted`), ...absent.map((f) => `${f} missing`)].slice(0, 5).join(', ')}.`,
    )
  }
  for (const file of listed) {
    const full = path.join(staging, file)
    const expected = manifest.files[file]!
    if ((await stat(full)).size !== expected.size || (await hashFile(full)) !== expected.sha256) {
      throw new BackupError(`The archive's ${file} differs from its manifest: it was altered.`)
    }
  }
  if (!listed.includes(DATABASE_FILE)) throw new BackupError(`The archive has no ${DATABASE_FILE}.`)
  return manifest
}

async function listFiles(root: string, relative = ''): Promise<string[]> {
  const files: string[] = []
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const child = path.posix.join(relative, entry.name)
    if (entry.isDirectory()) files.push(...(await listFiles(root, child)))
    else files.push(child)
  }
  return files
}

/**
 * Moves what DATA_DIR held aside (the old database's -wal and -shm files
 * too, which must never meet the restored one), then the restored entries
 * in, each by a rename; any failure moves everything back.
 */
async function swapInto(dataDir: string, staging: string, existing: string[]): Promise<void> {
  const aside = await mkdtemp(path.join(dataDir, REPLACED_PREFIX))
  const movedAside: string[] = []
  const movedIn: string[] = []
  try {
    for (const name of existing) {
      await rename(path.join(dataDir, name), path.join(aside, name))
      movedAside.push(name)
    }
    for (const name of await readdir(staging)) {
      await rename(path.join(staging, name), path.join(dataDir, name))
      movedIn.push(name)
    }
  } catch (error) {
    for (const name of movedIn.reverse()) {
      await rename(path.join(dataDir, name), path.join(staging, name))
    }
    for (const name of movedAside.reverse()) {
      await rename(path.join(aside, name), path.join(dataDir, name))
    }
    await rmdir(aside)
    throw error
  }
  await rm(aside, { recursive: true, force: true })
  await rmdir(staging)
}
