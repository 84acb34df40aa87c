import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'
import { BASIC, EXTENDED, FONT_FACES, LATIN, textOf, unicodeRange } from '#app/fonts/faces.ts'
import { subsetFace } from './subset-fonts.ts'

const appDir = path.resolve(import.meta.dirname, '../app')

/**
 * A fresh connection's first round trip carries ten TCP segments (about
 * 14.6 KB) less the response headers: a preloaded face that fits arrives
 * with the stylesheet instead of a round trip or two after it.
 */
const ONE_ROUND_TRIP = 14_000

interface DeclaredFace {
  family: string
  weight: string
  file: string
  unicodeRange: string
}

async function declaredFaces(): Promise<DeclaredFace[]> {
  const css = await readFile(path.join(appDir, 'app.css'), 'utf8')
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => {
    const property = (name: string) =>
      new RegExp(`${name}:\\s*([^;]+);`).exec(body)?.[1]?.replace(/\s+/g, ' ').trim() ?? ''
    return {
      family: property('font-family').replaceAll("'", ''),
      weight: property('font-weight'),
      file: /url\('\.\/fonts\/([^']+)'\)/.exec(body)?.[1] ?? '',
      unicodeRange: property('unicode-range'),
    }
  })
}

test('app.css declares exactly the faces the font script cuts', async () => {
  expect(await declaredFaces()).toEqual(
    FONT_FACES.map((face) => ({
      family: face.family,
      weight: String(face.weight),
      file: face.file,
      unicodeRange: unicodeRange(face.ranges),
    })),
  )
})

test('the basic and extended faces split the Latin range between them, with no character in both', () => {
  const basic = [...textOf(BASIC)]
  const extended = [...textOf(EXTENDED)]
  expect(basic.filter((character) => extended.includes(character))).toEqual([])
  const printableLatin = [...textOf(LATIN)].filter((character) => {
    const point = character.codePointAt(0)!
    return point >= 0x20 && !(point >= 0x7f && point < 0xa0)
  })
  expect([...basic, ...extended].sort()).toEqual(printableLatin.sort())
  // Our own copy's punctuation is in the preloaded face.
  for (const character of '’‘“”–—…•·×') expect(basic).toContain(character)
})

/** The text of every string, template and JSX text in a source file: the words it can put on a page. */
function wordsOf(file: string, source: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const words: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      words.push(node.text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind))
  return words
}

test('the app’s own words need only the preloaded faces', async () => {
  // A character of the extended face makes every page showing it fetch that
  // face late, after the stylesheet, and its first paint can wait for it.
  const extended = new Set(textOf(EXTENDED))
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], {
    cwd: appDir,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !/\.test\.tsx?$/.test(file))
    // A label's French words show only to a bakery in Quebec, on her labels
    // page and its PDF, which fetch the extended face as her own French
    // ingredient names would.
    .filter((file) => file !== 'features/labels/label-words.ts')
    // The characters a text message may carry, to count its parts: never shown.
    .filter((file) => file !== 'features/texts/text-rules.ts')
  const found: string[] = []
  for (const file of files) {
    for (const words of wordsOf(file, await readFile(path.join(appDir, file), 'utf8'))) {
      for (const character of words) {
        if (extended.has(character)) found.push(`${file}: ${character} in ${JSON.stringify(words)}`)
      }
    }
  }
  expect(files.length).toBeGreaterThan(100)
  expect(found).toEqual([])
})

test('every page preloads the basic faces, and only those', async () => {
  const root = await readFile(path.join(appDir, 'root.tsx'), 'utf8')
  const imported = [...root.matchAll(/from '\.\/fonts\/([^']+)\?url'/g)].map(([, file]) => file)
  expect(imported.sort()).toEqual(
    FONT_FACES.filter((face) => face.preload)
      .map((face) => face.file)
      .sort(),
  )
})

test('each preloaded face arrives in one round trip', async () => {
  for (const face of FONT_FACES.filter((f) => f.preload)) {
    const bytes = await readFile(path.join(appDir, 'fonts', face.file))
    expect(bytes.length, face.file).toBeLessThanOrEqual(ONE_ROUND_TRIP)
  }
})

test('the font files are what scripts/subset-fonts.ts makes from the installed Fontsource files', async () => {
  for (const face of FONT_FACES) {
    const committed = await readFile(path.join(appDir, 'fonts', face.file))
    expect((await subsetFace(face)).equals(committed), face.file).toBe(true)
  }
})
