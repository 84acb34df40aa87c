import type { AvailabilityDay } from '#app/features/availability/availability.ts'
import { type DateRules, dateNote } from '#app/features/date-choice/date-choice.ts'
import { weekdayOf } from '#app/utils/calendar-days.ts'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import type { WeeklyWindow } from './handover-fields.tsx'
import type { OrderField, OrderRequest } from './order-schema.ts'
import { PARTY_FIELDS, type PartyContact } from './party-contact.ts'

// The schema (and zod with it) loads when the visitor first touches the form,
// not with the page.
export const loadOrderSchema = () => import('./order-schema.ts')

/** What the form's checks found: the order to queue, or a message for each field to fix. */
export type OrderCheck =
  { ok: true; order: OrderRequest } | { ok: false; errors: FieldErrors<OrderField> }

/**
 * 'Add to Cart' checks every field with the shared schema, then the date
 * and the time against what the calendar already knows.
 */
export async function checkOrder(
  values: Record<string, FormDataEntryValue>,
  {
    today,
    products,
    deliveryEnabled,
    days,
    rules,
    pickupWindows,
  }: {
    today: string
    products: readonly string[]
    deliveryEnabled: boolean
    days: ReadonlyMap<string, AvailabilityDay>
    rules: DateRules
    pickupWindows: readonly WeeklyWindow[]
  },
): Promise<OrderCheck> {
  const { orderRequestSchema } = await loadOrderSchema()
  const parsed = orderRequestSchema({ today, products, deliveryEnabled }).safeParse(values)
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf<OrderField>(parsed.error) }
  // The server decides on send; this spares the visitor a day we already know is taken.
  const note = dateNote(parsed.data.due_date, days, rules)
  if (note?.tone === 'unavailable') return { ok: false, errors: { due_date: note.text } }
  const dayHasWindows = pickupWindows.some(
    (window) => window.weekday === weekdayOf(parsed.data.due_date),
  )
  if (dayHasWindows && !parsed.data.pickup_window) {
    const message = `Choose a ${parsed.data.fulfilment === 'delivery' ? 'delivery' : 'pickup'} time for your date.`
    return { ok: false, errors: { pickup_window: message } }
  }
  return { ok: true, order: parsed.data }
}

/** Her changed details checked by the order's own rules. */
export async function checkContact(
  form: HTMLFormElement,
): Promise<{ ok: true; contact: PartyContact } | { ok: false; errors: FieldErrors<OrderField> }> {
  const given = Object.fromEntries(
    PARTY_FIELDS.map((field) => [
      field,
      (form.elements.namedItem(field) as HTMLInputElement | null)?.value,
    ]),
  )
  const { partyContactSchema } = await loadOrderSchema()
  const parsed = partyContactSchema.safeParse(given)
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf<OrderField>(parsed.error) }
  return { ok: true, contact: parsed.data }
}
