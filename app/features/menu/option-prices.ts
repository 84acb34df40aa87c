/**
 * A treat sold at a set price ("buy now", decision 102): its base price, the
 * option groups she chooses from (size, flavour, filling, tiers; a message
 * on top), each choice with what it adds, a rush fee inside a notice the
 * owner sets, and delivery fees by postal-code prefix. Any choice may need a
 * quote, which sends the order down the quote path. `priceOf` is the one
 * rule of what it costs: the price shown, the price charged and every place
 * that shows it read it. Pure and browser-safe.
 */
import { daysBetween } from '#app/utils/calendar-days.ts'
import { MAX_DOLLARS } from '#app/utils/money.ts'

export interface OptionChoice {
  /** The form value, `option.<group>=<key>`: 'eight-inch'. */
  key: string
  label: string
  /** What it adds to the price, in cents; 0 for nothing. */
  priceCents: number
  /** Chosen, the order needs the owner's quote. */
  quoteNeeded: boolean
}

export interface OptionGroup {
  /** The form field's name after `option.`: 'size'. */
  key: string
  label: string
  /** 'choice': one of its choices; 'text': her own words (a message on top), at one price. */
  kind: 'choice' | 'text'
  required: boolean
  choices: OptionChoice[]
  /** A text option's price when she writes one, in cents. */
  priceCents: number
}

export interface SetPrice {
  /** The treat's name: the first line of the price. */
  name: string
  basePriceCents: number
  groups: OptionGroup[]
  /** An order for a date fewer than `withinDays` days away pays `feeCents` more. */
  rush: { withinDays: number; feeCents: number } | null
}

/** A delivery fee for postal codes that start with `prefix` (upper case, no spaces). */
export interface DeliveryFee {
  prefix: string
  feeCents: number
}

export interface PriceAsk {
  /** `option.<group>` values as sent: a choice's key, or her words for a text option. */
  options: Readonly<Record<string, string>>
  /** YYYY-MM-DD */
  date: string
  /** The bakery's today, YYYY-MM-DD. */
  today: string
  fulfilment: 'pickup' | 'delivery'
  postalCode?: string
}

export interface PriceLine {
  label: string
  cents: number
}

export type PriceAnswer =
  | {
      ok: true
      totalCents: number
      lines: PriceLine[]
      quoteNeeded: boolean
      /** The delivery's line, in cents; 0 for a pickup. The book keeps it apart from the price. */
      deliveryFeeCents: number
    }
  | { ok: false; problems: { field: string; message: string }[] }

/** The longest message on top a text option takes. */
export const OPTION_TEXT_MAX = 60

/** More option fields than any treat has: a bound on the loop, not a rule. */
const MAX_OPTION_FIELDS = 20
/** The longest value an option field takes: a message on top, with room. */
const MAX_OPTION_VALUE = 200
const OPTION_FIELD = /^option\.([a-z0-9][a-z0-9-]{0,39})$/

/**
 * The `option.<group>` fields (ARCHITECTURE.md) of a form or of the price
 * API's query, by group; null when too many or too long.
 */
export function optionsOf(fields: URLSearchParams): Record<string, string> | null {
  const options: Record<string, string> = {}
  let count = 0
  for (const [name, value] of fields) {
    const match = OPTION_FIELD.exec(name)
    if (!match) continue
    if (++count > MAX_OPTION_FIELDS || value.length > MAX_OPTION_VALUE) return null
    options[match[1]!] = value
  }
  return options
}

/** A postal code as fee prefixes compare it: 'm4c 1b5' → 'M4C1B5'. */
export function postalKey(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase()
}

/** The fee of the longest prefix `code` starts with; null when none delivers there. */
export function deliveryFeeFor(fees: readonly DeliveryFee[], code: string): number | null {
  const key = postalKey(code)
  let best: DeliveryFee | null = null
  for (const fee of fees) {
    if (key.startsWith(fee.prefix) && (!best || fee.prefix.length > best.prefix.length)) best = fee
  }
  return best ? best.feeCents : null
}

