import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { migrations } from './migrations.server.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(dataDir, 'bakery.sqlite'))
  // WAL lets the page renders read while the mail worker writes; the busy
  // timeout turns a momentary lock into a short wait instead of an error.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`migration ${result.migrationName} failed`)
  }
  if (error) throw error
}

export async function isDatabaseHealthy(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}

let current: Db | undefined

/** The process-wide connection, opened by the server at boot. */
export function getDb(): Db {
  if (!current) throw new Error('The database is not open yet: call setDatabase() at boot.')
  return current
}

export function setDatabase(db: Db): void {
  current = db
}

export async function closeDatabase(): Promise<void> {
  await current?.destroy()
  current = undefined
}
