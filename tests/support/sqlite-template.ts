/**
 * SQLite databases made migrated: the migrations run once into a template
 * file, named after the source that makes it (templateSources), and each
 * test starts from a copy of it. Built in a folder of its own and renamed into place when
 * whole, so a process never copies a half-built one. Only tests import this.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'

const DB_FOLDER = path.resolve(import.meta.dirname, '../../app/db')

/**
 * What a migrated database is made by: every source file under app/db but
 * the tests (the migrations in app/db/migrations, their list, the helpers
 * they call, migrateToLatest). More than the migrations alone, so that no
 * change to what they use can leave a stale template in use.
 */
export function templateSources(): string[] {
  return readdirSync(DB_FOLDER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort()
}

/** Those files, hashed: a template made from other migrations is never used. */
export function migrationsHash(): string {
  const hash = createHash('sha256')
  for (const file of templateSources()) {
    hash.update(file).update(readFileSync(path.join(DB_FOLDER, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

const TEMPLATES = path.resolve(import.meta.dirname, '../../node_modules/.cache/bakery-sqlite')
/** The file openDatabase keeps in its data folder. */
const DATABASE_FILE = 'bakery.sqlite'

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  )
}

async function buildTemplate(): Promise<string> {
  const template = path.join(TEMPLATES, `${migrationsHash()}.sqlite`)
  if (await exists(template)) return template
  await mkdir(TEMPLATES, { recursive: true })
  const building = await mkdtemp(path.join(TEMPLATES, 'building-'))
  try {
    const db = openDatabase({ dataDir: building })
    await migrateToLatest(db)
    // Closing folds the write-ahead log into the file: the copy is whole.
    await db.destroy()
    await rename(path.join(building, DATABASE_FILE), template)
  } finally {
    await rm(building, { recursive: true, force: true })
  }
  return template
}

const key = '__bakerySqliteTemplate'

/**
 * Puts a migrated database into an empty data folder; a folder that holds
 * one already (a test reopening its own) is left as it is.
 */
export async function placeMigratedDatabase(dataDir: string): Promise<void> {
  const target = path.join(dataDir, DATABASE_FILE)
  if (await exists(target)) return
  // Kept on globalThis: each test file has its own modules, the process one template.
  const holder = globalThis as unknown as Record<string, Promise<string> | undefined>
  holder[key] ??= buildTemplate()
  await copyFile(await holder[key], target)
}
