/**
 * The owner's form for a treat sold at a set price (decision 103), as the
 * server reads it: the price (empty sells it quoted, as always), whether she
 * lets customers pay at pickup, a rush fee inside a notice, and rows of
 * option groups, each with rows of choices. A row left empty is skipped; a
 * row begun is read whole, and every problem is named beside its field.
 * Keys (the `option.<group>` fields) come from the names she writes. Pure:
 * the page and the tests use it.
 */
import { formatCount } from '#app/utils/count.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import type { OptionChoice, OptionGroup, SetPrice } from './option-prices.ts'

export const SET_PRICE_LIMITS = {
  /** Rows the form offers and the server reads: bounds on the loops as much as rules. */
  groups: 8,
  choices: 12,
  label: 60,
  rushDays: 60,
} as const

/**
 * A treat's set price as the form writes it. Her options and price are kept
 * when she stops selling it now, so she can turn it back on as it was.
 */
export interface SetPriceFormInput {
  /** On: customers buy it at once at this price; off: it is quoted, as always. */
  sellsNow: boolean
  /** Null only when it is not sold now and she left the price empty. */
  basePriceCents: number | null
  rush: SetPrice['rush']
  groups: OptionGroup[]
  payAtPickup: boolean
}

export type SetPriceFormResult =
  { ok: true; input: SetPriceFormInput } | { ok: false; errors: FieldErrors<string> }

type Form = URLSearchParams | FormData

function textOf(form: Form, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

/** The form field's key for a name she wrote: 'Eight inch (serves 12)' → 'eight-inch-serves-12'. */
export function keyOf(label: string): string {
  return (
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      // Room for a '-2' after it: the field's name takes 40 at most.
      .slice(0, 37)
      .replace(/-+$/, '') || 'option'
  )
}

/** `key`, or `key-2`, `key-3`… when an earlier row has it. */
function uniqueKey(key: string, taken: Set<string>): string {
  let unique = key
  for (let n = 2; taken.has(unique); n += 1) unique = `${key}-${n}`
  taken.add(unique)
  return unique
}

/**
 * A price change as people write it: '5', '+5', '2.50', '-2' or '−2' (a
 * smaller size for less); empty is nothing. Cents, or a message.
 */
export function readPriceChange(written: string, label: string): number | string {
  if (written === '') return 0
  const negative = /^[-−]/.test(written)
  const unsigned = written.replace(/^[-−+]\s*/, '')
  const money = readMoney(unsigned)
  if (!money.ok) return moneyProblemMessage(label, money)
  return negative ? -money.cents : money.cents
}

function readChoices(form: Form, group: number, errors: FieldErrors<string>): OptionChoice[] {
  const choices: OptionChoice[] = []
  const keys = new Set<string>()
  for (let row = 0; row < SET_PRICE_LIMITS.choices; row += 1) {
    const field = (part: string) => `group.${group}.choice.${row}.${part}`
    const label = textOf(form, field('label'))
    const price = textOf(form, field('price'))
    if (!label && !price) continue
    if (!label) {
      errors[field('label')] = 'Name this choice, or clear its price.'
      continue
    }
    if (label.length > SET_PRICE_LIMITS.label) {
      errors[field('label')] = `Keep it to ${SET_PRICE_LIMITS.label} characters.`
      continue
    }
    const cents = readPriceChange(price, 'What it adds')
    if (typeof cents === 'string') {
      errors[field('price')] = cents
      continue
    }
    choices.push({
      key: uniqueKey(keyOf(label), keys),
      label,
      priceCents: cents,
      quoteNeeded: textOf(form, field('quote')) === 'on',
    })
  }
  return choices
}

function readGroups(form: Form, errors: FieldErrors<string>): OptionGroup[] {
  const groups: OptionGroup[] = []
  const keys = new Set<string>()
  for (let row = 0; row < SET_PRICE_LIMITS.groups; row += 1) {
    const field = (part: string) => `group.${row}.${part}`
    const label = textOf(form, field('label'))
    const kind = textOf(form, field('kind')) === 'text' ? 'text' : 'choice'
    const choices = readChoices(form, row, errors)
    const textPrice = textOf(form, field('price'))
    if (!label && choices.length === 0 && !textPrice) continue
    if (!label) {
      errors[field('label')] = 'Name this option: “Size”, “Flavour”.'
      continue
    }
    if (label.length > SET_PRICE_LIMITS.label) {
      errors[field('label')] = `Keep it to ${SET_PRICE_LIMITS.label} characters.`
      continue
    }
    const priceCents = kind === 'text' ? readPriceChange(textPrice, 'Its price') : 0
    if (typeof priceCents === 'string') {
      errors[field('price')] = priceCents
      continue
    }
    if (kind === 'choice' && choices.length === 0) {
      errors[`group.${row}.choice.0.label`] = `Give ${label} at least one choice.`
      continue
    }
    groups.push({
      key: uniqueKey(keyOf(label), keys),
      label,
      kind,
      required: kind === 'choice' && textOf(form, field('required')) === 'on',
      choices: kind === 'choice' ? choices : [],
      priceCents,
    })
  }
  return groups
}

/** Reads the set-price form; on, it needs a price, and off it keeps what she wrote. */
export function readSetPriceForm(form: Form): SetPriceFormResult {
  const errors: FieldErrors<string> = {}
  const sellsNow = textOf(form, 'sells_now') === 'on'
  const written = textOf(form, 'set_price')
  let basePriceCents: number | null = null
  if (written === '') {
    if (sellsNow) errors.set_price = 'Give the price it sells at.'
  } else {
    const money = readMoney(written)
    if (money.ok) basePriceCents = money.cents
    else errors.set_price = moneyProblemMessage('The price', money)
  }
  const rush = readRush(form, errors)
  const groups = readGroups(form, errors)
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    input: {
      sellsNow,
      basePriceCents,
      rush,
      groups,
      payAtPickup: textOf(form, 'pay_at_pickup') === 'on',
    },
  }
}

