import { getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { priceWithCode } from '#app/features/discount-codes/discount-codes.server.ts'
import { type HoldPageView, readHoldPage } from '#app/features/drops/drop-pages.server.ts'
import { orderOfHold } from '#app/features/drops/hold-orders.server.ts'
import { anyGiftCardSold } from '#app/features/gift-cards/gift-card-book.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { statusOf } from '#app/features/order-book/request-moves.server.ts'
import {
  chargesAfterPrice,
  discountLabel,
  formatLine,
  totalOf,
} from '#app/features/order-status/money-owed.ts'
import {
  CALLED_OFF_STATUSES,
  QUOTABLE_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import type { SetPricePayment } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { customerTokenOf } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { taxesForLines } from '#app/features/taxes/order-taxes.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { paymentChoices } from './hold-order.server.ts'

export interface HoldOrderView {
  hold: HoldPageView
  /** What she orders at: the items less a code, with their taxes. */
  orderTotal: string
  orderTotalCents: number
  /** How she may pay, card first; what the order form offers. */
  payments: SetPricePayment[]
  /** The order policies she ticks, as /policies shows them. */
  policiesHtml: string
  /** Her order's own page, once the hold is an order. */
  orderPage: string | null
  /** Once an order: the page's heading, as the order stands (booked, waiting for her card, called off). */
  orderHeading: string | null
  /** The code she applied (`?code=`): what it takes off, or why it cannot; null for none. */
  code: HoldCode | null
  /** Whether the order form takes a gift card's code: once any card was sold. */
  giftCards: boolean
}

export interface HoldCode {
  typed: string
  /** Found and usable: its line, and the total she orders at. */
  applied: { code: string; line: string; off: string; offCents: number } | null
  error: string | null
}

/** What `typed` takes off the hold's treats, as the page shows it before she orders. */
async function holdCodeOf(
  db: Db,
  { typed, totalCents, today }: { typed: string; totalCents: number; today: string },
): Promise<HoldCode> {
  const answer = await priceWithCode(db, { typed, priceCents: totalCents, today })
  if (!answer.ok) return { typed, applied: null, error: answer.message }
  return {
    typed,
    applied: {
      code: answer.code,
      line: discountLabel(answer.code),
      off: formatMoney(answer.cents),
      offCents: answer.cents,
    },
    error: null,
  }
}

/** A hold's page with its order form, or the link to the order it became. */
export async function readHoldOrderPage(
  db: Db,
  input: { slug: string; token: string; now: Date; code?: string },
): Promise<HoldOrderView | null> {
  const hold = await readHoldPage(db, input)
  if (!hold) return null
  const typed = (input.code ?? '').trim().slice(0, 40)
  const code =
    typed && hold.state === 'held'
      ? await holdCodeOf(db, { typed, totalCents: hold.totalCents, today: bakeryToday(input.now) })
      : null
  const requestId = hold.state === 'ordered' ? await orderOfHold(db, input.token) : null
  // What she pays: once an order, the order's own money (its code and kept taxes); before,
  // the items less a code, with the taxes of their classes now, by the book's rule.
  const money =
    requestId === null
      ? {
          priceCents: hold.totalCents,
          deliveryFeeCents: 0,
          discount: code?.applied
            ? { code: code.applied.code, cents: code.applied.offCents }
            : null,
          taxes: await taxesForLines(db, hold.lines),
        }
      : await moneyOf(db, requestId)
  const totalCents = totalOf(money)
  const charges = chargesAfterPrice(money).map((line) => ({
    label: line.label,
    amount: formatLine(line.cents),
  }))
  const [customerToken, status] =
    requestId === null
      ? [null, undefined]
      : await Promise.all([customerTokenOf(db, requestId), statusOf(db, requestId)])
  return {
    hold: { ...hold, charges, total: formatMoney(totalCents) },
    orderTotal: formatMoney(totalCents),
    orderTotalCents: totalCents,
    payments: paymentChoices({ ...hold, totalCents }, getEnv()),
    policiesHtml: hold.state === 'held' ? await readPoliciesHtml(db) : '',
    orderPage: customerToken ? `/requests/${customerToken}` : null,
    orderHeading: status ? orderHeadingOf(status) : null,
    code,
    giftCards: hold.state === 'held' && (await anyGiftCardSold(db)),
  }
}

/** How the hold's page names the order it became, by where the order stands. */
function orderHeadingOf(status: RequestStatus): string {
  if (isIn(CALLED_OFF_STATUSES, status)) return 'This order was called off'
  if (isIn(QUOTABLE_STATUSES, status)) return 'Your order waits for its payment'
  return 'Your order is in'
}
