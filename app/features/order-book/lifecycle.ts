import type { RequestStatus } from '#app/db/schema.ts'

/**
 * Where a request may go from where it is. Each request in a send has its
 * own date, so its own status:
 *
 *   new → quoted → confirmed → ready → completed
 *
 * with declined (the bakery says no), cancelled (either side calls it off)
 * and expired (a quote nobody answered) closing it early. A quoted request
 * may be quoted again (a new price replaces the old); nothing leaves a
 * closed status. The browser may load this file.
 */
export const TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  new: ['quoted', 'declined', 'cancelled'],
  quoted: ['quoted', 'confirmed', 'declined', 'cancelled', 'expired'],
  confirmed: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: [],
  declined: [],
  cancelled: [],
  expired: [],
}

/** Statuses that close a request: nothing follows them. */
export const CLOSED_STATUSES: readonly RequestStatus[] = [
  'completed',
  'declined',
  'cancelled',
  'expired',
]

export const STATUS_LABELS: Readonly<Record<RequestStatus, string>> = {
  new: 'New',
  quoted: 'Quoted',
  confirmed: 'Confirmed',
  ready: 'Ready',
  completed: 'Completed',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
}

export function canMove(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from].includes(to)
}

/** Why a move is refused, as the owner reads it: 'A completed request cannot be quoted.' */
export function refusedMoveMessage(from: RequestStatus, to: RequestStatus): string {
  const verb: Record<RequestStatus, string> = {
    new: 'made new again',
    quoted: 'quoted',
    confirmed: 'confirmed',
    ready: 'marked ready',
    completed: 'marked completed',
    declined: 'declined',
    cancelled: 'cancelled',
    expired: 'expired',
  }
  const article = /^[aeiou]/i.test(STATUS_LABELS[from]) ? 'An' : 'A'
  return `${article} ${STATUS_LABELS[from].toLowerCase()} request cannot be ${verb[to]}.`
}

export interface Money {
  /** What the quote asks, in cents; 0 before a quote. */
  priceCents: number
  depositCents: number
  /** Payments recorded so far. */
  paidCents: number
  depositWaived: boolean
}

/** What is still owed: the deposit (until paid or waived) and the balance. */
export function amountsOwed({ priceCents, depositCents, paidCents, depositWaived }: Money) {
  const depositOwed = depositWaived ? 0 : Math.max(0, depositCents - paidCents)
  return { depositOwed, balanceOwed: Math.max(0, priceCents - paidCents) }
}

/** Whether an accepted quote may become confirmed: its deposit is in, or waived. */
export function depositSettled(money: Money): boolean {
  return amountsOwed(money).depositOwed === 0
}

/**
 * Why a payment cannot be recorded against a request in `status`, or null
 * when it can: from its quote on, completed included (the balance is often
 * paid at pickup), until it is called off.
 */
export function refusedPaymentMessage(status: RequestStatus): string | null {
  if (status === 'new') return 'Send a quote before recording a payment.'
  if (status === 'declined' || status === 'cancelled' || status === 'expired') {
    return `A ${status} request takes no payments.`
  }
  return null
}

/**
 * Why the deposit of a request in `status` cannot be waived, or null when it
 * can. Only a quoted request has a deposit still to settle: a confirmed one
 * settled it (or had it waived) on the way, and a closed one owes nothing.
 */
export function refusedWaiveMessage(status: RequestStatus): string | null {
  if (status === 'quoted') return null
  if (status === 'new') return 'Send a quote before waiving its deposit.'
  if (CLOSED_STATUSES.includes(status)) {
    const article = /^[aeiou]/i.test(status) ? 'An' : 'A'
    return `${article} ${status} request has no deposit to waive.`
  }
  return "This request's deposit is already settled."
}

// Money has one home; the order book's modules have long imported it from here.
export { formatMoney } from '#app/utils/money.ts'
