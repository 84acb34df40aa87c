/**
 * Writes the site's web fonts into app/fonts (docs/decisions/028).
 *
 * Each family is cut from its Fontsource file into two faces. The "basic"
 * face holds every character our own words use (printable ASCII and the
 * typographer's punctuation) and is preloaded; well under 14 KB, it arrives
 * in the first round trip of a fresh connection. The "extended" face holds the
 * rest of Fontsource's Latin range (accents, currency, symbols): the browser
 * fetches it only for a page that shows one of those characters, such as a
 * "crème brûlée" in the menu.
 *
 * Each face is a static instance of Fontsource's variable file, at one weight.
 *
 *   node --import tsx scripts/subset-fonts.ts          writes the files
 *   node --import tsx scripts/subset-fonts.ts --check  fails if they are not what it would write
 */
import { readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import subsetFont from 'subset-font'
import { FONT_FACES, textOf, type FontFace } from '#app/fonts/faces.ts'

const root = path.resolve(import.meta.dirname, '..')
const require = createRequire(path.join(root, 'package.json'))

export async function subsetFace(face: FontFace): Promise<Buffer> {
  const source = await readFile(require.resolve(face.source))
  return subsetFont(source, textOf(face.ranges), {
    targetFormat: 'woff2',
    // Ligatures and alternates reach glyphs outside the set; dropping them
    // keeps the basic faces within one round trip.
    noLayoutClosure: true,
    variationAxes: { wght: face.weight },
  })
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const stale: string[] = []
  for (const face of FONT_FACES) {
    const file = path.join(root, 'app/fonts', face.file)
    const bytes = await subsetFace(face)
    if (check) {
      const current = await readFile(file).catch(() => null)
      if (!current?.equals(bytes)) stale.push(face.file)
      continue
    }
    await writeFile(file, bytes)
    console.log(`${face.file}: ${bytes.length} bytes`)
  }
  if (stale.length > 0) {
    console.error(`Out of date: ${stale.join(', ')}. Run node --import tsx scripts/subset-fonts.ts`)
    process.exitCode = 1
  }
}

if (import.meta.filename === process.argv[1]) await main()
