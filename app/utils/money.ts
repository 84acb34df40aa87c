import type { Formatter } from './drawn-words.ts'
import { cachedFormatter, localSettings } from './local-settings.ts'

/**
 * Money, in integer cents: how an amount is written for people and how one
 * they typed is read. Every amount field (a quote's price and deposit, a
 * payment, a treat's "from" price) reads through readMoney, so the owner
 * never records 100 times what she meant. The browser may load this file.
 *
 * The rule (decision 030):
 * - A "$" or the bakery's own currency symbol ("NZ$", "€") before or after,
 *   and spaces around, are allowed: "$45", "45 $", "€45".
 * - Cents have two digits, so a separator followed by one or two digits is
 *   the decimal point, whichever it is: "10.50", "10,50", "10.5" and
 *   "10,5" are all $10.50.
 * - A separator followed by groups of exactly three digits groups thousands
 *   when it can only be that: the bakery's own thousands mark (a comma in
 *   en-CA, a dot in de-DE), a space, or a mark that repeats ("1.050.000").
 *   "1,050" and "1 050" are $1,050 in en-CA.
 * - A lone other mark before exactly three digits can be read two ways,
 *   three decimals or a thousands mark ("10.999": $10.999 or $10,999?), so
 *   it is refused, offering both ("10.99 or 10,999"), never guessed
 *   (decision 075).
 * - With both a comma and a dot, the last one is the decimal point:
 *   "$1,050.00" and "1.050,00" are both $1,050. Spaces only group thousands:
 *   "1 050,50" is $1,050.50.
 * - Anything else ("1,05,0", "10 50", "1,0500", "12.345.6", three decimals
 *   like "0.999") is refused with a message asking to write it plainly,
 *   rather than guessed at.
 */

const moneyFormats = new Map<string, Formatter<Intl.NumberFormat>>()

/** The bakery's money formatter (Settings: currency and locale), with or without cents. */
function moneyFormat(withCents: boolean): Formatter<Intl.NumberFormat> {
  const { locale, currency } = localSettings()
  return cachedFormatter(
    moneyFormats,
    `money|${locale}|${currency}|${withCents}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: withCents ? 2 : 0,
        maximumFractionDigits: withCents ? 2 : 0,
      }),
  )
}

/**
 * An amount in the bakery's currency and locale: '$45', '$12.50', '$1,050'
 * for CAD in en-CA, 'NZ$45' for NZD there. A whole amount drops its ".00".
 */
export function formatMoney(cents: number): string {
  return moneyFormat(cents % 100 !== 0).format(cents / 100)
}

/** An amount always with its cents, as a list of payments shows it: '$40.00', 'NZ$40.00'. */
export function formatMoneyWithCents(cents: number): string {
  return moneyFormat(true).format(cents / 100)
}

/** The bakery's currency symbol as its locale writes it: '$', 'NZ$', '€'. */
export function currencySymbol(): string {
  return (
    moneyFormat(false)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? ''
  )
}

const currencyNames = new Map<string, Formatter<Intl.NumberFormat>>()

/**
 * The bakery's currency by name, as her locale writes an amount of it:
 * 'Canadian dollars', 'New Zealand dollars', 'euros'. For a choice such as
 * a deposit "In Canadian dollars" or as a percent.
 */
export function currencyName(): string {
  const { locale, currency } = localSettings()
  const named = cachedFormatter(
    currencyNames,
    `currency-name|${locale}|${currency}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'name' }),
  )
  return (
    named
      .formatToParts(2)
      .find((part) => part.type === 'currency')
      ?.value.trim() ?? currency
  )
}

/** Cents as a form shows them back, ready to be read again: '45', '12.50'. */
export function centsToInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

/** The most any amount field takes: a home bakery's order stays well under it. */
export const MAX_DOLLARS = 99_999

/** Why an amount was refused; 'two-ways' with both ways to write it plainly. */
export type MoneyProblem =
  | { problem: 'not-money' | 'unclear' | 'too-much' }
  | { problem: 'two-ways'; ways: readonly [cents: string, thousands: string] }

export type MoneyReading = { ok: true; cents: number } | ({ ok: false } & MoneyProblem)

// Spaces people put in numbers: ordinary, no-break and narrow no-break.
const SPACES = /[\s\u00a0\u202f]+/g

/** The amount without a "$" or the bakery's own symbol before or after it. */
function withoutSymbol(text: string): string {
  const own = currencySymbol()
  for (const symbol of [own, '$']) {
    if (symbol === '') continue
    if (text.startsWith(symbol)) return text.slice(symbol.length).trimStart()
    if (text.endsWith(symbol)) return text.slice(0, -symbol.length).trimEnd()
  }
  return text
}

