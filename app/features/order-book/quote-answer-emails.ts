import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { customerEmail, emailButton, emailHeading, markup } from '#app/features/mail/html.ts'
import {
  type DetailRow,
  ownerRequestEmail,
  paymentReferenceRows,
  requestRows,
} from '#app/features/mail/owner-request-email.ts'
import { type Discount, discountLabel, formatLine } from '#app/features/order-status/money-owed.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { orderName } from '#app/utils/order-name.ts'
import { partyName } from '#app/utils/party-name.ts'

/** The request an email about a quote names: whose it is, what and for when. */
export interface QuotedRequest {
  name: string
  email: string
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
  /** 'BB-4821', what her e-Transfer will say; absent for requests stored before references. */
  paymentReference?: string | null
  /** A party's lines (decision 049), each its own treat, date and price; absent for one request. */
  party?: QuotedParty
  /** The code she used as she accepted, named as every page names it. */
  discount?: Discount | null
}

const codeRows = (discount: Discount | null | undefined): DetailRow[] =>
  discount ? [[discountLabel(discount.code), formatLine(-discount.cents)]] : []

/** What the owner's news of a party's answer lists. */
export interface QuotedParty {
  lines: { productType: string; dueDate: string; cents: number }[]
  deliveryFeeCents: number
  /** Each tax's line, as every page lists it after the code (decision 113). */
  taxLines: { label: string; cents: number }[]
  totalCents: number
}

export type QuoteOutcome = 'confirmed' | 'accepted' | 'declined'

/**
 * The owner hears at once how a customer answered a quote: 'Priya Sharma
 * accepted the quote for Cakes on Saturday, December 12, 2026', and whether
 * the date is now booked or waits for the deposit. Reply goes to the customer.
 */
export function composeQuoteAnswer(
  request: QuotedRequest,
  outcome: QuoteOutcome,
  {
    requestUrl,
    bakeryName,
  }: {
    /** The request's page in the order book, when the site's address is known. */
    requestUrl?: string | undefined
    /** Her bakery's name (Settings › Your site), for the footer. */
    bakeryName: string
  },
): OutgoingEmail {
  const when = formatCalendarDate(request.dueDate)
  const verb = outcome === 'declined' ? 'declined' : 'accepted'
  const party = request.party && request.party.lines.length > 1 ? request.party : undefined
  const subject = party
    ? `${request.name} ${verb} the quote for ${partyName(party.lines.map((line) => line.productType))}`
    : `${request.name} ${verb} the quote for ${request.productType} on ${when}`
  const next = {
    confirmed: 'The deposit was already settled, so the date is now confirmed.',
    accepted: 'The date is held and waits for the deposit: record it when it arrives to confirm.',
    declined: 'The date is released for other orders.',
  }[outcome]
  // A party names every line, with its own date, and what they come to.
  const rows: DetailRow[] = party
    ? [
        ...party.lines.map((line, index): DetailRow => [
          `${index + 1}. ${line.productType}`,
          `${formatCalendarDate(line.dueDate)}, ${formatMoney(line.cents)}`,
        ]),
        ...(party.deliveryFeeCents > 0
          ? [['Delivery fee', formatMoney(party.deliveryFeeCents)] as DetailRow]
          : []),
        ...codeRows(request.discount),
        ...party.taxLines.map((line): DetailRow => [line.label, formatLine(line.cents)]),
        ['Total', formatMoney(party.totalCents)],
        ...paymentReferenceRows(request.paymentReference),
      ]
    : [...requestRows(request), ...codeRows(request.discount)]
  return ownerRequestEmail({ customer: request, subject, lead: next, rows, requestUrl, bakeryName })
}

/**
 * The customer hears that a quote they did not answer in time has expired
 * and its date was let go, with their private link and the way back: reply.
 * No Reply-To, so their reply reaches the owner (MAIL_TO).
 */
export function composeQuoteExpired(
  request: QuotedRequest,
  {
    statusUrl,
    bakery = SEED_WORDS.identity,
  }: { statusUrl: string; /** Her name and the bakery's. */ bakery?: IdentityWords },
): OutgoingEmail {
  const firstName = request.name.trim().split(/\s+/)[0] || request.name
  const when = formatCalendarDate(request.dueDate)
  const subject = `Your quote has expired — ${bakery.name}`
  const order = orderName(request.productType)
  const heading = `The quote for your ${order} has expired`
  const body = `We did not hear back in time about our quote for your ${order} for ${when}, so the date has been released for other orders.`
  const again = `Would you still like it? Just reply to this email and ${bakery.ownerName} will see what can be done.`
  const text = [
    `Hi ${firstName},`,
    '',
    body,
    '',
    again,
    '',
    'Your order’s page:',
    statusUrl,
    '',
    'Warmly,',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  const content = markup`${emailHeading(heading)}
<p style="margin:0 0 16px">Hi ${firstName},</p>
<p style="margin:0 0 16px">${body}</p>
<p style="margin:0 0 16px">${again}</p>
${emailButton({ href: statusUrl, label: 'See your order' })}
<p style="margin:0">Warmly,<br>${bakery.ownerName}</p>`
  return customerEmail({
    to: { name: request.name, address: request.email },
    subject,
    text,
    preview: body,
    content,
    statusUrl,
    bakery,
  })
}
