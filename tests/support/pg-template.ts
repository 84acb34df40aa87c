/**
 * PostgreSQL databases made migrated: the migrations run once into a
 * template database, and each test gets `create database … template` of it,
 * a file copy of a few tens of milliseconds instead of a full migration run
 * (most of a PostgreSQL test's time). The template is named after the
 * migrations' source, so a changed migration makes a new one; the first
 * process to need it builds it under an advisory lock, under another name,
 * and renames it when whole, so no test ever copies a half-migrated one.
 * Needs a role that may create databases (CREATEDB). Only tests import this.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'

const DB_FOLDER = path.resolve(import.meta.dirname, '../../app/db')
/** Any number: the lock every test process takes to build the template alone. */
const TEMPLATE_LOCK = 73_120_611

/** The migrations' source, hashed: a template made from other migrations is never used. */
export function migrationsHash(): string {
  const hash = createHash('sha256')
  const files = readdirSync(DB_FOLDER).filter((name) => name.startsWith('migration'))
  for (const file of files.sort()) {
    hash.update(file).update(readFileSync(path.join(DB_FOLDER, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * Named after the tests' own database too: two roles testing on one server
 * (a developer's and CI's) each copy a template they own.
 */
function templatePrefix(serverUrl: string): string {
  const database = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres'
  return `tpl_${database.replace(/[^a-z0-9_]/gi, '_').slice(0, 24)}_`
}

function urlOfDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

const exists = async (client: pg.Client, name: string) =>
  (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1

async function buildTemplate(serverUrl: string): Promise<string> {
  const prefix = templatePrefix(serverUrl)
  const name = `${prefix}${migrationsHash()}`
  await withAdmin(serverUrl, async (client) => {
    if (await exists(client, name)) return
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
    try {
      if (await exists(client, name)) return
      // Templates of older migrations, and any build a killed run left half done.
      const stale = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      )
      for (const { datname } of stale.rows) {
        await client.query(`drop database if exists "${datname}" with (force)`)
      }
      const building = `${name}_building`
      await client.query(`create database "${building}"`)
      const db = openDatabase({ dataDir: '', url: urlOfDatabase(serverUrl, building) })
      try {
        await migrateToLatest(db)
      } finally {
        await db.destroy()
      }
      await client.query(`alter database "${building}" rename to "${name}"`)
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK])
    }
  })
  return name
}

/** Built once a process: every test of the run copies the same template. */
let template: Promise<string> | undefined

export interface TestDatabase {
  /** A DATABASE_URL for the database alone. */
  url: string
  /** Drops the database with everything in it. */
  drop(): Promise<void>
}

/** A new database on the server at serverUrl, migrated to the latest. */
export async function createMigratedDatabase(serverUrl: string): Promise<TestDatabase> {
  template ??= buildTemplate(serverUrl)
  const source = await template
  const name = `test_${randomUUID().replaceAll('-', '')}`
  await withAdmin(serverUrl, (client) =>
    client.query(`create database "${name}" template "${source}" strategy wal_log`),
  )
  return {
    url: urlOfDatabase(serverUrl, name),
    drop: () =>
      withAdmin(serverUrl, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`)
      }),
  }
}
