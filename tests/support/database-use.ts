/**
 * Which test files open a database, as the SQLite pass of the unit tests
 * finds it: each file leaves a note when it ends, and the PostgreSQL pass
 * (scripts/test-unit-pg.ts) leaves out the files whose note says they never
 * opened one, since the second database changes nothing for them. A file
 * with no note (new, or run on its own) runs on both. Only tests import this.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const DATABASE_USE_FOLDER = path.resolve(
  import.meta.dirname,
  '../../node_modules/.cache/bakery-database-use',
)

const key = '__bakeryOpensDatabase'

/** Called wherever a test asks which database to open. */
export function noteDatabaseUse() {
  ;(globalThis as Record<string, unknown>)[key] = true
}

/** The note of one test file, once it has run. */
export function writeDatabaseUse(testFile: string) {
  const opened = (globalThis as Record<string, unknown>)[key] === true
  mkdirSync(DATABASE_USE_FOLDER, { recursive: true })
  const name = createHash('sha256').update(testFile).digest('hex').slice(0, 24)
  const note = path.join(DATABASE_USE_FOLDER, name)
  // Once seen opening one, a file keeps its place on PostgreSQL: a run of
  // some of its tests alone (vitest -t) must not take the others off.
  if (!opened && readNote(note)?.opened) return
  writeFileSync(note, JSON.stringify({ file: path.relative(process.cwd(), testFile), opened }))
}

/** A new file, before its first test: it has opened nothing yet. */
export function startDatabaseUse() {
  ;(globalThis as Record<string, unknown>)[key] = false
}

function readNote(file: string): { file: string; opened: boolean } | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { file: string; opened: boolean }
  } catch {
    return undefined
  }
}

/** The test files the last SQLite pass saw run without opening a database. */
export function readDatabaseFreeFiles(): string[] {
  let names: string[]
  try {
    names = readdirSync(DATABASE_USE_FOLDER)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const note = readNote(path.join(DATABASE_USE_FOLDER, name))
    return note && !note.opened ? [note.file] : []
  })
}