/** Each option group's line for what she chose, or its problem. */
function optionLines(
  groups: readonly OptionGroup[],
  options: Readonly<Record<string, string>>,
  problems: { field: string; message: string }[],
): { lines: PriceLine[]; quoteNeeded: boolean } {
  const lines: PriceLine[] = []
  let quoteNeeded = false
  for (const group of groups) {
    const field = `option.${group.key}`
    const given = (options[group.key] ?? '').trim()
    if (given === '') {
      if (group.required) problems.push({ field, message: `${group.label}: choose one.` })
      continue
    }
    if (group.kind === 'text') {
      if (given.length > OPTION_TEXT_MAX) {
        problems.push({ field, message: `Keep it to ${OPTION_TEXT_MAX} characters.` })
        continue
      }
      lines.push({ label: `${group.label}: “${given}”`, cents: group.priceCents })
      continue
    }
    const choice = group.choices.find((candidate) => candidate.key === given)
    if (!choice) {
      problems.push({ field, message: `${group.label}: choose one of those offered.` })
      continue
    }
    lines.push({ label: `${group.label}: ${choice.label}`, cents: choice.priceCents })
    quoteNeeded ||= choice.quoteNeeded
  }
  return { lines, quoteNeeded }
}

/**
 * What `ask` costs of `setPrice`: a line for the treat, one for each option
 * chosen, the rush fee inside its notice and the delivery fee for her postal
 * code, and their sum; or every problem, each with its field. A choice that
 * needs a quote still has its price shown, and says so.
 */
export function priceOf(
  setPrice: SetPrice,
  deliveryFees: readonly DeliveryFee[],
  ask: PriceAsk,
): PriceAnswer {
  const problems: { field: string; message: string }[] = []
  const options = optionLines(setPrice.groups, ask.options, problems)
  const lines: PriceLine[] = [
    { label: setPrice.name, cents: setPrice.basePriceCents },
    ...options.lines,
  ]
  const daysAway = daysBetween(ask.today, ask.date)
  if (daysAway < 0) problems.push({ field: 'date', message: 'That date has passed.' })
  else if (setPrice.rush && daysAway < setPrice.rush.withinDays) {
    lines.push({ label: 'Rush fee', cents: setPrice.rush.feeCents })
  }
  let deliveryFeeCents = 0
  if (ask.fulfilment === 'delivery') {
    const code = postalKey(ask.postalCode ?? '')
    const fee = code === '' ? null : deliveryFeeFor(deliveryFees, code)
    if (code === '')
      problems.push({ field: 'postal_code', message: 'Give the postal code to deliver to.' })
    else if (fee === null)
      problems.push({ field: 'postal_code', message: `We do not deliver to ${code}.` })
    else {
      lines.push({ label: 'Delivery', cents: fee })
      deliveryFeeCents = fee
    }
  }
  if (problems.length > 0) return { ok: false, problems }
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0)
  // Options that take off more than the treat costs leave nothing to charge for it.
  if (totalCents - deliveryFeeCents < 0 || totalCents > MAX_DOLLARS * 100) {
    return {
      ok: false,
      problems: [
        {
          field: 'options',
          message: 'That combination cannot be priced here: ask us for a quote.',
        },
      ],
    }
  }
  return { ok: true, totalCents, lines, quoteNeeded: options.quoteNeeded, deliveryFeeCents }
}

/**
 * Every combination of a treat's choice options (text options left empty or
 * filled): what the property test walks, and the owner's page could list.
 * Bounded: a treat with more than `max` combinations is cut short.
 */
export function everyCombination(
  groups: readonly OptionGroup[],
  max = 10_000,
): Record<string, string>[] {
  let combinations: Record<string, string>[] = [{}]
  for (const group of groups) {
    const values =
      group.kind === 'text'
        ? ['', 'Happy birthday']
        : [...(group.required ? [] : ['']), ...group.choices.map((choice) => choice.key)]
    combinations = combinations
      .flatMap((combination) => values.map((value) => ({ ...combination, [group.key]: value })))
      .slice(0, max)
  }
  return combinations
}
