/**
 * The drop page's reserve form as the server reads it (and the page checks
 * it with, before it posts): `qty.<item id>` for each item, `pickup_window`
 * (HH:MM-HH:MM), `name`, `email`, `phone` (docs: ARCHITECTURE.md, part 17).
 */
import { z } from 'zod/mini'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import { emailAddress, personName, phoneNumber } from '#app/utils/form-fields.ts'
import type { Customer } from './drop-holds.server.ts'
import { type Basket, MAX_QUANTITY } from './drop-stock.ts'

export const NAME_MAX = 100

/** More item fields than any drop has: a bound on the loop, not a rule she meets. */
export const MAX_ITEM_FIELDS = 100

export type ReserveField = 'name' | 'email' | 'phone' | 'pickup_window' | 'items'

const customerSchema = z.object({
  name: personName('Name', NAME_MAX),
  email: emailAddress,
  phone: phoneNumber,
})

const WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/
const CLAIM = /^[\w-]{24}$/
const QUANTITY_FIELD = /^qty\.([1-9]\d{0,8})$/

export type ReserveForm =
  | {
      ok: true
      basket: Basket
      customer: Customer
      /** The token of a hold kept for her from the waitlist, when she came by its link. */
      claim?: string
    }
  | { ok: false; errors: FieldErrors<ReserveField> }

function readQuantities(form: URLSearchParams | FormData): Map<number, number> | string {
  const quantities = new Map<number, number>()
  let fields = 0
  for (const [key, value] of form) {
    const match = QUANTITY_FIELD.exec(key)
    if (!match) continue
    if (++fields > MAX_ITEM_FIELDS) return 'Too many items in one basket.'
    const written = typeof value === 'string' ? value.trim() : ''
    if (written === '') continue
    if (!/^\d{1,2}$/.test(written) || Number(written) > MAX_QUANTITY)
      return `Choose a number from 0 to ${MAX_QUANTITY} for each item.`
    if (Number(written) > 0) quantities.set(Number(match[1]), Number(written))
  }
  return quantities.size > 0 ? quantities : 'Choose at least one item.'
}

export function readReserveForm(form: URLSearchParams | FormData): ReserveForm {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const errors: FieldErrors<ReserveField> = {}
  const quantities = readQuantities(form)
  if (typeof quantities === 'string') errors.items = quantities
  const window = text('pickup_window').trim()
  if (!WINDOW.test(window)) errors.pickup_window = 'Choose a pickup time.'
  const customer = customerSchema.safeParse({
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
  })
  if (!customer.success) Object.assign(errors, fieldErrorsOf<ReserveField>(customer.error))
  if (!customer.success || typeof quantities === 'string' || errors.pickup_window)
    return { ok: false, errors }
  const claim = text('claim').trim()
  return {
    ok: true,
    basket: { quantities, window },
    customer: customer.data,
    // Hold tokens are 24 URL-safe characters; anything else claims nothing.
    ...(CLAIM.test(claim) ? { claim } : {}),
  }
}
