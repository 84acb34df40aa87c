import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  customerEmail,
  detailsTable,
  emailButton,
  emailHeading,
  markup,
  ownerEmail,
} from '#app/features/mail/html.ts'
import { ownerRequestEmail, requestRows } from '#app/features/mail/owner-request-email.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { orderName } from '#app/utils/order-name.ts'

/** The request a card payment email is about. */
export interface CardPaidRequest {
  name: string
  email: string
  product_type: string
  /** YYYY-MM-DD */
  due_date: string
  customer_token: string | null
  payment_reference: string | null
}

export interface CardPaid {
  kind: 'deposit' | 'balance'
  amountCents: number
  /** What is still to pay after it, in cents. */
  stillOwedCents: number
  /** Paid with a gift card (its ending, '····PQRS') rather than by card through Stripe. */
  giftCard?: string
}

/**
 * The customer's word that her card payment arrived, when it did not also
 * book her date (that sends the usual "You are booked!" email instead).
 */
export function composeCardPaymentReceived(
  request: CardPaidRequest,
  paid: CardPaid,
  {
    siteUrl,
    bakery = SEED_WORDS.identity,
  }: { siteUrl: string; /** Her name and the bakery's. */ bakery?: IdentityWords },
): OutgoingEmail {
  const firstName = request.name.trim().split(/\s+/)[0] || request.name
  const order = orderName(request.product_type)
  const amount = formatMoney(paid.amountCents)
  const statusUrl = request.customer_token
    ? `${siteUrl}/requests/${request.customer_token}`
    : undefined
  const lead = paid.giftCard
    ? `Thank you: ${amount} of your gift card ${paid.giftCard} is paid toward your ${order} on ${formatCalendarDate(request.due_date)}.`
    : `Thank you: your card payment of ${amount} for your ${order} on ${formatCalendarDate(request.due_date)} has arrived.`
  const rows: [string, string][] = [
    // A gift card pays all it can at once, deposit and balance alike: its amount says it.
    paid.giftCard ? ['Paid by gift card', amount] : ['Paid by card', `${amount} (${paid.kind})`],
    [
      'Still to pay',
      paid.stillOwedCents > 0 ? formatMoney(paid.stillOwedCents) : 'Nothing: it is all paid.',
    ],
    ...(request.payment_reference
      ? [['Payment reference', request.payment_reference] as [string, string]]
      : []),
  ]
  const subject = `We received your payment of ${amount} — ${bakery.name}`
  const text = [
    `Hi ${firstName},`,
    '',
    lead,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(statusUrl ? ['', `Your order: ${statusUrl}`] : []),
    '',
    `Questions? Just reply to this email; it reaches ${bakery.ownerName} at ${bakery.name}.`,
    '',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  return customerEmail({
    to: { name: request.name, address: request.email },
    subject,
    text,
    preview: lead,
    content: [
      emailHeading('Payment received'),
      markup`<p style="margin:0 0 16px">Hi ${firstName},</p><p style="margin:0 0 16px">${lead}</p>`,
      detailsTable(rows),
      statusUrl ? emailButton({ href: statusUrl, label: 'See your order' }) : null,
    ],
    statusUrl,
    bakery,
  })
}

/** The owner hears of a card payment at once: who paid what, and whether it booked the date. */
export function composeCardPaymentOwner(
  request: CardPaidRequest,
  paid: CardPaid & { confirmed: boolean },
  requestUrl: string | undefined,
  /** Her bakery's name (Settings › Your site), for the footer. */
  bakeryName: string,
): OutgoingEmail {
  const amount = formatMoney(paid.amountCents)
  const subject = paid.giftCard
    ? `${request.name} paid ${amount} by gift card`
    : `${request.name} paid the ${paid.kind} by card: ${amount}`
  const next = paid.confirmed
    ? 'The deposit is in, so the request is now confirmed and the customer has been told.'
    : paid.stillOwedCents > 0
      ? `${formatMoney(paid.stillOwedCents)} is still to pay.`
      : 'It is all paid.'
  return ownerRequestEmail({
    customer: request,
    subject,
    lead: next,
    rows: [
      ...requestRows({
        productType: request.product_type,
        dueDate: request.due_date,
        paymentReference: request.payment_reference,
      }),
      paid.giftCard
        ? ['Paid by gift card', `${amount}, from gift card ${paid.giftCard}`]
        : ['Paid by card', `${amount} (${paid.kind}), through Stripe`],
    ],
    requestUrl,
    bakeryName,
    // Stripe's news, not a message of hers: Reply is not set to her.
    replyToCustomer: false,
  })
}

/** The owner hears of a card payment the site could not put on a request by itself. */
export function composeCardPaymentNeedsLook(
  look: { amountCents: number | null; reference: string | null; why: string },
  todayUrl: string,
  /** Her bakery's name (Settings › Your site), for the footer. */
  bakeryName: string,
): OutgoingEmail {
  const subject = `A card payment${look.amountCents === null ? '' : ` of ${formatMoney(look.amountCents)}`}${look.reference ? ` for ${look.reference}` : ''} needs a look`
  return ownerEmail({
    subject,
    text: `${subject}.\n\n${look.why}\n\nIt is listed on Today: ${todayUrl}\nStripe's dashboard has the payment itself, and refunds it if it should not have been taken.\n`,
    content: markup`<p>${look.why}</p><p>Stripe’s dashboard has the payment itself, and refunds it if it should not have been taken.</p>${emailButton({ href: todayUrl, label: 'Open Today' })}`,
    bakeryName,
    summary: `${subject}. ${look.why}`,
  })
}
