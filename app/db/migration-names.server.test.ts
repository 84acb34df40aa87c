import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { makeTestDatabaseUrl, openTestConnection, migrateWith } from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { type DatabaseLocation, type Db, migrateToLatest } from './db.server.ts'
import { PREVIOUS_NAMES, renamePreviousMigrations } from './migration-names.server.ts'
import { MIGRATION_LIST } from './migrations.server.ts'
import { isPostgres } from './portable-schema.server.ts'

const NAMES = MIGRATION_LIST.map(([name]) => name)
const OLD_NAMES = new Map(Object.entries(PREVIOUS_NAMES).map(([before, after]) => [after, before]))
const oldName = (name: string) => OLD_NAMES.get(name) ?? name

/**
 * Migrates as the site did before the migrations were numbered by their
 * place: the first `count` of them under their old names, which Kysely ran
 * in the order it sorted those names in.
 */
async function migrateAsBefore(db: Db, count = MIGRATION_LIST.length) {
  const old = MIGRATION_LIST.slice(0, count).map(([name, migration]) => [oldName(name), migration])
  const { error, results } = await migrateWith(db, Object.fromEntries(old))
  expect(error).toBeUndefined()
  expect(results?.map((result) => result.migrationName)).toEqual(old.map(([name]) => name))
}

/** What kysely_migration records: each migration run, by name, and when it ran. */
async function recorded(db: Db): Promise<[name: string, ranAt: string][]> {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(db)
  return rows.map((row) => [row.name, row.timestamp])
}

/** A database of its own for the test, empty: nothing migrated yet. */
async function openDatabase(location?: Partial<DatabaseLocation>): Promise<Db> {
  const url = location && 'url' in location ? location.url : await makeTestDatabaseUrl()
  return openTestConnection({ dataDir: await makeTempDir(), url })
}

test('the old names, in the order Kysely sorted them, are the migrations in their order now', () => {
  const old = NAMES.map(oldName)
  expect([...old].sort()).toEqual(old)
  expect(new Set(old).size).toBe(NAMES.length)
  // No migration is renamed to a name another one had, so renaming never collides.
  for (const [before, after] of Object.entries(PREVIOUS_NAMES)) {
    expect(NAMES).toContain(after)
    expect(NAMES).not.toContain(before)
  }
})

test('an install migrated under the old names upgrades without running anything again', async () => {
  const db = await openDatabase()
  await migrateAsBefore(db)
  await db.insertInto('app_state').values({ key: 'demo-seeded', value: 'yes' }).execute()
  const { token } = await db.selectFrom('page_version').select('token').executeTakeFirstOrThrow()
  const before = await recorded(db)
  expect(before.map(([name]) => name)).toContain('012-guard-booking-version')

  await migrateToLatest(db)

  // The same runs at the same times, under today's names: none ran twice.
  const after = await recorded(db)
  expect(after).toEqual(before.map(([name, ranAt]) => [PREVIOUS_NAMES[name] ?? name, ranAt]))
  expect(after.map(([name]) => name)).toEqual(NAMES)
  expect(await db.selectFrom('app_state').selectAll().execute()).toEqual([
    { key: 'demo-seeded', value: 'yes' },
  ])
  expect(await db.selectFrom('page_version').select('token').executeTakeFirst()).toEqual({ token })
  const { rows: lock } = await sql`select id, is_locked from kysely_migration_lock`.execute(db)
  expect(lock).toEqual([{ id: 'migration_lock', is_locked: 0 }])

  // A second boot finds nothing to rename and nothing to run.
  expect(await renamePreviousMigrations(db, await ownSchema(db))).toBe(0)
  await migrateToLatest(db)
  expect(await recorded(db)).toEqual(after)
})

test('an install a few migrations behind is renamed, then runs just the ones it lacks', async () => {
  const db = await openDatabase()
  // Through 022-pickup-windows, in the middle of the names that changed.
  await migrateAsBefore(db, 22)
  const before = await recorded(db)

  await migrateToLatest(db)

  const after = await recorded(db)
  expect(after.map(([name]) => name)).toEqual(NAMES)
  expect(after.slice(0, 22)).toEqual(
    before.map(([name, ranAt]) => [PREVIOUS_NAMES[name] ?? name, ranAt]),
  )
  // What the ones it lacked make is there: the reviews, her change's details.
  const { rows } = await sql<{ reviews: number | string; details: number | string }>`
    select (select count(*) from review) as reviews,
      (select count(*) from customer_change_detail) as details`.execute(db)
  expect(rows.map((row) => [Number(row.reviews), Number(row.details)])).toEqual([[0, 0]])
})

test('upgrading one site leaves another site’s record alone, even on its search path', async () => {
  const otherUrl = await makeTestDatabaseUrl()
  const other = await openDatabase({ url: otherUrl })
  await migrateAsBefore(other)
  const ownUrl = await makeTestDatabaseUrl()
  // On PostgreSQL the other site's schema is on this one's search path, behind its own.
  const url = ownUrl && otherUrl ? searchPathOf(ownUrl, otherUrl) : undefined
  const db = await openDatabase({ url })

  await migrateToLatest(db)

  expect((await recorded(db)).map(([name]) => name)).toEqual(NAMES)
  expect((await recorded(other)).map(([name]) => name)).toEqual(NAMES.map(oldName))
})

/** `own` reaching the other's schema too, after its own (as `public` often is). */
function searchPathOf(own: string, other: string): string {
  const schema = (url: string) => new URL(url).searchParams.get('options')!.split('=')[1]!
  const url = new URL(own)
  url.searchParams.set('options', `-c search_path=${schema(own)},${schema(other)}`)
  return url.toString()
}

async function ownSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  return rows[0]!.schema
}
