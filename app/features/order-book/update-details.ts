import type { IdentityWords } from '#app/content/site-words.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import {
  chargesAfterPrice,
  depositWord,
  type Money,
  amountsOwed,
  formatLine,
  totalOf,
} from '#app/features/order-status/money-owed.ts'
import {
  scheduleLines,
  scheduleSentence,
} from '#app/features/order-status/payment-schedule-text.ts'
import { paymentSchedule } from '#app/features/order-status/payment-schedule.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { ChangedPart } from './change-parts.ts'

/** The request as the email needs it (an order_request row has all of these). */
export interface UpdateRequest {
  name: string
  email: string
  product_type: string
  /** YYYY-MM-DD */
  due_date: string
  fulfilment: 'pickup' | 'delivery' | null
  customer_token: string | null
  /** The handover window, HH:MM-HH:MM. */
  pickup_window?: string | null
  /** 'BB-4821'; null for requests stored before references. */
  payment_reference?: string | null
  /** Where it stands, for what is overdue; absent, nothing reads as overdue. */
  status?: RequestStatus
  /** Its place in its send: a quote's links open her page at the quote to answer. */
  position?: number | null
}

/** The quote an email about a quote describes. */
export interface UpdateQuote {
  /** YYYY-MM-DD, or null for no set date. */
  depositDue: string | null
  /** YYYY-MM-DD, or null/absent for none (due at handover). */
  balanceDue?: string | null
  paymentInstructions: string
  message: string
  /** Epoch ms */
  expiresAt: number
}

export interface UpdateDetails {
  request: UpdateRequest
  /** Her name and the bakery's (Settings › Your site): the subject, the sign-off, the head and foot. */
  bakery?: IdentityWords
  money: Money
  /** SITE_URL, for the customer's private link. */
  siteUrl: string
  /** Needed for 'quoted'. */
  quote?: UpdateQuote
  /** Why the bakery declined (for 'declined'), or the owner's note on a cancellation. */
  note?: string | null
  /**
   * Where the handover is, for 'confirmed': her delivery address, or the
   * bakery's private pickup address, which a customer learns only now.
   */
  place?: string | null
  /** The bakery's today (YYYY-MM-DD), for what is overdue. */
  today?: string
  /** Card payments on: the quote links her page's "Pay the deposit now" (decision 045). */
  cardPayments?: boolean
  /** The refund a 'refunded' email announces. */
  refund?: UpdateRefund
  /** What her own cancellation gives back, for 'self_cancelled' (decision 054). */
  cancellation?: { refundCents: number; cardCents: number; giftCardCents: number }
  /** What accepting her change changed, from what to what, for 'change_accepted' (decision 081). */
  changes?: readonly ChangedPart[]
  /** A party's treats handed over together, for 'ready': each is listed (decision 087). */
  treats?: readonly string[]
}

/** Money handed back, as the customer's email tells it. */
export interface UpdateRefund {
  amountCents: number
  /** YYYY-MM-DD */
  refundedOn: string
  method: string
  reason: string
  /** The order's new total when the refund lowered the price (decision 060); null otherwise. */
  loweredToCents?: number | null
}

const expiryFormat = () =>
  bakeryDateTimeFormat({
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

/** When a quote expires, as the customer reads it, in the bakery's time zone. */
export function formatExpiry(at: number): string {
  return expiryFormat().format(new Date(at))
}

/**
 * The price, and for a delivery with a fee, the fee and the total on lines
 * of their own: what the customer owes in all is never left to add up.
 */
export function priceRows(money: Money): [string, string][] {
  const charges = chargesAfterPrice(money).map((line): [string, string] => [
    line.label,
    formatLine(line.cents),
  ])
  // A party's quote lists each request's line, then what they come to (decision 049).
  if (money.lines && money.lines.length > 1) {
    return [
      ...money.lines.map((line): [string, string] => [line.label, formatLine(line.cents)]),
      ...charges,
      ['Total', formatMoney(totalOf(money))],
    ]
  }
  if (charges.length === 0) return [['Price', formatMoney(money.priceCents)]]
  return [
    ['Price', formatMoney(money.priceCents)],
    ...charges,
    ['Total', formatMoney(totalOf(money))],
  ]
}

/** What is still owed, or that nothing is. */
export function owedRows(money: Money): [string, string][] {
  const { depositOwed, balanceOwed, stillOwed } = amountsOwed(money)
  if (stillOwed === 0) return [['Still owed', 'Nothing: it is all paid. Thank you!']]
  return [
    ...(depositOwed > 0
      ? [[`${depositWord(money)} still owed`, formatMoney(depositOwed)] as [string, string]]
      : []),
    ...(balanceOwed > 0 ? [['Balance owed', formatMoney(balanceOwed)] as [string, string]] : []),
  ]
}

/**
 * The quote's payments, when each is due and what is left of it, then the
 * reference to pay with: the same lines the customer's page shows.
 */
export function scheduleRows(
  details: Pick<UpdateDetails, 'request' | 'money' | 'quote' | 'today'>,
): [string, string][] {
  const { request, money, quote, today = '' } = details
  const schedule = paymentSchedule(money, {
    status: request.status ?? 'quoted',
    depositDue: quote?.depositDue ?? null,
    balanceDue: quote?.balanceDue ?? null,
    today,
  })
  return [
    ...scheduleLines(schedule, { delivery: request.fulfilment === 'delivery', money }).map(
      scheduleSentence,
    ),
    ...(money.paidCents > 0
      ? [['Paid so far', formatMoney(money.paidCents)] as [string, string]]
      : []),
    ...(request.payment_reference
      ? [['Payment reference', request.payment_reference] as [string, string]]
      : []),
  ]
}
