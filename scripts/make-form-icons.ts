/**
 * Draws the small icons inside form fields (a select's arrow, a date or time
 * field's picker button) as PNGs and writes them into app/form-icons.css as
 * data URLs, so they are there for the first paint without a request.
 *
 * Why PNG and not SVG: an SVG used as a CSS image is a document of its own.
 * The browser builds one for each while it works out the page's first style,
 * about 2 ms of the first frame on a phone (decision 073), and does so again
 * for its own date and time icons unless we give those fields ours. A small
 * PNG is only decoded, off the main thread, when it is painted.
 *
 * Each is drawn at 54 px, three times the 18 px it is shown at, so it stays
 * sharp on a phone's screen, in eight shades: as sharp to the eye, and half
 * the bytes of a full palette in a stylesheet every page waits for.
 *
 *   node --import tsx scripts/make-form-icons.ts
 */
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

/** The site's chocolate, as the fields' words. */
const INK = '#6b3e2e'

/** Drawn on a 24-unit grid, as the site's other icons (app/components/icons.tsx). */
export const FORM_ICONS = {
  chevron: { stroke: 2.5, shapes: "<path d='m6 9 6 6 6-6'/>" },
  calendar: {
    stroke: 2,
    shapes:
      "<rect x='3' y='4.5' width='18' height='16.5' rx='2.5'/><path d='M3 9.5h18M8 2.5v4M16 2.5v4'/>",
  },
  clock: { stroke: 2, shapes: "<circle cx='12' cy='12' r='9'/><path d='M12 7v5l3.5 2'/>" },
} as const

export const FORM_ICON_PX = 54

export const FORM_ICONS_CSS_PATH = fileURLToPath(new URL('../app/form-icons.css', import.meta.url))

export async function formIconPng(name: keyof typeof FORM_ICONS): Promise<Buffer> {
  const { stroke, shapes } = FORM_ICONS[name]
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' width='${FORM_ICON_PX}' ` +
    `height='${FORM_ICON_PX}' fill='none' stroke='${INK}' stroke-width='${stroke}' ` +
    `stroke-linecap='round' stroke-linejoin='round'>${shapes}</svg>`
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, colours: 8 }).toBuffer()
}

/** The whole of app/form-icons.css: one custom property per icon. */
export async function formIconsCss(): Promise<string> {
  const lines = [
    '/* Written by scripts/make-form-icons.ts: change the icons there and run it again. */',
    ':root {',
  ]
  for (const name of Object.keys(FORM_ICONS) as (keyof typeof FORM_ICONS)[]) {
    const png = await formIconPng(name)
    lines.push(`  --form-icon-${name}: url('data:image/png;base64,${png.toString('base64')}');`)
  }
  lines.push('}', '')
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(FORM_ICONS_CSS_PATH, await formIconsCss())
  console.log(`form icons written to ${FORM_ICONS_CSS_PATH}`)
}
