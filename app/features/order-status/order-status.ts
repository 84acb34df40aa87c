import type { RequestStatus } from '#app/db/schema.ts'
import { formatMoney } from '#app/utils/money.ts'

/**
 * The one home of a request's status: what the statuses are, where each may
 * go, what each is called, and every set of statuses a rule reads (which
 * hold a day's capacity, which the owner's schedule and feed show, which owe
 * money, which the order page offers a form for). Availability, the order
 * book and the customer's pages read these; none keeps a list of its own.
 * What each owner action moves and emails is beside it, in owner-intents.ts.
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

export interface Money {
  /** What the quote asks for the bake, in cents; 0 before a quote. */
  priceCents: number
  /** What a delivery adds to it, in cents; 0 for a pickup (decision 047). */
  deliveryFeeCents: number
  depositCents: number
  /** What is paid: the payments recorded less the refunds (the order book's netPaid). */
  paidCents: number
  depositWaived: boolean
  /**
   * A party's line items, in its members' order: each request's own price,
   * which add up to priceCents (decision 049). Absent for a quote of one.
   */
  lines?: readonly MoneyLine[]
}

/** One line of a party's quote: a request's treat and its own price. */
export interface MoneyLine {
  label: string
  /** Below 0 for what a refund took off the price (decision 060). */
  cents: number
}

/** A line's amount as written: '$45', or '−$25' for what a refund took off. */
export function formatLine(cents: number): string {
  return cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(cents)
}

/**
 * What the customer owes in all: the price and the delivery fee. The one
 * place the two are added; everything that reads what is owed reads it here.
 */
export function totalOf({ priceCents, deliveryFeeCents }: Money): number {
  return priceCents + deliveryFeeCents
}

/** What is still owed, split as the quote's schedule splits it. */
export interface AmountsOwed {
  /** What is left of the deposit: payments count towards it first; 0 once waived. */
  depositOwed: number
  /** What is left of the balance, the rest of the total after the deposit. */
  balanceOwed: number
  /** Everything left to pay: the deposit owed and the balance owed together. */
  stillOwed: number
}

/**
 * What is still owed. The one rule for it: the owner's money card and list,
 * the customer's page, every email, the receipt and the CSV say "deposit"
 * and "balance" with these amounts, so a $150 quote with a $60 deposit owes
 * a $60 deposit and a $90 balance everywhere, never a $150 "balance".
 */
export function amountsOwed(money: Money): AmountsOwed {
  const { depositCents, paidCents, depositWaived } = money
  const stillOwed = Math.max(0, totalOf(money) - paidCents)
  // Read without the total too (Today's open quotes know only the deposit).
  const depositOwed = depositWaived ? 0 : Math.max(0, depositCents - paidCents)
  return { depositOwed, balanceOwed: Math.max(0, stillOwed - depositOwed), stillOwed }
}

/** What the quote asks as its deposit: none once waived, never more than the total. */
export function depositOf(money: Money): number {
  return money.depositWaived ? 0 : Math.min(money.depositCents, totalOf(money))
}

/**
 * Where a refund may lower the price (decision 060): a request with a quote
 * that still takes payments. A called-off request has no price left to
 * lower; its refund gives money back.
 */
export const PRICE_LOWERING_STATUSES: readonly RequestStatus[] = PAYABLE_STATUSES

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
  if (refundCents > money.priceCents) {
    return {
      ok: false,
      error: `The price is ${formatMoney(money.priceCents)}${money.deliveryFeeCents > 0 ? ' before the delivery fee' : ''}, so a refund can lower it by no more than that.`,
    }
  }
  if (money.paidCents > total) {
    return {
      ok: false,
      error: `${formatMoney(money.paidCents)} has been paid on a total of ${formatMoney(total)}, so the price cannot come down with this refund: give the extra back as money back first.`,
    }
  }
  const priceCents = money.priceCents - refundCents
  const totalCents = priceCents + money.deliveryFeeCents
  return {
    ok: true,
    priceCents,
    totalCents,
    depositCents: Math.min(money.depositCents, totalCents),
  }
}

/** Whether an accepted quote may become confirmed: its deposit is in, or waived. */
export function depositSettled(money: Money): boolean {
  return amountsOwed(money).depositOwed === 0
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
  return DISPLAY_STATES.some((state) => state === value)
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
    !isIn(CLOSED_STATUSES, status) && depositOwed > 0 && depositDue !== null && depositDue < today
  )
}

