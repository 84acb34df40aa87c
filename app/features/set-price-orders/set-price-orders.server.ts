import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import {
  type DetailRow,
  ownerRequestEmail,
  requestRows,
} from '#app/features/order-book/owner-request-email.ts'
import {
  type SentRequest,
  storeSentRequests,
} from '#app/features/order-book/request-intake.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { newRequestAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

const ownTables = tablesFor('set-price-orders')

/**
 * How a set-price order is paid: by card now (Stripe Checkout, which
 * confirms it once the money is in), or at pickup (confirmed at once).
 */
export type SetPricePayment = 'card' | 'pickup'

export interface SetPriceOrder {
  /** The request as the book stores it; its link and reference are the book's to give. */
  request: Omit<SentRequest, 'customer_token'>
  priceCents: number
  payment: SetPricePayment
  /** The policies she ticked, as the book keeps them with her send. */
  acceptedPolicies: { markdown: string; html: string | null }
  /** Why the price needed no quote, for the timeline: "The drop's price". */
  pricedBy: string
  siteUrl: string
  now: number
}

/**
 * Orders sold at a set price (a drop's hold; a
 * buy-now item): no quote to wait for and nothing for the owner to do. The
 * request is stored as any send's, priced on its timeline by the site with
 * a quote already accepted, so the money card, her page, the receipt and
 * the CSV read one price (decision 100). Paid at pickup, it is confirmed
 * now, with her "booked" email and the owner's alert; paid by card, the
 * whole price is its deposit and the card payment confirms it, through the
 * same webhook and emails as a custom order's deposit.
 */
export async function bookAtSetPrice(
  trx: Transaction<Database>,
  order: SetPriceOrder,
  customerToken: string,
): Promise<{ requestId: number; reference: string }> {
  const { now, payment, priceCents } = order
  const { batchId, requests } = await storeSentRequests(trx, {
    requests: [{ ...order.request, customer_token: customerToken }],
    acceptedPolicies: order.acceptedPolicies,
    now: new Date(now),
  })
  const { id: requestId, reference } = requests[0]!
  const byCard = payment === 'card'
  await ownTables(trx)
    .insertInto('request_quote')
    .values({
      request_id: requestId,
      created_at: now,
      price_cents: priceCents,
      deposit_cents: byCard ? priceCents : 0,
      deposit_due: byCard ? bakeryToday(new Date(now)) : null,
      // Nothing is due before the handover: at pickup, or already paid by card.
      balance_due: null,
      payment_instructions: '',
      message: '',
      expires_at: now,
      accepted_at: now,
    })
    .execute()
  await mustMove(trx, { requestId, to: 'quoted', actor: 'site', note: order.pricedBy, now })
  if (byCard) return { requestId, reference }
  await mustMove(trx, {
    requestId,
    to: 'confirmed',
    actor: 'customer',
    note: 'Booked to pay at pickup.',
    now,
  })
  await queueRequestUpdate(trx, 'confirmed', { requestId, siteUrl: order.siteUrl, now })
  const { request } = order
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: requestId,
      email: ownerRequestEmail({
        customer: { name: request.name, email: request.email },
        subject: `New order: ${request.product_type}`,
        lead: `${request.name} ordered ${request.event_theme}, to pay ${formatMoney(priceCents)} at pickup. It is confirmed and on your bake list.`,
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
        bakeryName: (await readSiteSection(trx, 'identity')).name,
      }),
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
  return { requestId, reference }
}

/** A move of a request made in this very transaction cannot be refused; if it is, nothing is kept. */
async function mustMove(trx: Transaction<Database>, move: Parameters<typeof moveRequest>[1]) {
  const moved = await moveRequest(trx, move)
  if (!moved.ok) throw new Error(`set-price order ${move.requestId}: ${moved.error}`)
}

/** The private page's token of a request, for a page that links to it; null when gone. */
export async function customerTokenOf(
  db: Parameters<typeof ownTables>[0],
  requestId: number,
): Promise<string | null> {
  const row = await ownTables(db)
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', requestId)
    .executeTakeFirst()
  return row?.customer_token ?? null
}
