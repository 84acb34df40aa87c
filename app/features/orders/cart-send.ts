import { formatNearDate } from '#app/utils/dates.ts'
import type { CartOrder } from './cart.ts'
import { POLICIES_NOT_ACCEPTED } from './order-options.ts'
import type { OrderSendResult } from './order-send.server.ts'

/**
 * The JSON the cart sends: the orders as the server's schema reads them
 * (photos by their keys only), the policy tick when it is given, and the
 * honeypot.
 */
export function orderSendBody({
  orders,
  acceptPolicies,
  honeypot,
}: {
  orders: readonly CartOrder[]
  acceptPolicies: boolean
  honeypot: { field: string; value: string }
}) {
  return {
    orders: orders.map(({ photos, ...order }) =>
      photos && photos.length > 0 ? { ...order, photos: photos.map((photo) => photo.key) } : order,
    ),
    ...(acceptPolicies ? { accept_policies: true as const } : {}),
    [honeypot.field]: honeypot.value,
  }
}

/** What a refused send says about one queued order. */
export interface OrderNote {
  message: string
  /** On a 409, the day the server suggests instead (YYYY-MM-DD). */
  nextOpenDay?: string
}

export interface SendProblems {
  /** By the order's 0-based position in the cart when it was sent. */
  byOrder: Map<number, OrderNote>
  /** The message for the policy tick, when the send lacked it. */
  policies?: string
}

/**
 * Sorts a refused send's messages to where the visitor acts on them: beside
 * the order they name, or beside the policy tick.
 */
export function sendProblems(result: OrderSendResult | undefined): SendProblems {
  const problems: SendProblems = { byOrder: new Map() }
  if (!result || result.ok) return problems
  for (const problem of result.problems ?? []) {
    if (problem.order !== undefined) {
      const index = problem.order - 1
      if (problems.byOrder.has(index)) continue
      problems.byOrder.set(index, {
        message: problem.message,
        ...(problem.field === 'due_date' && result.nextOpenDay
          ? { nextOpenDay: result.nextOpenDay }
          : {}),
      })
    } else if (problem.message === POLICIES_NOT_ACCEPTED) {
      problems.policies = problem.message
    }
  }
  return problems
}

/** The label of the one-click fix beside a refused order: 'Move to Monday, December 14'. */
export function moveToLabel(date: string): string {
  return `Move to ${formatNearDate(date)}`
}
