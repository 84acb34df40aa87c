import type { RequestStatus } from '#app/db/schema.ts'

/**
 * The one home of a request's status: what the statuses are, where each may
 * go, what each is called, and every set of statuses a rule reads (which
 * hold a day's capacity, which the owner's schedule and feed show, which owe
 * money, which the order page offers a form for). Availability, the order
 * book and the customer's pages read these; none keeps a list of its own.
 * Beside it: what the money of a request owes (money-owed.ts), whether money
 * may move in a status (money-rules.ts), the owner's derived display state
 * (display-state.ts), the payment schedule (payment-schedule.ts), the order
 * page's forms (owner-forms.ts), and what each owner action moves and emails
 * (owner-intents.ts).
 * The browser may load this file.
 */

/** Every stored status, in the order a request meets them. */
export const REQUEST_STATUSES = [
  'new',
  'quoted',
  'confirmed',
  'ready',
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly RequestStatus[]

/**
 * Where a request may go from where it is. Each request in a send has its
 * own date, so its own status:
 *
 *   new → quoted → confirmed → ready → completed
 *
 * with declined (the bakery says no), cancelled (either side calls it off)
 * and expired (a quote nobody answered) closing it early. A quoted request
 * may be quoted again (a new price replaces the old); nothing leaves a
 * closed status.
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
export const CLOSED_STATUSES = [
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly RequestStatus[]

/**
 * Requests that will not be made: the bakery said no, someone called it
 * off, or the quote lapsed. They leave the bake list and the calendar, and
 * take no payments. (A completed request was made: it stays on the book.)
 */
export const CALLED_OFF_STATUSES = [
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly RequestStatus[]

/**
 * Requests still to be made or handed over: they hold their share of their
 * day's capacity. A ready order was baked for its day and is collected or
 * delivered on it, so it keeps the day's share until it is completed or
 * called off (decision 036); only then may another order take its place.
 */
export const HELD_STATUSES = [
  'new',
  'quoted',
  'confirmed',
  'ready',
] as const satisfies readonly RequestStatus[]

/**
 * Requests the owner still works on: the morning digest lists today's and
 * tomorrow's, and her phone's calendar feed shows them (a closed request
 * leaves the feed).
 */
export const LIVE_STATUSES = [
  'new',
  'quoted',
  'confirmed',
  'ready',
] as const satisfies readonly RequestStatus[]

/** What the owner's phone calendar (the iCal feed) shows: the live requests. */
export const FEED_STATUSES: readonly RequestStatus[] = LIVE_STATUSES

/**
 * Requests whose money the customer still follows on their private page:
 * from the quote until the order is handed over.
 */
export const OWING_STATUSES = [
  'quoted',
  'confirmed',
  'ready',
] as const satisfies readonly RequestStatus[]

/**
 * Requests with a quote the digest follows up: one waiting for its answer,
 * or for its deposit.
 */
export const QUOTE_FOLLOW_UP_STATUSES = [
  'quoted',
  'confirmed',
] as const satisfies readonly RequestStatus[]

/** Booked requests: the customer is reminded the day before their date. */
export const BOOKED_STATUSES = ['confirmed', 'ready'] as const satisfies readonly RequestStatus[]

/** Orders she bakes or has baked: booked, and handed over. Her year's costs are theirs. */
export const MADE_STATUSES = [
  'confirmed',
  'ready',
  'completed',
] as const satisfies readonly RequestStatus[]

/**
 * Requests a payment may be recorded against: from their quote on,
 * completed included (the balance is often paid at pickup), until they are
 * called off.
 */
export const PAYABLE_STATUSES = [
  'quoted',
  'confirmed',
  'ready',
  'completed',
] as const satisfies readonly RequestStatus[]

/** Requests the owner may (re)quote: a new one, or one whose quote a new price replaces. */
export const QUOTABLE_STATUSES = ['new', 'quoted'] as const satisfies readonly RequestStatus[]

/**
 * Where a party (requests quoted together, decision 049) goes as one: its
 * one answer, its one deposit and its calling off move every member in one
 * transaction. Ready and completed stay each member's own (a party's
 * requests may be baked for different days), though the members handed
 * over together hear "ready" once (decision 087); a quote is the party's
 * own step (quoteParty).
 */
export const PARTY_MOVE_STATUSES = [
  'confirmed',
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly RequestStatus[]

/**
 * Requests a customer may ask to change from her private page (decision
 * 054): once quoted, until it is baked. A new request she simply tells the
 * bakery about in her reply; a closed one has nothing left to change.
 */
export const CUSTOMER_CHANGEABLE_STATUSES = [
  'quoted',
  'confirmed',
] as const satisfies readonly RequestStatus[]

/**
 * Requests a customer may cancel herself from her private page (decision
 * 054), outside the policy's no-cancellation window: any not yet baked.
 */
export const CUSTOMER_CANCELLABLE_STATUSES = [
  'new',
  'quoted',
  'confirmed',
] as const satisfies readonly RequestStatus[]

/**
 * Requests a refund may be recorded against: any that may have taken money
 * (every status after new), called-off ones above all (a cancelled order's
 * deposit is the usual refund). What bounds a refund is what has been paid
 * net (netPaid in the order book), not the status.
 */
export const REFUNDABLE_STATUSES = [
  'quoted',
  'confirmed',
  'ready',
  'completed',
  'declined',
  'cancelled',
  'expired',
] as const satisfies readonly RequestStatus[]

/**
 * Where a refund may lower the price (decision 060): a request with a quote
 * that still takes payments. A called-off request has no price left to
 * lower; its refund gives money back.
 */
export const PRICE_LOWERING_STATUSES: readonly RequestStatus[] = PAYABLE_STATUSES

/** Whether `status` is one of `set`: `isIn(HELD_STATUSES, row.status)`. */
export function isIn(set: readonly RequestStatus[], status: RequestStatus): boolean {
  return set.includes(status)
}

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
