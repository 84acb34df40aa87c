import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { onCleanup } from './cleanup.ts'
import { seedSyntheticBook } from './synthetic-book.ts'

/** A fresh PostgreSQL schema for one book, dropped at the end. */
export async function benchSchema(serverUrl: string) {
  const name = `bench_${randomUUID().replaceAll('-', '')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create schema ${name}`)
  const url = new URL(serverUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  const drop = onCleanup(() => admin(`drop schema ${name} cascade`))
  return { url: url.toString(), drop }
}

/**
 * A migrated database with the menu and a synthetic book of `requests`,
 * ready for a server: a data folder (SQLite, or PostgreSQL's URL beside it).
 */
export async function prepareBook(
  database: 'sqlite' | 'pg',
  requests: number,
  pgUrl: string | null,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-growth-'))
  const removeDir = onCleanup(() => rm(dataDir, { recursive: true, force: true }))
  const schema = database === 'pg' ? await benchSchema(pgUrl!) : null
  const db = openDatabase({ dataDir, url: schema?.url })
  try {
    await migrateToLatest(db)
    await seedMenu(db)
    console.error(`Growth: seeding ${requests} requests on ${database}`)
    const book = requests > 0 ? await seedSyntheticBook(db, { requests }) : null
    if (book) console.error(`Growth: seeded in ${(book.ms / 1000).toFixed(1)} s`)
    // As autovacuum would have on a book that grew over years.
    if (schema) await sql`vacuum analyze`.execute(db)
    return {
      dataDir,
      databaseUrl: schema?.url,
      book,
      async remove() {
        await removeDir()
        await schema?.drop()
      },
    }
  } finally {
    await db.destroy()
  }
}
