import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

/**
 * Rooms sized to be read: a feature folder holds one purpose, about 4,000
 * lines of production code at most, and a file about 400. Files still over
 * are listed with their size today, which may only shrink; a file cut below
 * the line leaves the list.
 */
const ROOT = join(import.meta.dirname, '..')
const MAX_FEATURE_LINES = 4_000
const MAX_FILE_LINES = 400

/** Data, not code to read: drawn or generated, read by no one line by line. */
const DATA_FILES: Record<string, string> = {
  'app/features/gallery/demo-artwork.server.ts': 'the demo gallery’s drawings as SVG text',
}

/**
 * Files still to be cut along their cards and steps, each at most as long as
 * it was when listed. None now: a file that grows past the line is cut, or
 * listed here with the reason it cannot be yet.
 */
const STILL_TO_CUT: Record<string, number> = {}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => relative(ROOT, join(ROOT, folder, file)))
}

const lineCount = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1

test('no feature folder holds more than about 4,000 lines of production code', () => {
  const features = readdirSync(join(ROOT, 'app/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const over = features.flatMap((feature) => {
    const lines = sourceFiles(`app/features/${feature}`)
      .filter((file) => !(file in DATA_FILES))
      .reduce((sum, file) => sum + lineCount(file), 0)
    return lines > MAX_FEATURE_LINES ? [`${feature}: ${lines} lines`] : []
  })
  expect(over).toEqual([])
})

test('no file grows past about 400 lines, and one still over never grows', () => {
  const files = ['app', 'server', 'scripts'].flatMap(sourceFiles)
  const over = files.flatMap((file) => {
    if (file in DATA_FILES) return []
    const limit = STILL_TO_CUT[file] ?? MAX_FILE_LINES
    const lines = lineCount(file)
    return lines > limit ? [`${file}: ${lines} lines, at most ${limit}`] : []
  })
  expect(over).toEqual([])
  // A file cut below the line leaves the list, so the list only shrinks.
  const cut = Object.keys(STILL_TO_CUT).filter(
    (file) => !files.includes(file) || lineCount(file) <= MAX_FILE_LINES,
  )
  expect(cut).toEqual([])
})
