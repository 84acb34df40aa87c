/**
 * A fresh, empty PostgreSQL schema in the database at a server URL (such as
 * TEST_DATABASE_URL), reached through the connection's search_path, so that
 * tests in parallel, and every process a test starts, see only its own rows.
 * Free of any test runner's hooks: unit tests (tests/support/database.ts) and
 * browser tests alike drop it when they end. Only tests import this.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'

export interface TestSchema {
  name: string
  /** serverUrl with `options=-c search_path=<name>`: a DATABASE_URL for the schema alone. */
  url: string
  /** Drops the schema with everything in it. */
  drop(): Promise<void>
}

/**
 * `prefix` names schemas to find again (kept-schemas.ts drops a run's kept
 * schemas by theirs). Connections to the schema carry its name as their
 * application_name, so whether any is still open can be asked.
 */
export async function createTestSchema(serverUrl: string, prefix = 'test'): Promise<TestSchema> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`
  await runAdmin(serverUrl, `create schema ${name}`)
  const url = new URL(serverUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  url.searchParams.set('application_name', name)
  return {
    name,
    url: url.toString(),
    drop: () => runAdmin(serverUrl, `drop schema ${name} cascade`),
  }
}

/** The prefix of the schemas a test run keeps (kept-schemas.ts), for its teardown to drop them by. */
export function keptSchemaPrefix(runId: string): string {
  return `kept_${runId.replaceAll('-', '').slice(0, 16)}`
}

/** Drops every schema whose name starts with `prefix_`. */
export async function dropSchemasNamed(serverUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where starts_with(nspname, $1 || '_')",
      [prefix],
    )
    for (const { name } of rows) await client.query(`drop schema if exists ${name} cascade`)
  } finally {
    await client.end()
  }
}

async function runAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
