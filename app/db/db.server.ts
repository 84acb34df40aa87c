import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql, type Transaction } from 'kysely'
import type pg from 'pg'
import { renamePreviousMigrations } from './migration-names.server.ts'
import { migrations } from './migrations.server.ts'
import { OwnSchemaPostgresDialect } from './own-schema-introspector.server.ts'
import { isPostgres } from './portable-schema.server.ts'
import type { Database } from './schema.ts'

export type Db = Kysely<Database>

/** Where the data lives: PostgreSQL at `url` when given, else SQLite in `dataDir`. */
export interface DatabaseLocation {
  dataDir: string
  /** A postgres:// or postgresql:// URL (DATABASE_URL). */
  url?: string | undefined
}

export function openDatabase({ dataDir, url }: DatabaseLocation): Db {
  return url ? openPostgres(url) : openSqlite(dataDir)
}

function openSqlite(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(dataDir, 'bakery.sqlite'))
  // WAL lets the page renders read while the mail worker writes; the busy
  // timeout turns a momentary lock into a short wait instead of an error.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // Deleted and overwritten rows are zeroed in the file rather than left in
  // free space, so an erased customer cannot be read back from its bytes.
  sqlite.pragma('secure_delete = ON')
  // The planner picks between indexes by the statistics ANALYZE leaves; with
  // none it can prefer the status index to the small partial one of open
  // quotes and read every quoted row whole. SQLite's advice for a long-lived
  // connection: optimize on open (0x10002 analyzes any table that needs it,
  // within a bounded effort) — a few hundred ms on a 100k book, once a boot.
  sqlite.pragma('optimize = 0x10002')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

const INT8_OID = 20

/**
 * pg hands bigint (int8) back as a string, since not every int8 fits a JS
 * number. Ours are epoch milliseconds, counts and sums, all far below 2^53,
 * so they come back as numbers like SQLite's; one that did not fit would be
 * a corrupt value, so it throws rather than silently losing digits.
 */
function parseInt8(value: string): number {
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed)) {
    throw new RangeError(`A bigint from the database does not fit a JS number: ${value}`)
  }
  return parsed
}

/**
 * Loaded only when DATABASE_URL asks for PostgreSQL: the embedded default
 * never needs pg, and it is ~8 MB of every server's memory. Synchronous
 * (pg is CommonJS), so opening a database stays synchronous.
 */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof pg

function openPostgres(url: string): Db {
  const { Pool, types } = loadPg()
  const pgTypes: pg.CustomTypesConfig = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? parseInt8
        : types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  }
  // The parser is the pool's own, not pg's global one, so nothing else in
  // the process that uses pg is changed by it.
  const pool = new Pool({ connectionString: url, types: pgTypes, max: 10 })
  // An idle connection the server drops (a restart, a failover) must not
  // crash the process; the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`database: idle connection lost: ${error.message}`))
  return new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) })
}

/** DATABASE_URL with its password hidden, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'DATABASE_URL'
  }
}

export async function migrateToLatest(db: Db): Promise<void> {
  const schema = isPostgres(db) ? await currentSchema(db) : undefined
  // A database migrated before the migrations were renumbered lists them by
  // their old names; Kysely would refuse it as missing them (decision 089).
  await renamePreviousMigrations(db, schema)
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely's bookkeeping tables are the site's schema's, even where the
    // database holds other sites (or tests) with tables of the same names.
    migrationTableSchema: schema,
  })
  const { error, results } = await migrator.migrateToLatest()
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`migration ${result.migrationName} failed`)
  }
  if (error) throw error
  // New indexes get their statistics now, not at the next boot (see openSqlite).
  if (!isPostgres(db) && results?.length) await sql`pragma optimize = 0x10002`.execute(db)
}

/**
 * Makes transactions that read, decide, then write (is there room under the
 * quota? is that day still free?) run one at a time per `name`. PostgreSQL
 * runs them side by side, so there a lock held until the transaction ends
 * (an advisory one: no table is blocked for readers) does. Within one
 * process SQLite already does (Kysely gives its one connection to one
 * transaction at a time); for a second connection to the file (a backup, a
 * worker), a write that changes nothing takes SQLite's write lock before
 * anything is read, so the other waits its busy timeout instead of both
 * reading the same free capacity or one failing as locked.
 */
export async function serializeTransactions(trx: Transaction<Database>, name: string) {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx)
  else await sql`update app_state set value = value where 0`.execute(trx)
}

/**
 * Runs `task` while holding a PostgreSQL advisory lock named `name` (within
 * the current schema) on a connection of its own, so instances of the site
 * starting at once on one database do it one after the other. On SQLite it
 * simply runs: one instance has the file.
 */
export async function oneInstanceAtATime<T>(
  db: Db,
  name: string,
  task: () => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return task()
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext(current_schema() || ':' || ${name})`
    await sql`select pg_advisory_lock(${key})`.execute(connection)
    try {
      return await task()
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection)
    }
  })
}

/**
 * After an erasure: copies every committed page from SQLite's write-ahead
 * log into the database file and empties the log, which otherwise keeps the
 * erased rows' old versions until the next automatic checkpoint. It waits
 * (the busy timeout) for readers in other processes to move on; false when
 * one still held an old snapshot, so the log keeps frames until the next
 * checkpoint. PostgreSQL keeps no such file in DATA_DIR (decision 031).
 */
export async function emptyWriteAheadLog(db: Db): Promise<boolean> {
  if (isPostgres(db)) return true
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db)
  return rows[0]?.busy === 0
}

/** A write refused by a unique constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false
  // better-sqlite3's SqliteError, and PostgreSQL's SQLSTATE unique_violation.
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505'
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new Error('The database has no schema on its search_path to migrate.')
  return schema
}

export async function isDatabaseHealthy(
  db: Db,
  onError?: (error: unknown) => void,
): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch (error) {
    onError?.(error)
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
