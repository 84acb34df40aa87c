import type { Db } from '#app/db/db.server.ts'
import { formatCount } from '#app/utils/count.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { readDeliveryFeeForm } from './delivery-fee-form.ts'
import { replaceDeliveryFees } from './delivery-fees.server.ts'

/** The delivery fees form's answer: saved, or each problem by its field with what she wrote. */
export type DeliveryFeeAnswer =
  | { ok: true; intent: 'delivery-fees'; message: string }
  | {
      ok: false
      intent: 'delivery-fees'
      errors: FieldErrors<string>
      values: Record<string, string>
    }

/** Her delivery fees by postal-code prefix, kept whole or refused with nothing changed. */
export async function receiveDeliveryFees(
  db: Db,
  form: URLSearchParams,
): Promise<Reply<DeliveryFeeAnswer>> {
  const read = readDeliveryFeeForm(form)
  if (!read.ok) {
    return reply(400, {
      ok: false,
      intent: 'delivery-fees',
      errors: read.errors,
      values: Object.fromEntries([...form].map(([name, value]) => [name, value.slice(0, 100)])),
    })
  }
  await replaceDeliveryFees(db, read.fees)
  return reply(200, {
    ok: true,
    intent: 'delivery-fees',
    message:
      read.fees.length === 0
        ? 'Saved. Treats bought now are not delivered.'
        : `Saved: ${formatCount(read.fees.length)} delivery ${read.fees.length === 1 ? 'fee' : 'fees'}.`,
  })
}
