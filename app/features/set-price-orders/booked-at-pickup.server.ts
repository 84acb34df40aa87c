/**
 * What a set-price order paid at pickup tells as it is confirmed, in the
 * transaction that makes it: her "booked" email, the owner's email and an
 * alert to the owner's phone.
 */
import type { Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import {
  type DetailRow,
  ownerRequestEmail,
  requestRows,
} from '#app/features/mail/owner-request-email.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { amountsOwed, discountLabel } from '#app/features/order-status/money-owed.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { newRequestAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { SetPriceOrder } from './set-price-orders.server.ts'

/** The order as it was just booked, to be told of. */
interface BookedOrder {
  order: SetPriceOrder
  batchId: number
  requestId: number
  reference: string
  totalCents: number
  discount: { code: string; cents: number } | null
}

/**
 * Queues her "booked" email, the owner's email saying what is left to pay
 * (a gift card may have paid part already) and the owner's alert.
 */
export async function tellBookedAtPickup(
  trx: Transaction<Database>,
  booked: BookedOrder,
): Promise<void> {
  const { order, batchId, requestId } = booked
  const { now } = order
  const owedCents = amountsOwed(await moneyOf(trx, requestId)).stillOwed
  await queueRequestUpdate(trx, 'confirmed', { requestId, siteUrl: order.siteUrl, now })
  const bakeryName = (await readSiteSection(trx, 'identity')).name
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: requestId,
      email: ownerBookedEmail(booked, { owedCents, bakeryName }),
      dedupeKey: `set-price-order:${requestId}:owner`,
    },
    now,
  )
  await queueOwnerAlert(
    trx,
    newRequestAlert(batchId, [
      {
        id: requestId,
        name: order.request.name,
        productType: order.request.product_type,
        dueDate: order.request.due_date,
      },
    ]),
    now,
  )
}

/** The owner's email of an order booked to pay at pickup: what it is, what is owed, and its rows. */
function ownerBookedEmail(
  { order, requestId, reference, totalCents, discount }: BookedOrder,
  { owedCents, bakeryName }: { owedCents: number; bakeryName: string },
) {
  const { request } = order
  return ownerRequestEmail({
    customer: { name: request.name, email: request.email },
    subject: `New order: ${request.product_type}`,
    lead: `${request.name} ordered ${request.event_theme}, to pay ${formatMoney(owedCents)} ${request.fulfilment === 'delivery' ? 'on delivery' : 'at pickup'}${discount ? ` (${discountLabel(discount.code)} took ${formatMoney(discount.cents)} off)` : ''}${owedCents < totalCents ? `; ${formatMoney(totalCents - owedCents)} of its ${formatMoney(totalCents)} is paid` : ''}. It is confirmed and on your bake list.`,
    rows: [
      ...requestRows({
        productType: request.product_type,
        dueDate: request.due_date,
        paymentReference: reference,
      }),
      ...(request.pickup_window
        ? [['Pickup', formatWindow(request.pickup_window)] as DetailRow]
        : []),
    ],
    requestUrl: `${order.siteUrl}/admin/orders/${requestId}`,
    bakeryName,
  })
}