/** The rush fee inside a notice: both or neither. */
function readRush(form: Form, errors: FieldErrors<string>): SetPrice['rush'] {
  const daysWritten = textOf(form, 'rush_days')
  const fee = readPriceChange(textOf(form, 'rush_fee'), 'The rush fee')
  if (typeof fee === 'string') {
    errors.rush_fee = fee
    return null
  }
  if (fee < 0) {
    errors.rush_fee = 'The rush fee cannot take money off.'
    return null
  }
  if (daysWritten === '' && fee === 0) return null
  const days = Number(daysWritten)
  if (!/^\d{1,3}$/.test(daysWritten) || days < 1 || days > SET_PRICE_LIMITS.rushDays) {
    errors.rush_days = `Give the rush notice in days, from 1 to ${formatCount(SET_PRICE_LIMITS.rushDays)}.`
    return null
  }
  if (fee === 0) {
    errors.rush_fee = 'Give the rush fee, or clear the days.'
    return null
  }
  return { withinDays: days, feeCents: fee }
}

/** The form's fields for what is kept of a treat: what the owner's page starts with. */
export function setPriceValues(kept: SetPriceFormInput): Record<string, string> {
  const money = (cents: number) => (cents === 0 ? '' : (cents / 100).toFixed(2))
  const values: Record<string, string> = {
    set_price: kept.basePriceCents === null ? '' : money(kept.basePriceCents) || '0',
    rush_days: kept.rush ? String(kept.rush.withinDays) : '',
    rush_fee: kept.rush ? money(kept.rush.feeCents) : '',
  }
  if (kept.sellsNow) values.sells_now = 'on'
  if (kept.payAtPickup) values.pay_at_pickup = 'on'
  for (const [row, group] of kept.groups.entries()) {
    values[`group.${row}.label`] = group.label
    values[`group.${row}.kind`] = group.kind
    if (group.required) values[`group.${row}.required`] = 'on'
    if (group.kind === 'text') values[`group.${row}.price`] = money(group.priceCents)
    for (const [index, choice] of group.choices.entries()) {
      const field = `group.${row}.choice.${index}`
      values[`${field}.label`] = choice.label
      values[`${field}.price`] = money(choice.priceCents)
      if (choice.quoteNeeded) values[`${field}.quote`] = 'on'
    }
  }
  return values
}
