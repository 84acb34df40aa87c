/**
 * How wide the gallery shows a photo, as `sizes` attributes, and which
 * srcset candidate a browser then picks. The benchmark and the tests use the
 * same functions, so the widths we encode are checked against the layout.
 */

/**
 * The grid's tile width, as .gallery-grid and .page-section lay it out: two
 * columns inside 1rem of padding and a 0.75rem gap on phones; three inside
 * 1.5rem with 1.25rem gaps from 640 px; four from 1024 px, in at most 72rem.
 * A rounder guess (47vw) told a 375 px phone its tiles were 176 px, not
 * 166 px, and sent a 3× phone the 800 px file for a 497 px tile.
 */
export const GRID_SIZES =
  '(min-width: 1152px) 261px, (min-width: 1024px) calc((100vw - 6.75rem) / 4), ' +
  '(min-width: 640px) calc((100vw - 5.5rem) / 3), calc((100vw - 2.75rem) / 2)'

/** The larger view: the whole width, up to the largest variant. */
export const LIGHTBOX_SIZES = '(min-width: 1240px) 1200px, 100vw'

const REM = 16

/**
 * `sizes` for a photo shown with object-fit: cover in a square tile: a
 * landscape photo is drawn as tall as the tile, so wider than it by its
 * aspect ratio, and needs that many more pixels across to stay sharp (a 4:3
 * photo in a 331-device-px tile is drawn 441 px wide; the 400 px file was
 * enlarged). A portrait or square photo is drawn as wide as the tile.
 */
export function coverSizes(sizes: string, width: number, height: number): string {
  const ratio = Math.round((width / height) * 1000) / 1000
  if (!(ratio > 1)) return sizes
  return splitTopLevel(sizes)
    .map((entry) => {
      const condition = /^(\(min-width:\s*[\d.]+px\))\s+(.+)$/.exec(entry)
      const scaled = (value: string) => `calc(${value} * ${ratio})`
      return condition ? `${condition[1]} ${scaled(condition[2]!)}` : scaled(entry)
    })
    .join(', ')
}

/**
 * The width in CSS px a `sizes` attribute gives at this viewport width. It
 * understands what ours use: `(min-width: Npx)` conditions and lengths in
 * px, vw, rem, calc((a - b) / n) of those, and calc(length * r).
 */
export function slotWidth(sizes: string, viewportWidth: number): number {
  for (const entry of splitTopLevel(sizes)) {
    const condition = /^\(min-width:\s*([\d.]+)px\)\s+(.+)$/.exec(entry)
    if (!condition) return length(entry, viewportWidth)
    if (viewportWidth >= Number(condition[1])) return length(condition[2]!, viewportWidth)
  }
  throw new Error(`sizes has no default length: ${sizes}`)
}

/**
 * The candidate width a browser picks from `w` descriptors: the smallest
 * whose density (width ÷ slot) reaches the screen's pixel ratio, else the
 * largest. (Chrome may settle for a slightly smaller one near the boundary.)
 */
export function pickCandidate(widths: readonly number[], slot: number, pixelRatio: number): number {
  const sorted = [...widths].sort((a, b) => a - b)
  if (sorted.length === 0) throw new Error('no candidates')
  return sorted.find((width) => width / slot >= pixelRatio) ?? sorted.at(-1)!
}

function splitTopLevel(sizes: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const char of sizes) {
    if (char === '(') depth++
    if (char === ')') depth--
    if (char === ',' && depth === 0) {
      parts.push(current.trim())
      current = ''
    } else current += char
  }
  parts.push(current.trim())
  return parts.filter(Boolean)
}

function length(text: string, viewportWidth: number): number {
  const value = text.trim()
  const scaled = /^calc\((.+)\s\*\s([\d.]+)\)$/.exec(value)
  if (scaled) return length(scaled[1]!, viewportWidth) * Number(scaled[2])
  const calc = /^calc\(\(\s*([^)]+?)\s+-\s+([^)]+?)\s*\)\s*\/\s*([\d.]+)\s*\)$/.exec(value)
  if (calc) {
    return (length(calc[1]!, viewportWidth) - length(calc[2]!, viewportWidth)) / Number(calc[3])
  }
  const unit = /^([\d.]+)(px|vw|rem)$/.exec(value)
  if (!unit) throw new Error(`unsupported length in sizes: ${value}`)
  const amount = Number(unit[1])
  if (unit[2] === 'vw') return (amount * viewportWidth) / 100
  if (unit[2] === 'rem') return amount * REM
  return amount
}
