import type { Db } from '#app/db/db.server.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { readSetPriceForm } from './set-price-form.ts'
import { saveSetPrice } from './set-prices.server.ts'

/** The set-price form's answer: saved, or each problem by its field with what she wrote. */
export type SetPriceAnswer =
  | { ok: true; intent: 'set-price'; message: string }
  | { ok: false; intent: 'set-price'; errors: FieldErrors<string>; values: Record<string, string> }

/** What she wrote, each field cut to far more than it takes, to fill the form again. */
export function writtenValues(form: URLSearchParams): Record<string, string> {
  return Object.fromEntries([...form].map(([name, value]) => [name, value.slice(0, 500)]))
}

/**
 * Her set-price form for the treat `productId` (decision 103): kept whole,
 * or refused with each problem beside its field and nothing changed.
 */
export async function receiveSetPrice(
  db: Db,
  productId: number,
  form: URLSearchParams,
): Promise<Reply<SetPriceAnswer>> {
  const read = readSetPriceForm(form)
  if (!read.ok) {
    return reply(400, {
      ok: false,
      intent: 'set-price',
      errors: read.errors,
      values: writtenValues(form),
    })
  }
  if (!(await saveSetPrice(db, productId, read.input))) {
    return reply(404, {
      ok: false,
      intent: 'set-price',
      errors: { set_price: 'This treat is no longer on the menu.' },
      values: writtenValues(form),
    })
  }
  const { sellsNow, groups } = read.input
  return reply(200, {
    ok: true,
    intent: 'set-price',
    message: sellsNow
      ? `Saved. Customers can buy it now${groups.length > 0 ? ', with its options' : ''}.`
      : 'Saved. It is quoted, as before; its price and options are kept for later.',
  })
}
