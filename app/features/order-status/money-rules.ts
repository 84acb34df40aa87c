import type { RequestStatus } from '#app/db/schema.ts'
import { formatMoney } from '#app/utils/money.ts'
import { type Money, totalOf } from './money-owed.ts'
import {
  CALLED_OFF_STATUSES,
  CLOSED_STATUSES,
  PAYABLE_STATUSES,
  PRICE_LOWERING_STATUSES,
  STATUS_LABELS,
  isIn,
} from './order-status.ts'

/**
 * Whether money may move on a request in its status, and why not as the
 * owner reads it: a payment recorded, a deposit waived, a refund that lowers
 * the price. The browser may load this file.
 */

/**
 * A refund of `refundCents` that lowers the price by as much (decision 060):
 * the quote's new price and deposit, or why not, as the owner reads it. The
 * price (the fee stays) drops by the refund; the new total is never below
 * what is left paid after it, so nothing paid turns into money owed back;
 * a deposit above the new total comes down to it. `money` is before the
 * refund (its paidCents net of earlier refunds).
 */
export function lowerPrice(
  status: RequestStatus,
  money: Money,
  refundCents: number,
):
  | { ok: true; priceCents: number; depositCents: number; totalCents: number }
  | { ok: false; error: string } {
  if (!isIn(PRICE_LOWERING_STATUSES, status)) {
    const label = STATUS_LABELS[status].toLowerCase()
    const article = /^[aeiou]/i.test(label) ? 'An' : 'A'
    return {
      ok: false,
      error:
        status === 'new'
          ? 'This request has no quote yet, so there is no price to lower.'
          : `${article} ${label} request has no price left to lower: record the refund as money back.`,
    }
  }
  const total = totalOf(money)
  // What the price is, its taxes with it: all a refund may take off.
  const mostOff = total - totalOf({ ...money, priceCents: 0 })
  if (refundCents > mostOff) {
    return {
      ok: false,
      error: `The price is ${formatMoney(mostOff)}${money.taxes.length > 0 ? ' with its tax' : ''}${money.deliveryFeeCents > 0 ? ' before the delivery fee' : ''}, so a refund can lower it by no more than that.`,
    }
  }
  if (money.paidCents > total) {
    return {
      ok: false,
      error: `${formatMoney(money.paidCents)} has been paid on a total of ${formatMoney(total)}, so the price cannot come down with this refund: give the extra back as money back first.`,
    }
  }
  const priceCents = priceForTotal(money, total - refundCents)
  const totalCents = totalOf({ ...money, priceCents })
  if (totalCents !== total - refundCents) {
    // Tax is rounded to the cent, so not every total has a price: offer the two nearest refunds.
    const nearer = [total - totalCents, total - totalOf({ ...money, priceCents: priceCents + 1 })]
    return {
      ok: false,
      error: `With its tax rounded to the cent, no price leaves exactly that: refund ${formatMoney(nearer[1]!)} or ${formatMoney(nearer[0]!)}.`,
    }
  }
  return {
    ok: true,
    priceCents,
    totalCents,
    depositCents: Math.min(money.depositCents, totalCents),
  }
}

/**
 * The highest price (at most the one quoted) whose total, its taxes with
 * it, is no more than `totalCents`: without taxes, the total less the rest.
 */
function priceForTotal(money: Money, totalCents: number): number {
  let low = 0
  let high = money.priceCents
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (totalOf({ ...money, priceCents: middle }) <= totalCents) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * Why a payment cannot be recorded against a request in `status`, or null
 * when it can (see PAYABLE_STATUSES).
 */
export function refusedPaymentMessage(status: RequestStatus): string | null {
  if (isIn(PAYABLE_STATUSES, status)) return null
  if (isIn(CALLED_OFF_STATUSES, status)) return `A ${status} request takes no payments.`
  return 'Send a quote before recording a payment.'
}

/**
 * Why the deposit of a request in `status` cannot be waived, or null when it
 * can. Only a quoted request has a deposit still to settle: a confirmed one
 * settled it (or had it waived) on the way, and a closed one owes nothing.
 */
export function refusedWaiveMessage(status: RequestStatus): string | null {
  if (status === 'quoted') return null
  if (status === 'new') return 'Send a quote before waiving its deposit.'
  if (isIn(CLOSED_STATUSES, status)) {
    const article = /^[aeiou]/i.test(status) ? 'An' : 'A'
    return `${article} ${status} request has no deposit to waive.`
  }
  return "This request's deposit is already settled."
}
