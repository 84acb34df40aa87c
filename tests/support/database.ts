/**
 * A real SQLite database for tests: a file in a temp folder of its own,
 * migrated, closed and removed when the test ends. Only tests import this.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { onTestFinished } from 'vitest'
import { type Db, migrateToLatest, openDatabase } from '#app/db/db.server.ts'

export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bakery-test-'))
  onTestFinished(() => rm(dir, { recursive: true, force: true }))
  return dir
}

export async function openTestDatabase(dataDir?: string): Promise<{ db: Db; dataDir: string }> {
  const dir = dataDir ?? (await makeTempDir())
  const db = openDatabase(dir)
  onTestFinished(() => db.destroy())
  await migrateToLatest(db)
  return { db, dataDir: dir }
}

/**
 * Two independent connections to one database, as two instances of the site
 * have: each with its own connection (and, on SQLite, its own file handle
 * and locks), migrated once.
 */
export async function openTwoInstances(): Promise<[Db, Db]> {
  const { db, dataDir } = await openTestDatabase()
  const other = await openTestDatabase(dataDir)
  return [db, other.db]
}
