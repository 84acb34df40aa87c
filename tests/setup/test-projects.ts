/**
 * Which Vitest project a test file belongs to, read from what it imports, so
 * that the name of a project says what its tests need:
 *
 * - `database`: the file opens a database of its own, through
 *   tests/support/database.ts (directly or through another support module).
 *   It runs on SQLite and again on PostgreSQL (`npm run test:unit:pg`).
 * - `server`: the file starts the built site or another process
 *   (tests/support/built-server.ts, server-process.ts, the worker processes,
 *   node:child_process). It runs once: what it checks is the same on either
 *   database.
 * - `unit`: everything else, which needs neither; the quick layer.
 *
 * A file that does both is a database file. Read when Vitest starts: a file
 * added while Vitest watches joins its project at the next start.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

export type TestProjectName = 'unit' | 'database' | 'server'

const root = path.resolve(import.meta.dirname, '../..')
const support = path.join(root, 'tests/support')
const TEST_FOLDERS = ['app', 'server', 'scripts']
const TEST_FILE = /\.test\.tsx?$/

const DATABASE_HELPER = path.join(support, 'database.ts')
const PROCESS_HELPERS = [
  'built-server.ts',
  'server-process.ts',
  'worker-process.ts',
  'delivery-worker-process.ts',
].map((name) => path.join(support, name))

/** The modules a source file imports, as files (support and relative ones), or node: modules by name. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const specifiers = [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!)
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('#tests/')) return [path.join(root, 'tests', specifier.slice(7))]
    if (specifier.startsWith('.')) return [path.resolve(path.dirname(file), specifier)]
    if (specifier.startsWith('node:')) return [specifier]
    return []
  })
}

/** Whether a file reaches one of `targets` through its imports within tests/support. */
function reaches(file: string, targets: readonly string[], seen = new Set<string>()): boolean {
  if (seen.has(file)) return false
  seen.add(file)
  return importsOf(file).some(
    (imported) =>
      targets.includes(imported) ||
      (imported.startsWith(support) && reaches(imported, targets, seen)),
  )
}

export function projectOf(file: string): TestProjectName {
  if (reaches(file, [DATABASE_HELPER])) return 'database'
  if (reaches(file, [...PROCESS_HELPERS, 'node:child_process'])) return 'server'
  return 'unit'
}

/** Every test file, relative to the repository, by the project it belongs to. */
export function testFilesByProject(): Record<TestProjectName, string[]> {
  const byProject: Record<TestProjectName, string[]> = { unit: [], database: [], server: [] }
  for (const folder of TEST_FOLDERS) {
    for (const name of readdirSync(path.join(root, folder), { recursive: true })) {
      const relative = path.join(folder, String(name))
      if (!TEST_FILE.test(relative) || relative.includes('node_modules')) continue
      byProject[projectOf(path.join(root, relative))].push(relative)
    }
  }
  for (const files of Object.values(byProject)) files.sort()
  return byProject
}
