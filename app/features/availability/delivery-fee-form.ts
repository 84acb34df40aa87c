/**
 * The owner's delivery fees by postal-code prefix (decision 102), as her
 * form posts them: rows of a prefix and a fee. A row left empty is skipped;
 * a row begun is read whole, each problem named beside its field. Pure: the
 * page and the tests use it.
 */
import type { DeliveryFee } from '#app/features/menu/option-prices.ts'
import { postalKey } from '#app/features/menu/option-prices.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'

/** Rows the form offers and the server reads: a bound on the loop as much as a rule. */
export const DELIVERY_FEE_ROWS = 40

/** The longest prefix: a whole Canadian or British postcode, or a US ZIP+4 without its dash. */
const PREFIX = /^[A-Z0-9]{1,9}$/

export type DeliveryFeeFormResult =
  { ok: true; fees: DeliveryFee[] } | { ok: false; errors: FieldErrors<string> }

type Form = URLSearchParams | FormData

function textOf(form: Form, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value.trim() : ''
}

export function readDeliveryFeeForm(form: Form): DeliveryFeeFormResult {
  const errors: FieldErrors<string> = {}
  const fees: DeliveryFee[] = []
  for (let row = 0; row < DELIVERY_FEE_ROWS; row += 1) {
    const field = (part: string) => `fee.${row}.${part}`
    const written = textOf(form, field('prefix'))
    const amount = textOf(form, field('amount'))
    if (!written && !amount) continue
    const prefix = postalKey(written)
    if (!PREFIX.test(prefix)) {
      errors[field('prefix')] = 'Give the start of the postal codes: letters and digits, like M4C.'
      continue
    }
    if (fees.some((fee) => fee.prefix === prefix)) {
      errors[field('prefix')] = `${prefix} has a fee above; keep one.`
      continue
    }
    const money = readMoney(amount === '' ? '0' : amount)
    if (!money.ok) {
      errors[field('amount')] = moneyProblemMessage('The fee', money)
      continue
    }
    fees.push({ prefix, feeCents: money.cents })
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fees }
}