/**
 * Whether a balance is overdue: it had a due date before the bakery's
 * `today` and something is still owed on a booked request (confirmed or
 * ready). By the balance's date everything is due, a deposit never paid
 * included, so the rule reads stillOwed. A quoted request owes its deposit
 * first (see depositOverdue); a closed one owes nothing more that the site
 * chases.
 */
export function balanceOverdue({
  status,
  balanceDue,
  stillOwed,
  today,
}: {
  status: RequestStatus
  balanceDue: string | null
  stillOwed: number
  today: string
}): boolean {
  return isIn(BOOKED_STATUSES, status) && stillOwed > 0 && balanceDue !== null && balanceDue < today
}

/**
 * Whether a balance falls due soon: still owed on a booked request, with its
 * date from the bakery's `today` to `until` (both YYYY-MM-DD, inclusive).
 */
export function balanceDueSoon({
  status,
  balanceDue,
  stillOwed,
  today,
  until,
}: {
  status: RequestStatus
  balanceDue: string | null
  stillOwed: number
  today: string
  until: string
}): boolean {
  return (
    isIn(BOOKED_STATUSES, status) &&
    stillOwed > 0 &&
    balanceDue !== null &&
    balanceDue >= today &&
    balanceDue <= until
  )
}

/** One payment a quote asks for, as its schedule lists it. */
export interface ScheduledPayment {
  what: 'deposit' | 'balance'
  /** What this part of the price is, in cents. */
  amountCents: number
  /** What is still to pay of it, in cents (0 once paid). */
  owedCents: number
  /** YYYY-MM-DD, or null when no date was set (a balance is then due at handover). */
  due: string | null
  overdue: boolean
}

/**
 * What a quote asks, when, and what is left of each: the deposit (unless
 * none or waived), then the balance (the rest of the price and the
 * delivery fee). Payments count
 * towards the deposit first. The customer's page, her emails and the
 * owner's pages all read the schedule from here.
 */
export function paymentSchedule(
  money: Money,
  {
    status,
    depositDue,
    balanceDue,
    today,
  }: { status: RequestStatus; depositDue: string | null; balanceDue: string | null; today: string },
): ScheduledPayment[] {
  const { depositOwed, balanceOwed, stillOwed } = amountsOwed(money)
  const depositCents = depositOf(money)
  const schedule: ScheduledPayment[] = []
  if (depositCents > 0) {
    schedule.push({
      what: 'deposit',
      amountCents: depositCents,
      owedCents: depositOwed,
      due: depositDue,
      overdue: depositOverdue({ status, depositDue, depositOwed, today }),
    })
  }
  const restCents = totalOf(money) - depositCents
  if (restCents > 0) {
    schedule.push({
      what: 'balance',
      amountCents: restCents,
      owedCents: balanceOwed,
      due: balanceDue,
      overdue: balanceOverdue({ status, balanceDue, stillOwed, today }),
    })
  }
  return schedule
}

/**
 * Days before a balance's date that the customer is reminded of it, and
 * that the owner's Today page lists it as due soon: enough for an
 * e-Transfer to arrive, close enough that the reminder is not forgotten.
 */
export const BALANCE_REMINDER_DAYS = 3

/** The balance-due setting's bounds: days before the order date (0: on the day). */
export const BALANCE_DUE_DAYS = { min: 0, max: 60 } as const

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

/** The forms on the owner's order page. */
export type OwnerForm = 'quote' | 'payment' | 'refund' | 'status' | 'change' | 'details'

/**
 * Which forms the order page shows for a request in each status: the quote
 * form while it may be (re)quoted, the payment card while it takes payments
 * (once it has a quote), the refund form while money may be held (once
 * something is paid), and the status card always (it says "nothing more
 * to do" once closed).
 */
export function formsFor(status: RequestStatus): readonly OwnerForm[] {
  return [
    ...(isIn(QUOTABLE_STATUSES, status) ? (['quote'] as const) : []),
    ...(isIn(PAYABLE_STATUSES, status) ? (['payment'] as const) : []),
    ...(isIn(REFUNDABLE_STATUSES, status) ? (['refund'] as const) : []),
    // The answer to a change the customer asked from her page (decision 054), while one waits.
    ...(isIn(CUSTOMER_CHANGEABLE_STATUSES, status) ? (['change'] as const) : []),
    // The request's details in her words, while it is still to be made (decision 081).
    ...(isIn(LIVE_STATUSES, status) ? (['details'] as const) : []),
    'status',
  ]
}
