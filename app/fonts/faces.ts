/**
 * The site's web font faces: which characters and weights each file holds.
 * scripts/subset-fonts.ts cuts the files from Fontsource's; app.css declares
 * the same faces (a test holds the two together). Why two faces per family:
 * docs/decisions/028.
 */

/** Inclusive code point ranges. */
export type Ranges = readonly (readonly [number, number])[]

export interface FontFace {
  family: string
  /** The woff2 file in app/fonts. */
  file: string
  /** The Fontsource file it is cut from, as a package path. */
  source: string
  /** The weight this static instance is cut at. */
  weight: number
  ranges: Ranges
  /** Preloaded by every page: the characters our own words use. */
  preload: boolean
}

/** Fontsource's "latin" subset: what the original files covered. */
export const LATIN: Ranges = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
]

/**
 * Printable ASCII, the no-break spaces (dates and prices format with them),
 * and the punctuation and signs our copy uses: © ’ ‘ “ ” – — … • · × ‹ › −. A
 * character of our own outside these would fetch the extended face on every
 * page that shows it, a request the page's first paint can wait for
 * (scripts/subset-fonts.test.ts checks the app's words against this list).
 */
export const BASIC: Ranges = [
  [0x0020, 0x007e],
  [0x00a0, 0x00a0],
  [0x00a9, 0x00a9],
  [0x00b7, 0x00b7],
  [0x00d7, 0x00d7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x202f, 0x202f],
  [0x2039, 0x203a],
  [0x2212, 0x2212],
]

function codePoints(ranges: Ranges): number[] {
  return ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
}

/** Sorted code points back into ranges. */
function toRanges(points: readonly number[]): Ranges {
  const ranges: [number, number][] = []
  for (const point of [...points].sort((a, b) => a - b)) {
    const last = ranges.at(-1)
    if (last && point === last[1] + 1) last[1] = point
    else ranges.push([point, point])
  }
  return ranges
}

const isControl = (point: number) => point < 0x20 || (point >= 0x7f && point < 0xa0)

const basicPoints = new Set(codePoints(BASIC))

/** Latin without the basic characters, and without the control characters nothing renders. */
export const EXTENDED: Ranges = toRanges(
  codePoints(LATIN).filter((point) => !isControl(point) && !basicPoints.has(point)),
)

export function textOf(ranges: Ranges): string {
  return String.fromCodePoint(...codePoints(ranges))
}

/** As CSS's unicode-range writes it: U+20-7E, U+A0, … */
export function unicodeRange(ranges: Ranges): string {
  const hex = (point: number) => point.toString(16).toUpperCase()
  return ranges
    .map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
    .join(', ')
}

const FRAUNCES = '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2'
const NUNITO = '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2'

/**
 * Fraunces at the one weight every heading uses; Nunito at regular and bold
 * (semibold text takes the bold face). Static instances, because a weight
 * axis roughly doubles a file: Nunito's 400–700 axis alone would not fit in
 * one round trip.
 */
const INSTANCES = [
  { family: 'Fraunces', name: 'fraunces', source: FRAUNCES, weight: 600 },
  { family: 'Nunito', name: 'nunito', source: NUNITO, weight: 400 },
  { family: 'Nunito', name: 'nunito', source: NUNITO, weight: 700 },
] as const

export const FONT_FACES: readonly FontFace[] = INSTANCES.flatMap(({ name, ...instance }) => [
  { ...instance, file: `${name}-${instance.weight}-basic.woff2`, ranges: BASIC, preload: true },
  {
    ...instance,
    file: `${name}-${instance.weight}-extended.woff2`,
    ranges: EXTENDED,
    preload: false,
  },
])
