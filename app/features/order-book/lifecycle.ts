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

/**
 * What the owner sees a request as: its stored status, except that a quote
 * the customer accepted while its deposit is still owed reads "Accepted,
 * awaiting the deposit" rather than "Quoted" (the stored statuses stay the
 * eight above; this one is derived, here only). The Today page, the list's
 * chips and filter, the badge and the digest all read it from here.
 */
export type DisplayState = RequestStatus | 'accepted'

export const DISPLAY_STATES: readonly DisplayState[] = [
  'new',
  'quoted',
  'accepted',
  'confirmed',
  'ready',
  'completed',
  'declined',
  'cancelled',
  'expired',
]

export const DISPLAY_LABELS: Readonly<Record<DisplayState, string>> = {
  ...STATUS_LABELS,
  accepted: 'Accepted, awaiting the deposit',
}

export function isDisplayState(value: unknown): value is DisplayState {
  return DISPLAY_STATES.includes(value as DisplayState)
}

/** A request as the derived state needs it. */
export interface StandingInput {
  status: RequestStatus
  /** Whether the customer accepted the request's newest quote. */
  accepted: boolean
  /** What is still owed of the deposit (see amountsOwed). */
  depositOwed: number
}

export function displayStateOf({ status, accepted, depositOwed }: StandingInput): DisplayState {
  return status === 'quoted' && accepted && depositOwed > 0 ? 'accepted' : status
}

/**
 * Whether a deposit is overdue: it had a due date before the bakery's
 * `today` (YYYY-MM-DD) and is still owed on a request that is not closed.
 */
export function depositOverdue({
  status,
  depositDue,
  depositOwed,
  today,
}: {
  status: RequestStatus
  depositDue: string | null
  depositOwed: number
  today: string
}): boolean {
  return (
    !CLOSED_STATUSES.includes(status) &&
    depositOwed > 0 &&
    depositDue !== null &&
    depositDue < today
  )
}

/** Whole days from `from` to `to`, both YYYY-MM-DD (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/**
 * Marking ready asks first when it is this many days or more before the
 * due date: the day before is the usual bake, earlier is likely a slip.
 */
export const READY_EARLY_DAYS = 2
