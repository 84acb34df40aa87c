import Fraction from 'fraction.js'

/**
 * The units a recipe and a pantry are written in, and the exact factor that
 * turns each into its dimension's base (grams, millilitres, pieces). Every
 * factor is the legal definition, so a conversion is exact, never a rounded
 * guess: an avoirdupois ounce is 28.349523125 g, a US cup 236.5882365 ml
 * (half a pint of 231 cubic inches), a teaspoon a sixth of a US fluid ounce.
 * Mass and volume meet only through an ingredient's density (grams per
 * millilitre), which the owner gives. Pure; the browser may load it.
 */

export type Dimension = 'mass' | 'volume' | 'count'

interface UnitDefinition {
  dimension: Dimension
  /** How many of the dimension's base unit one of this is. */
  base: string
  /** Singular and plural, as a recipe line reads: "1 cup", "2 cups". */
  one: string
  many: string
}

const US_FLUID_OUNCE_ML = '29.5735295625'

export const UNITS = {
  g: { dimension: 'mass', base: '1', one: 'g', many: 'g' },
  kg: { dimension: 'mass', base: '1000', one: 'kg', many: 'kg' },
  oz: { dimension: 'mass', base: '28.349523125', one: 'oz', many: 'oz' },
  lb: { dimension: 'mass', base: '453.59237', one: 'lb', many: 'lb' },
  ml: { dimension: 'volume', base: '1', one: 'ml', many: 'ml' },
  l: { dimension: 'volume', base: '1000', one: 'L', many: 'L' },
  tsp: { dimension: 'volume', base: `${US_FLUID_OUNCE_ML}/6`, one: 'tsp', many: 'tsp' },
  tbsp: { dimension: 'volume', base: `${US_FLUID_OUNCE_ML}/2`, one: 'tbsp', many: 'tbsp' },
  fl_oz: { dimension: 'volume', base: US_FLUID_OUNCE_ML, one: 'fl oz', many: 'fl oz' },
  cup: { dimension: 'volume', base: '236.5882365', one: 'cup', many: 'cups' },
  each: { dimension: 'count', base: '1', one: 'piece', many: 'pieces' },
  dozen: { dimension: 'count', base: '12', one: 'dozen', many: 'dozen' },
} as const satisfies Record<string, UnitDefinition>

export type Unit = keyof typeof UNITS

export const UNIT_KEYS = Object.keys(UNITS) as Unit[]

export function isUnit(value: string): value is Unit {
  return Object.hasOwn(UNITS, value)
}

/** The base factor as a Fraction: "29.5735295625/6" is a tenth-free exact sixth. */
function baseOf(unit: Unit): Fraction {
  const [top, bottom] = UNITS[unit].base.split('/')
  const factor = new Fraction(top!)
  return bottom ? factor.div(bottom) : factor
}

/**
 * `amount` of `from` in `to`: exact, or null when the two measure different
 * things and no density joins them (cups of eggs, grams of "each").
 * `density` is grams per millilitre.
 */
export function convert(
  amount: Fraction,
  from: Unit,
  to: Unit,
  density?: Fraction | null,
): Fraction | null {
  const inBase = amount.mul(baseOf(from))
  const fromDimension = UNITS[from].dimension
  const toDimension = UNITS[to].dimension
  if (fromDimension === toDimension) return inBase.div(baseOf(to))
  if (!density || density.compare(0) <= 0) return null
  if (fromDimension === 'volume' && toDimension === 'mass') {
    return inBase.mul(density).div(baseOf(to))
  }
  if (fromDimension === 'mass' && toDimension === 'volume') {
    return inBase.div(density).div(baseOf(to))
  }
  return null
}

/** The most a quantity may be, in any unit: a bakery's week, not an overflow. */
const MAX_AMOUNT = new Fraction(1_000_000)

/**
 * An amount as a baker writes it: "2", "1.5", "1,5", "3/4", "1 1/2", "1½",
 * "¾". Null for anything else, for zero or less, and for more than a
 * million of anything.
 */
export function parseAmount(text: string): Fraction | null {
  const written = text
    .trim()
    // A decimal comma is a point; "1½" is one and a half.
    .replace(/(\d),(\d)/, (_, whole: string, part: string) => `${whole}.${part}`)
    .replace(/[¼½¾⅓⅔⅛⅜⅝⅞]/, (glyph) => ` ${VULGAR[glyph] ?? glyph}`)
    .trim()
    .replace(/\s+/g, ' ')
  if (!/^(\d{1,7}(\.\d{1,9})?|\d{1,9}\/\d{1,9}|\d{1,7} \d{1,9}\/\d{1,9})$/.test(written)) {
    return null
  }
  const parts = written.split(' ')
  let amount = new Fraction(0)
  for (const part of parts) {
    const [top, bottom] = part.split('/')
    if (bottom !== undefined && Number(bottom) === 0) return null
    amount = amount.add(bottom === undefined ? new Fraction(top!) : new Fraction(top!).div(bottom))
  }
  if (amount.compare(0) <= 0 || amount.compare(MAX_AMOUNT) > 0) return null
  return amount
}

/**
 * The fraction characters a phone's keyboard offers, by code point: read on
 * input only, never shown (the site's fonts carry the written "3/4").
 */
const VULGAR: Record<string, string> = Object.fromEntries(
  (
    [
      [0xbc, '1/4'],
      [0xbd, '1/2'],
      [0xbe, '3/4'],
      [0x2153, '1/3'],
      [0x2154, '2/3'],
      [0x215b, '1/8'],
      [0x215c, '3/8'],
      [0x215d, '5/8'],
      [0x215e, '7/8'],
    ] as const
  ).map(([code, written]) => [String.fromCharCode(code), written]),
)

/**
 * An amount for a form to show again, which `parseAmount` reads back as the
 * same amount: a kitchen fraction as such ("1 1/2", "3/4"), a decimal she
 * typed as she typed it ("0.907"), anything else as an exact fraction.
 */
export function writtenAmount(amount: Fraction): string {
  if (amount.d <= 16n) return amount.toFraction(true)
  let d = amount.d
  while (d % 2n === 0n) d /= 2n
  while (d % 5n === 0n) d /= 5n
  const decimal = amount.toString()
  return d === 1n && decimal.length <= 18 ? decimal : amount.toFraction(true)
}

/** An amount as stored: exact, "3/2", read back by `storedAmount`. */
export function amountToStore(amount: Fraction): string {
  return amount.toFraction(false)
}

export function storedAmount(text: string): Fraction {
  return new Fraction(text)
}

/**
 * An amount as a person reads it in `unit`: cups and spoons in kitchen
 * fractions ("1 1/2 cups", "3/4 tsp") to the nearest eighth, everything
 * else in decimals to at most two places ("1.25 kg", "340 g").
 */
export function formatAmount(amount: Fraction, unit: Unit): string {
  const spoons = unit === 'cup' || unit === 'tsp' || unit === 'tbsp'
  const shown = spoons ? amount.roundTo('1/8') : amount.round(2)
  // Rounded first, so the decimal ends: 1/3 reads 0.33, never 0.(3).
  const number = spoons ? shown.toFraction(true) : shown.toString()
  const singular = shown.compare(1) <= 0
  const name = singular ? UNITS[unit].one : UNITS[unit].many
  return number === '0'
    ? `under ${spoons ? '1/8' : '0.01'} ${UNITS[unit].one}`
    : `${number} ${name}`
}
