/**
 * A site's migrations on PostgreSQL look at its own schema only: with other
 * sites (or tests) in the same database, another schema's Kysely tables are
 * never taken for its own, and a schema dropped meanwhile is never asked
 * about. Runs in the PostgreSQL pass only (vitest.config.ts).
 */
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import {
  makeTestDatabaseUrl,
  openTestConnection,
  openTestDatabase,
} from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { migrateToLatest } from './db.server.ts'

test("another schema's tables are not the site's, and the site migrates beside them", async () => {
  const other = openTestConnection({
    dataDir: await makeTempDir(),
    url: await makeTestDatabaseUrl(),
  })
  await sql`create table kysely_migration (name text primary key, timestamp text)`.execute(other)
  await sql`create table someone_elses (id integer)`.execute(other)

  const { db } = await openTestDatabase()
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map(
    (table) => table.name,
  )
  expect(tables).toContain('order_request')
  expect(tables).toContain('kysely_migration')
  expect(tables).not.toContain('someone_elses')

  // An empty schema beside one that has Kysely's table migrates whole.
  const fresh = openTestConnection({
    dataDir: await makeTempDir(),
    url: await makeTestDatabaseUrl(),
  })
  await migrateToLatest(fresh)
  const columns = (await fresh.introspection.getTables()).find((t) => t.name === 'order_request')
  expect(columns?.columns.map((column) => column.name)).toContain('id')
  expect(columns?.columns.find((column) => column.name === 'id')?.isAutoIncrementing).toBe(true)
})
