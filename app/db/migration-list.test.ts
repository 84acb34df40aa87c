import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Migration } from 'kysely'
import { expect, test } from 'vitest'
import { templateSources } from '#tests/support/sqlite-template.ts'
import { MIGRATION_LIST } from './migrations.server.ts'

type Listed = readonly (readonly [name: string, migration: Migration])[]

const FOLDER = path.join(import.meta.dirname, 'migrations')
/** A migration's file: its number, then its words. The folder's other files are helpers. */
const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.ts$/

/**
 * What is wrong with the names in the order they run: each is NNN-words, and
 * NNN is its place in the list, from 001, so no number is missing, taken
 * twice or out of its place (decision 089).
 */
function numberingProblems(names: readonly string[]): string[] {
  const problems: string[] = []
  const taken = new Map<number, string>()
  let highest = 0
  names.forEach((name, index) => {
    const match = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*$/.exec(name)
    if (!match) return problems.push(`${name}: not a three-digit number and words`)
    const number = Number(match[1])
    const before = taken.get(number)
    if (before) problems.push(`${name}: ${match[1]} is also ${before}'s number`)
    for (let missing = highest + 1; missing < number; missing += 1) {
      problems.push(`${name}: nothing is numbered ${String(missing).padStart(3, '0')}`)
    }
    if (number !== index + 1) problems.push(`${name}: runs ${index + 1}${ordinal(index + 1)}`)
    taken.set(number, name)
    highest = Math.max(highest, number)
  })
  return problems
}

function ordinal(place: number): string {
  if (place % 100 >= 11 && place % 100 <= 13) return 'th'
  return ['th', 'st', 'nd', 'rd'][place % 10] ?? 'th'
}

/**
 * What is wrong between the list and the folder's files: each listed name is
 * a file's, and its migration that file's; no migration file is left out.
 */
function fileProblems(listed: Listed, files: ReadonlyMap<string, Migration>): string[] {
  const problems: string[] = []
  for (const [name, migration] of listed) {
    const file = files.get(`${name}.ts`)
    if (!file) problems.push(`${name}: no file ${name}.ts`)
    else if (file !== migration) problems.push(`${name}: listed with another file's migration`)
  }
  const names = new Set(listed.map(([name]) => `${name}.ts`))
  for (const file of files.keys()) {
    if (!names.has(file)) problems.push(`${file}: not in the list`)
  }
  return problems
}

async function migrationFiles(): Promise<Map<string, Migration>> {
  const files = readdirSync(FOLDER).filter((file) => MIGRATION_FILE.test(file))
  const loaded = new Map<string, Migration>()
  for (const file of files.sort()) {
    const module = (await import(path.join(FOLDER, file))) as { migration: Migration }
    loaded.set(file, module.migration)
  }
  return loaded
}

const names = MIGRATION_LIST.map(([name]) => name)

test('the migrations are numbered by their place: from 001, none missing, none twice', () => {
  expect(numberingProblems(names)).toEqual([])
  // The order they run in is the order Kysely sorts their names in.
  expect([...names].sort()).toEqual(names)
})

test('a list with a number taken twice, one missing or one out of its place is refused', () => {
  const good = ['001-orders', '002-gallery', '003-upload-key', '004-lease']
  expect(numberingProblems(good)).toEqual([])
  expect(numberingProblems(['001-orders', '002-gallery', '002-upload-key', '003-lease'])).toEqual([
    "002-upload-key: 002 is also 002-gallery's number",
    '002-upload-key: runs 3rd',
    '003-lease: runs 4th',
  ])
  expect(numberingProblems(['001-orders', '002-gallery', '004-lease'])).toEqual([
    '004-lease: nothing is numbered 003',
    '004-lease: runs 3rd',
  ])
  expect(numberingProblems(['001-orders', '003-upload-key', '002-gallery'])).toEqual([
    '003-upload-key: nothing is numbered 002',
    '003-upload-key: runs 2nd',
    '002-gallery: runs 3rd',
  ])
  expect(numberingProblems(['001-orders', '2-gallery'])).toEqual([
    '2-gallery: not a three-digit number and words',
  ])
})

test('each listed migration is its own file in app/db/migrations, and every file is listed', async () => {
  const files = await migrationFiles()
  expect(files.size).toBe(MIGRATION_LIST.length)
  expect(fileProblems(MIGRATION_LIST, files)).toEqual([])
})

test('a list that names a migration after another file, or leaves a file out, is refused', async () => {
  const files = await migrationFiles()
  const [first, second, third] = MIGRATION_LIST
  // The third file's migration listed under the second's name, and the third left out.
  const swapped: Listed = [first!, [second![0], third![1]]]
  expect(fileProblems(swapped, new Map([...files].slice(0, 3)))).toEqual([
    `${second![0]}: listed with another file's migration`,
    `${third![0]}.ts: not in the list`,
  ])
  const renamed: Listed = [first!, ['002-galery', second![1]]]
  expect(fileProblems(renamed, new Map([...files].slice(0, 2)))).toEqual([
    '002-galery: no file 002-galery.ts',
    `${second![0]}.ts: not in the list`,
  ])
})

test('the migrated SQLite template the tests copy is made again when a migration or what it runs changes', () => {
  const sources = templateSources()
  const folder = readdirSync(FOLDER).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  )
  expect(folder.length).toBeGreaterThan(MIGRATION_LIST.length)
  for (const file of folder) expect(sources).toContain(path.join('migrations', file))
  // The list, the renaming of older installs' records, migrateToLatest, the column helpers.
  const runners = ['migrations.server.ts', 'migration-names.server.ts', 'db.server.ts']
  for (const file of [...runners, 'portable-schema.server.ts']) expect(sources).toContain(file)
  expect(sources.filter((file) => file.endsWith('.test.ts'))).toEqual([])
})
