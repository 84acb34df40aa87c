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

export async function createTestSchema(serverUrl: string): Promise<TestSchema> {
  const name = `test_${randomUUID().replaceAll('-', '')}`
  await runAdmin(serverUrl, `create schema ${name}`)
  const url = new URL(serverUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  return {
    name,
    url: url.toString(),
    drop: () => runAdmin(serverUrl, `drop schema ${name} cascade`),
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
