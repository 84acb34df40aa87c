import { formatCalendarDate } from '#app/utils/dates.ts'
import type { OutgoingEmail } from './email.ts'
import { detailsTable, emailButton, markup, ownerEmail } from './html.ts'

/** A labelled detail of the owner's email: 'Treat', 'Cakes'. */
export type DetailRow = [label: string, value: string]

/** Her payment reference's row, when the request has one (older requests have none). */
export function paymentReferenceRows(reference: string | null | undefined): DetailRow[] {
  return reference ? [['Payment reference', reference]] : []
}

/** What a request is for, its day and its payment reference, as the owner's emails list them. */
export function requestRows(request: {
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
  paymentReference?: string | null | undefined
}): DetailRow[] {
  return [
    ['Treat', request.productType],
    ['Date', formatCalendarDate(request.dueDate)],
    ...paymentReferenceRows(request.paymentReference),
  ]
}

/**
 * The owner's email about something that happened to a request: the subject
 * as its heading, a lead that says what happened and what she does next, the
 * customer and the details, a button to the request's page in the order book
 * (when the site's address is known), and Reply answering the customer. Every
 * room's news of a request is written by this one hand, so they read alike.
 */
export function ownerRequestEmail({
  customer,
  subject,
  lead,
  keepLineBreaks = false,
  rows,
  requestUrl,
  bakeryName,
  replyToCustomer = true,
}: {
  customer: { name: string; email: string }
  subject: string
  lead: string
  /** The lead quotes the customer's own words: her line breaks stay in the HTML. */
  keepLineBreaks?: boolean
  /** The details after the customer's own row. */
  rows: readonly DetailRow[]
  requestUrl?: string | undefined
  /** Her bakery's name (Settings › Your site), for the footer. */
  bakeryName: string
  /** Whether Reply answers the customer; not where the news came from elsewhere (Stripe). */
  replyToCustomer?: boolean
}): OutgoingEmail {
  const details: DetailRow[] = [['Customer', `${customer.name} <${customer.email}>`], ...rows]
  const closing = [
    ...(requestUrl ? [`Open this request: ${requestUrl}`] : []),
    ...(replyToCustomer ? [`Reply to this email to answer ${customer.name}.`] : []),
  ]
  const detailsText = details.map(([label, value]) => `${label}: ${value}`).join('\n')
  const leadHtml = keepLineBreaks
    ? markup`<p style="white-space:pre-wrap">${lead}</p>`
    : markup`<p>${lead}</p>`
  return ownerEmail({
    subject,
    text: `${subject}.\n\n${lead}\n\n${detailsText}\n\n${closing.map((line) => `${line}\n`).join('\n')}`,
    content: [
      leadHtml,
      detailsTable(details),
      requestUrl ? emailButton({ href: requestUrl, label: 'Open this request' }) : null,
    ],
    bakeryName,
    replyTo: replyToCustomer ? { name: customer.name, address: customer.email } : undefined,
    summary: `${subject}. ${lead}`,
  })
}
