import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  customerEmail,
  detailsTable,
  emailButton,
  emailHeading,
  markup,
} from '#app/features/mail/html.ts'
import { scheduleRows } from '#app/features/order-book/update-details.ts'
import { requestPageUrl } from '#app/features/order-status/customer-links.ts'
import type { Money } from '#app/features/order-status/money-owed.ts'
import { referenceInstruction } from '#app/features/order-status/payment-reference.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { orderName } from '#app/utils/order-name.ts'
import { cardDueOf } from './card-due.ts'

/** What a payment notice tells the customer. */
export type PaymentNoticeKind = 'balance-reminder' | 'balance-overdue' | 'deposit-overdue'

/** The request, quote and money a payment notice is about. */
export interface PaymentNoticeDetails {
  /** Her name and the bakery's (Settings › Your site). */
  bakery?: IdentityWords
  request: {
    name: string
    email: string
    product_type: string
    /** YYYY-MM-DD */
    due_date: string
    status: RequestStatus
    fulfilment: 'pickup' | 'delivery' | null
    customer_token: string | null
    payment_reference: string | null
    /** Its place in its send: the notice opens her page at what she has to pay. */
    position?: number | null
  }
  quote: { depositDue: string | null; balanceDue: string | null; paymentInstructions: string }
  money: Money
  /** What this notice asks for, in cents. */
  owedCents: number
  /** YYYY-MM-DD: the date it was (or is) due. */
  due: string
  /** The bakery's today, YYYY-MM-DD. */
  today: string
  siteUrl: string
  /** Card payments on: the notice links her page's "Pay … now" (decision 045). */
  cardPayments?: boolean
}

/** The notice's subject, title and opening line, in the words of its kind. */
function noticeWords(
  kind: PaymentNoticeKind,
  {
    order,
    amount,
    dueOn,
    dueDate,
  }: { order: string; amount: string; dueOn: string; dueDate: string },
) {
  return {
    'balance-reminder': {
      subject: `Your balance of ${amount} is due ${dueOn}`,
      title: 'A reminder about your balance',
      lead: `The balance for your ${order} on ${formatCalendarDate(dueDate)} is due ${dueOn}: ${amount}.`,
    },
    'balance-overdue': {
      subject: `Your balance of ${amount} was due ${dueOn}`,
      title: 'Your balance is overdue',
      lead: `The balance for your ${order} on ${formatCalendarDate(dueDate)} was due ${dueOn}, and ${amount} is still to pay. If you have just sent it, thank you, and please ignore this email.`,
    },
    'deposit-overdue': {
      subject: `Your deposit of ${amount} was due ${dueOn}`,
      title: 'Your deposit is overdue',
      lead: `The deposit that holds your date for your ${order} on ${formatCalendarDate(dueDate)} was due ${dueOn}, and ${amount} is still to pay. If you have just sent it, thank you, and please ignore this email.`,
    },
  }[kind]
}

/** How she can pay: her page's card link when it offers one, the owner's words, her reference. */
function howToPayLines(
  kind: PaymentNoticeKind,
  {
    request,
    quote,
    money,
    cardPayments,
  }: Pick<PaymentNoticeDetails, 'request' | 'quote' | 'money'> & { cardPayments: boolean },
  payUrl: string | undefined,
): string[] {
  // The card her page offers (cardDueOf): none for less than Stripe charges.
  const payNow =
    cardPayments && payUrl && cardDueOf(request.status, true, money) !== null
      ? `${kind === 'deposit-overdue' ? 'Pay the deposit now' : 'Pay the balance now'}: ${payUrl}`
      : ''
  return [
    payNow,
    quote.paymentInstructions.trim(),
    request.payment_reference ? referenceInstruction(request.payment_reference) : '',
  ].filter(Boolean)
}

/** The notice as plain text: greeting, lead, schedule, how to pay, her page and the sign-off. */
function noticeText({
  firstName,
  lead,
  rows,
  howToPay,
  statusUrl,
  bakery,
}: {
  firstName: string
  lead: string
  rows: ReturnType<typeof scheduleRows>
  howToPay: string[]
  statusUrl: string | undefined
  bakery: IdentityWords
}): string {
  return [
    `Hi ${firstName},`,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(howToPay.length > 0 ? ['', 'How to pay:', ...howToPay] : []),
    ...(statusUrl ? ['', `Your order: ${statusUrl}`] : []),
    '',
    `Questions? Just reply to this email; it reaches ${bakery.ownerName} at ${bakery.name}.`,
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
}

/**
 * The customer's email about a payment: a balance due in a few days, or a
 * deposit or balance whose date has passed. Kind in its words, with the
 * whole schedule (what is due when, what is paid), the reference for her
 * e-Transfer and the owner's own "how to pay". Queued by the schedule
 * (schedule.server.ts) once each.
 */
export function composePaymentNotice(
  kind: PaymentNoticeKind,
  details: PaymentNoticeDetails,
): OutgoingEmail {
  const {
    request,
    quote,
    money,
    owedCents,
    due,
    today,
    siteUrl,
    cardPayments = false,
    bakery = SEED_WORDS.identity,
  } = details
  const firstName = request.name.trim().split(/\s+/)[0] || request.name
  const statusUrl = request.customer_token
    ? `${siteUrl}/requests/${request.customer_token}`
    : undefined
  const payUrl = request.customer_token
    ? requestPageUrl(siteUrl, request.customer_token, {
        kind: 'payment',
        position: request.position,
      })
    : undefined
  const words = noticeWords(kind, {
    order: orderName(request.product_type),
    amount: formatMoney(owedCents),
    dueOn: formatCalendarDate(due),
    dueDate: request.due_date,
  })
  const rows = scheduleRows({
    request,
    money,
    quote: { ...quote, message: '', expiresAt: 0 },
    today,
  })
  const howToPay = howToPayLines(kind, { request, quote, money, cardPayments }, payUrl)
  return customerEmail({
    to: { name: request.name, address: request.email },
    subject: `${words.subject} — ${bakery.name}`,
    text: noticeText({ firstName, lead: words.lead, rows, howToPay, statusUrl, bakery }),
    preview: words.lead,
    content: [
      emailHeading(words.title),
      markup`<p style="margin:0 0 16px">Hi ${firstName},</p><p style="margin:0 0 16px">${words.lead}</p>`,
      detailsTable(rows),
      howToPay.length > 0
        ? markup`<p style="margin:0 0 4px;font-weight:bold">How to pay</p>${howToPay.map((line) => markup`<p style="margin:0 0 12px;white-space:pre-wrap">${line}</p>`)}`
        : null,
      payUrl ? emailButton({ href: payUrl, label: 'See your order' }) : null,
    ],
    statusUrl,
    bakery,
  })
}
