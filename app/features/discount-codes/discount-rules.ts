/**
 * Her discount codes' rules (decision 109): what a code takes off a price,
 * when it may be used, and how each is said. The browser may load this file.
 */
import { discountLabel } from '#app/features/order-status/money-owed.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

export type DiscountKind = 'amount' | 'percent'

/** A code and its terms, as she set them. */
export interface CodeTerms {
  code: string
  kind: DiscountKind
  /** Cents off for an amount; whole percent off (1–100) for a percent. */
  value: number
  /** The smallest price (before delivery) it applies to; null for any. */
  minPriceCents: number | null
  firstOrderOnly: boolean
  oncePerCustomer: boolean
  /** YYYY-MM-DD in the bakery's time zone, the first and last days; null for open. */
  startsOn: string | null
  endsOn: string | null
  /** How many orders may use it in all; null for no limit. */
  maxUses: number | null
  uses: number
  retired: boolean
}

/** A code as customers may type it: letters, digits and dashes, 3 to 24 of them. */
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,23}$/

/** `typed` as a code is kept and looked up (any case, spaces around); null when it cannot be one. */
export function codeOf(typed: string): string | null {
  const code = typed.trim().toUpperCase()
  return CODE_PATTERN.test(code) ? code : null
}

/**
 * What the code takes off a price of `priceCents` (the treats, before any
 * delivery fee, which a code never touches). The one rounding rule: a
 * percent is of the price in cents, rounded to the nearest cent, a half
 * cent up (15% of $12.50 is $1.875, so $1.88 off); an amount is never more
 * than the price.
 */
export function discountCents(
  terms: Pick<CodeTerms, 'kind' | 'value'>,
  priceCents: number,
): number {
  if (priceCents <= 0) return 0
  if (terms.kind === 'amount') return Math.min(terms.value, priceCents)
  // Integer maths: price × percent is whole cents × 100, so adding 50 and
  // dividing rounds a half up with no float in the way.
  return Math.min(priceCents, Math.floor((priceCents * terms.value + 50) / 100))
}

/** Where a code stands on `today`, as her list says it. */
export type CodeStanding = 'on' | 'not yet' | 'ended' | 'used up' | 'stopped'

export function standingOf(terms: CodeTerms, today: string): CodeStanding {
  if (terms.retired) return 'stopped'
  if (terms.maxUses !== null && terms.uses >= terms.maxUses) return 'used up'
  if (terms.endsOn !== null && today > terms.endsOn) return 'ended'
  if (terms.startsOn !== null && today < terms.startsOn) return 'not yet'
  return 'on'
}

/**
 * Why the code cannot take anything off a price of `priceCents` on
 * `today`, in the customer's words; null when it can. What depends on who
 * she is (a first order, once each) is asked when the order is made.
 */
export function refusalOf(terms: CodeTerms, priceCents: number, today: string): string | null {
  const standing = standingOf(terms, today)
  if (standing === 'stopped' || standing === 'ended') {
    return `The code ${terms.code} has ended.`
  }
  if (standing === 'used up') return `The code ${terms.code} has been used up.`
  if (standing === 'not yet') {
    return `The code ${terms.code} starts on ${formatCalendarDate(terms.startsOn!)}.`
  }
  if (terms.minPriceCents !== null && priceCents < terms.minPriceCents) {
    return `The code ${terms.code} is for orders of ${formatMoney(terms.minPriceCents)} or more.`
  }
  return null
}

/** '$5 off', '15% off'. */
export function offWords(terms: Pick<CodeTerms, 'kind' | 'value'>): string {
  return terms.kind === 'amount' ? `${formatMoney(terms.value)} off` : `${terms.value}% off`
}

/** Her terms in one line: '15% off · first orders · $40 or more · until Dec 24, 2026'. */
export function termsWords(terms: CodeTerms): string {
  return [
    offWords(terms),
    terms.firstOrderOnly ? 'first orders only' : null,
    terms.oncePerCustomer ? 'once per customer' : null,
    terms.minPriceCents !== null ? `orders of ${formatMoney(terms.minPriceCents)} or more` : null,
    terms.startsOn ? `from ${formatCalendarDate(terms.startsOn)}` : null,
    terms.endsOn ? `until ${formatCalendarDate(terms.endsOn)}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** How many uses it has had and has left: '3 of 10 used', '3 used'. */
export function usesWords(terms: Pick<CodeTerms, 'uses' | 'maxUses'>): string {
  return terms.maxUses === null ? `${terms.uses} used` : `${terms.uses} of ${terms.maxUses} used`
}

/** A price with a code's part taken off: what her page shows and her order is made at. */
export interface CodedPrice {
  totalCents: number
  lines: { label: string; cents: number }[]
}

/** `price` with `cents` taken off by `code`, as a line of its own below 0; never below nothing. */
export function withDiscount<P extends CodedPrice>(price: P, code: string, cents: number): P {
  if (cents <= 0) return price
  return {
    ...price,
    totalCents: Math.max(0, price.totalCents - cents),
    lines: [...price.lines, { label: discountLabel(code), cents: -cents }],
  }
}

/** What her page needs to take a code off as she changes her choices: the code's public terms. */
export type AppliedCode = Pick<CodeTerms, 'code' | 'kind' | 'value' | 'minPriceCents'>

/** The terms her page is given once the code she typed is found and may be used. */
export function appliedCodeOf(terms: CodeTerms): AppliedCode {
  const { code, kind, value, minPriceCents } = terms
  return { code, kind, value, minPriceCents }
}

/**
 * `price` with `applied` taken off, as her page and the server both say it:
 * of the treats' price (before any delivery fee), when it reaches the
 * code's smallest order; `price` itself otherwise.
 */
export function withCode<P extends CodedPrice & { deliveryFeeCents: number }>(
  price: P,
  applied: AppliedCode | null,
): P {
  if (!applied) return price
  const priceCents = price.totalCents - price.deliveryFeeCents
  if (applied.minPriceCents !== null && priceCents < applied.minPriceCents) return price
  return withDiscount(price, applied.code, discountCents(applied, priceCents))
}

/** A code's use as an order's timeline marks it: "Used Code WELCOME: $5 off." */
export function codeUsedNote(code: string, cents: number): string {
  return `Used ${discountLabel(code)}: ${formatMoney(cents)} off.`
}
