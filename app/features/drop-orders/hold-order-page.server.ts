import { getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { type HoldPageView, readHoldPage } from '#app/features/drops/drop-pages.server.ts'
import { orderOfHold } from '#app/features/drops/hold-orders.server.ts'
import { statusOf } from '#app/features/order-book/request-moves.server.ts'
import {
  CALLED_OFF_STATUSES,
  QUOTABLE_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import type { SetPricePayment } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { customerTokenOf } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { paymentChoices } from './hold-order.server.ts'

export interface HoldOrderView {
  hold: HoldPageView
  /** How she may pay, card first; what the order form offers. */
  payments: SetPricePayment[]
  /** The order policies she ticks, as /policies shows them. */
  policiesHtml: string
  /** Her order's own page, once the hold is an order. */
  orderPage: string | null
  /** Once an order: the page's heading, as the order stands (booked, waiting for her card, called off). */
  orderHeading: string | null
}

/** A hold's page with its order form, or the link to the order it became. */
export async function readHoldOrderPage(
  db: Db,
  input: { slug: string; token: string; now: Date },
): Promise<HoldOrderView | null> {
  const hold = await readHoldPage(db, input)
  if (!hold) return null
  const requestId = hold.state === 'ordered' ? await orderOfHold(db, input.token) : null
  const [customerToken, status] =
    requestId === null
      ? [null, undefined]
      : await Promise.all([customerTokenOf(db, requestId), statusOf(db, requestId)])
  return {
    hold,
    payments: paymentChoices(hold, getEnv()),
    policiesHtml: hold.state === 'held' ? await readPoliciesHtml(db) : '',
    orderPage: customerToken ? `/requests/${customerToken}` : null,
    orderHeading: status ? orderHeadingOf(status) : null,
  }
}

/** How the hold's page names the order it became, by where the order stands. */
function orderHeadingOf(status: RequestStatus): string {
  if (isIn(CALLED_OFF_STATUSES, status)) return 'This order was called off'
  if (isIn(QUOTABLE_STATUSES, status)) return 'Your order waits for its payment'
  return 'Your order is in'
}
