/**
 * A real, migrated database of its own for each test, removed when the test
 * ends. `TEST_DATABASE=pg` (with TEST_DATABASE_URL) makes it PostgreSQL:
 * a schema per test (filled from pg-template.ts, or one a test of the same
 * worker has finished with, its rows put back: kept-schemas.ts), reached
 * through the connection's search_path, so tests in parallel never see each
 * other's rows. Otherwise it is SQLite, a copy of a migrated template file
 * (sqlite-template.ts) in a temp folder.
 * Only tests import this.
 */
import { randomUUID } from 'node:crypto'
import { type Migration, type MigrationResultSet, Migrator, sql } from 'kysely'
import { onTestFinished } from 'vitest'
import { type DatabaseLocation, type Db, migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { isPostgres } from '#app/db/portable-schema.server.ts'
import { takeMigratedSchema } from './kept-schemas.ts'
import { type TestSchema, createTestSchema } from './pg-schema.ts'
import { placeMigratedDatabase } from './sqlite-template.ts'
import { makeTempDir } from './temp-dir.ts'

/** Which database the tests run on: TEST_DATABASE=sqlite (the default) or pg. */
export function testDatabaseKind(): 'sqlite' | 'pg' {
  const kind = process.env.TEST_DATABASE ?? 'sqlite'
  if (kind !== 'sqlite' && kind !== 'pg') {
    throw new Error(`TEST_DATABASE must be sqlite or pg, not ${kind}`)
  }
  return kind
}

/**
 * A DATABASE_URL for one test: on PostgreSQL a fresh, empty schema that is
 * dropped with everything in it when the test ends; on SQLite undefined (the
 * data folder holds the database). For tests that start the app's own way.
 */
export async function makeTestDatabaseUrl(): Promise<string | undefined> {
  return testSchemaUrl(createTestSchema)
}

async function testSchemaUrl(
  create: (serverUrl: string) => Promise<TestSchema>,
): Promise<string | undefined> {
  if (testDatabaseKind() === 'sqlite') return undefined
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DATABASE=pg needs TEST_DATABASE_URL (postgres://…)')
  const schema = await create(serverUrl)
  onTestFinished(() => schema.drop())
  return schema.url
}

/**
 * The database, migrated, with the location that opens it again (a second
 * connection, as a second process would have).
 */
export async function openTestDatabase(
  dataDir?: string,
): Promise<{ db: Db; dataDir: string; location: DatabaseLocation }> {
  const dir = dataDir ?? (await makeTempDir())
  // A copy of the migrated template (a file on SQLite, a schema's SQL on
  // PostgreSQL), made by migrateToLatest once a run: whole, so not migrated again.
  const location = { dataDir: dir, url: await testSchemaUrl(takeMigratedSchema) }
  if (!location.url) await placeMigratedDatabase(dir)
  const db = openTestConnection(location)
  await newVersionTokens(db)
  return { db, dataDir: dir, location }
}

/**
 * A copy starts with its template's page and booking versions; a migrated
 * database has random ones of its own. New ones, so that what a test keeps
 * by version in memory (cached pages, availability answers) is never
 * another test's.
 */
async function newVersionTokens(db: Db) {
  for (const table of ['page_version', 'booking_version'] as const) {
    await db.updateTable(table).set({ token: randomUUID() }).where('id', '=', 1).execute()
  }
}

/**
 * A database migrated by the migrations themselves, not copied from the
 * template: for what the migrations make afresh for each install.
 */
export async function openFreshlyMigratedDatabase(): Promise<Db> {
  const location = { dataDir: await makeTempDir(), url: await makeTestDatabaseUrl() }
  const db = openTestConnection(location)
  await migrateToLatest(db)
  return db
}

/**
 * Runs exactly `migrations` on `db`, as a site of an earlier version ran
 * them, with Kysely's bookkeeping in the test's own schema on PostgreSQL:
 * for what an upgrade does to the rows it finds.
 */
export async function migrateWith(
  db: Db,
  migrations: Record<string, Migration>,
  options: { allowUnorderedMigrations?: boolean } = {},
): Promise<MigrationResultSet> {
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
    : undefined
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    ...options,
  }).migrateToLatest()
}

/** Another connection to a test's database, closed when the test ends. */
export function openTestConnection(location: DatabaseLocation): Db {
  const db = openDatabase(location)
  onTestFinished(() => db.destroy())
  return db
}

/**
 * Two independent connections to one database, as two instances of the site
 * have: each with its own connection (and, on SQLite, its own file handle
 * and locks), migrated once.
 */
export async function openTwoInstances(): Promise<[Db, Db]> {
  const { db, location } = await openTestDatabase()
  return [db, openTestConnection(location)]
}

/**
 * A migrated SQLite database in a temp folder, whatever TEST_DATABASE says:
 * for what only the embedded default has (its backups).
 */
export async function openTestSqliteDatabase(): Promise<{ db: Db; dataDir: string }> {
  const dataDir = await makeTempDir()
  const db = openTestConnection({ dataDir })
  await migrateToLatest(db)
  return { db, dataDir }
}
