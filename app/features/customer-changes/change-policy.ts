import type { ChangePolicy } from '#app/features/order-status/order-terms.ts'
import { daysBetween } from '#app/utils/calendar-days.ts'
import { formatMoney } from '#app/utils/money.ts'

/*
 * What the owner's change and cancellation policy does to a request: when
 * changes close and what a cancellation gives back. The policy itself, and
 * the sentence customers read, are order-status/order-terms.ts's, with the
 * other terms every order is made on (decision 079). Shared by the settings
 * form (browser) and the server; the schemas the server reads posts with are
 * in change-policy-schema.ts, so no page loads zod for them (decision 061).
 */

export const POLICY_LIMITS = {
  days: { min: 0, max: 60 },
  percent: { min: 0, max: 100 },
} as const

/** The settings form's intent; the settings route dispatches on it. */
export const SAVE_CHANGE_POLICY = 'save-change-policy'

/**
 * Whether the customer may still change or cancel an order for `dueDate`
 * on the bakery's `today`: only `windowDays` or more days before it (and
 * never on the day itself or after).
 */
export function withinNoChangeWindow(
  policy: Pick<ChangePolicy, 'windowDays'>,
  { today, dueDate }: { today: string; dueDate: string },
): boolean {
  const left = daysBetween(today, dueDate)
  return left < Math.max(1, policy.windowDays)
}

/** What a cancellation gives back, in cents, and how the sum is reached. */
export interface CancelRefund {
  /** What goes back in all. */
  totalCents: number
  /** Of the deposit paid, what goes back (its percent, rounded up in her favour). */
  depositBackCents: number
  /** What was paid beyond the deposit: always all of it. */
  beyondDepositCents: number
  /** The deposit part that was paid (what the percent is of). */
  depositPaidCents: number
  percent: number
  /** Days from today to the order date. */
  daysBefore: number
}

/**
 * The refund the policy gives a cancellation made on `today`, in integer
 * cents: the deposit part of what is paid net (up to the deposit, none if
 * it was waived) times the percent for how many days are left, rounded up
 * to the cent in the customer's favour, plus everything paid beyond the
 * deposit. Exactly `cutoffDays` before the order date is "or more before".
 */
export function cancelRefund(
  policy: ChangePolicy,
  {
    today,
    dueDate,
    paidCents,
    depositCents,
    depositWaived,
  }: {
    today: string
    dueDate: string
    /** Net paid (payments less refunds) on the request, or its party's lead. */
    paidCents: number
    depositCents: number
    depositWaived: boolean
  },
): CancelRefund {
  const daysBefore = daysBetween(today, dueDate)
  const percent = daysBefore >= policy.cutoffDays ? policy.beforePercent : policy.afterPercent
  const paid = Math.max(0, paidCents)
  const depositPaidCents = depositWaived ? 0 : Math.min(Math.max(0, depositCents), paid)
  const beyondDepositCents = paid - depositPaidCents
  const depositBackCents = Math.ceil((depositPaidCents * percent) / 100)
  return {
    totalCents: beyondDepositCents + depositBackCents,
    depositBackCents,
    beyondDepositCents,
    depositPaidCents,
    percent,
    daysBefore,
  }
}

/** The refund in one sentence: 'You would get $60 back: 100% of your $60 deposit.' */
export function refundSentence(refund: CancelRefund): string {
  if (refund.totalCents === 0) {
    return refund.depositPaidCents > 0
      ? `Under our policy, ${refund.percent}% of your ${formatMoney(refund.depositPaidCents)} deposit comes back at this point, so nothing would be refunded.`
      : 'Nothing has been paid, so there is nothing to refund.'
  }
  const parts = [
    ...(refund.depositPaidCents > 0
      ? [`${refund.percent}% of your ${formatMoney(refund.depositPaidCents)} deposit`]
      : []),
    ...(refund.beyondDepositCents > 0
      ? [`the ${formatMoney(refund.beyondDepositCents)} you paid beyond the deposit`]
      : []),
  ]
  return `You would get ${formatMoney(refund.totalCents)} back: ${parts.join(' and ')}.`
}

/** The most words a customer's change may carry. */
export const CHANGE_DETAILS_MAX = 1000

/** What her cancellation gave back, as her page says it: in all, to her card, and to send by hand. */
export function refundWords(cancelled: {
  refund_cents: number | string
  card_refund_cents: number | string
  gift_card_refund_cents: number | string
}): { refund: string; card: string | null; giftCard: string | null; manual: string | null } {
  const refund = Number(cancelled.refund_cents)
  const card = Number(cancelled.card_refund_cents)
  const giftCard = Number(cancelled.gift_card_refund_cents)
  return {
    refund: formatMoney(refund),
    card: card > giftCard ? formatMoney(card - giftCard) : null,
    giftCard: giftCard > 0 ? formatMoney(giftCard) : null,
    manual: refund > card ? formatMoney(refund - card) : null,
  }
}