/** The bakery's locale's decimal and thousands marks, spaces as ' ': '.' and ',' in en-CA. */
function localMarks(): { decimal: string; group: string } {
  const parts = moneyFormat(true).formatToParts(1234.5)
  const mark = (type: string) =>
    (parts.find((part) => part.type === type)?.value ?? '').replace(SPACES, ' ')
  return { decimal: mark('decimal'), group: mark('group') }
}

/**
 * "10.999" in en-CA: a single comma or dot that is not the locale's
 * thousands mark, after one to three digits and before exactly three. It is
 * three decimals (never cents) or thousands written as the locale does not
 * write them: either reading is a guess.
 */
function readTwoWays(marked: string): MoneyReading | undefined {
  const lone = /^([1-9]\d{0,2})([.,])(\d{3})$/.exec(marked)
  if (!lone) return undefined
  const [, whole, mark, digits] = lone
  const { decimal, group } = localMarks()
  if (mark === group) return undefined
  // Written as the locale writes them, with marks this reader takes (a
  // space always groups thousands).
  const thousandsMark = [',', '.', ' '].includes(group) ? group : ' '
  const decimalMark = decimal === ',' ? ',' : '.'
  return {
    ok: false,
    problem: 'two-ways',
    ways: [`${whole}${decimalMark}${digits!.slice(0, 2)}`, `${whole}${thousandsMark}${digits}`],
  }
}

/**
 * Reads an amount as people write it (see the rule above), up to
 * `maxDollars` (an order's amounts by default; a year's sales cap is larger).
 */
export function readMoney(typed: string, maxDollars = MAX_DOLLARS): MoneyReading {
  const text = withoutSymbol(typed.trim())
  if (!/^[\d.,\s\u00a0\u202f]+$/.test(text) || !/\d/.test(text)) {
    return { ok: false, problem: 'not-money' }
  }
  // Spaces group thousands only; mark them so the grouping check sees them.
  const marked = text.replace(SPACES, ' ')
  const twoWays = readTwoWays(marked)
  if (twoWays) return twoWays
  const separators = [...marked.matchAll(/[.,]/g)]
  let whole = marked
  let fraction = ''
  const last = separators.at(-1)
  if (last) {
    const after = marked.slice(last.index + 1)
    const kinds = new Set(separators.map((match) => match[0]))
    // One or two digits after the last separator, or a second kind before it: the decimal point.
    const isDecimal = /^\d{1,2}$/.test(after) || (kinds.size === 2 && /^\d*$/.test(after))
    if (isDecimal) {
      if (marked.slice(0, last.index).includes(last[0])) return { ok: false, problem: 'unclear' }
      whole = marked.slice(0, last.index)
      fraction = after
    }
  }
  const groups = whole === '' ? [''] : whole.split(/[ .,]/)
  const [first, ...rest] = groups
  if (rest.length > 0) {
    // Thousands: one mark throughout, groups of three after a first of one to three digits.
    const marks = new Set(whole.match(/[ .,]/g))
    if (marks.size > 1 || !/^[1-9]\d{0,2}$/.test(first!)) return { ok: false, problem: 'unclear' }
    if (!rest.every((group) => /^\d{3}$/.test(group))) return { ok: false, problem: 'unclear' }
  } else if (!/^\d*$/.test(first!) || (first === '' && fraction === '')) {
    return { ok: false, problem: 'unclear' }
  }
  if (fraction.length > 2) return { ok: false, problem: 'unclear' }
  const dollars = Number(groups.join('') || '0')
  if (dollars > maxDollars) return { ok: false, problem: 'too-much' }
  return { ok: true, cents: dollars * 100 + Number(fraction.padEnd(2, '0') || '0') }
}

/** What a person reads when an amount cannot be taken: 'The price must be …'. */
export function moneyProblemMessage(
  label: string,
  refused: MoneyProblem,
  maxDollars = MAX_DOLLARS,
): string {
  switch (refused.problem) {
    case 'too-much':
      return `${label} must be at most ${formatMoney(maxDollars * 100)}.`
    case 'two-ways':
      return `${label} can be read two ways: write it as ${refused.ways[0]} or ${refused.ways[1]}.`
    case 'unclear':
      return `${label} is unclear: write it like 1050 or 10.50, with the cents after one point or comma.`
    case 'not-money':
      // In the bakery's own money and marks: '$45 or $12.50', '45 € or 12,50 €'.
      return `${label} must be an amount of money, like ${formatMoney(4500)} or ${formatMoneyWithCents(1250)}.`
  }
}
