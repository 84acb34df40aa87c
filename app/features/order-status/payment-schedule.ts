import type { RequestStatus } from '#app/db/schema.ts'
import { type Money, amountsOwed, depositOf, totalOf } from './money-owed.ts'
import { BOOKED_STATUSES, CLOSED_STATUSES, isIn } from './order-status.ts'

/**
 * When a quote's deposit and balance fall due, and whether either is
 * overdue or due soon. The browser may load this file.
 */

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
