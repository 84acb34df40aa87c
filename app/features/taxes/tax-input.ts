import { MAX_TAX_PPM } from '#app/features/order-status/tax-rules.ts'

/**
 * Her taxes' form, read: a rate as she writes it ("13", "13%", "9.975"),
 * a name and a rule, each bounded. The browser may load this file.
 */

export const TAX_LIMITS = { name: 30, className: 60, rule: 600, rates: 12, classes: 20 } as const

/** Her Taxes page's intents. */
export const TAX_INTENTS = [
  'add-rate',
  'save-rate',
  'remove-rate',
  'add-class',
  'save-class',
  'remove-class',
  'save-treats',
] as const
export type TaxIntent = (typeof TAX_INTENTS)[number]

/**
 * A rate as she wrote it, in parts per million, or why not: up to four
 * decimals of a percent (QST is 9.975%), a dot or a comma for the point
 * (no rate reaches a thousand, so a comma is never a thousands mark).
 */
export function readRate(typed: string): { ok: true; ppm: number } | { ok: false; error: string } {
  const plain = typed.trim().replace(/\s*%$/, '').trim()
  const match = /^(\d{1,3})(?:[.,](\d{1,4}))?$/.exec(plain)
  if (!match) {
    return { ok: false, error: 'Write the rate as a percent, like 13 or 9.975.' }
  }
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'))
  if (ppm <= 0) {
    return {
      ok: false,
      error: 'A rate of 0% charges nothing: leave a class without rates instead.',
    }
  }
  if (ppm > MAX_TAX_PPM) return { ok: false, error: 'A rate can be at most 100%.' }
  return { ok: true, ppm }
}

/** A name or rule as written, its spaces tidied, or null when empty or too long. */
export function readWords(typed: string | undefined, most: number): string | null {
  const words = (typed ?? '').replace(/\s+/g, ' ').trim()
  return words.length > 0 && words.length <= most ? words : null
}
