import type { IdentityWords } from '#app/content/site-words.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { customerEmail, emailButton, emailHeading, markup } from '#app/features/mail/html.ts'
import { type DetailRow, ownerRequestEmail } from '#app/features/mail/owner-request-email.ts'
import { waitingId } from '#app/features/order-status/customer-links.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { orderName } from '#app/utils/order-name.ts'

/** The request a proof's email names: whose it is, what and for when. */
export interface ProofRequest {
  name: string
  email: string
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
  /** Its place in its send: the email opens her page at the proof to answer. */
  position?: number
  /** Her party's treats named as one order ('Cake and Cupcakes'), when it is one (decision 049). */
  party?: string
}

/**
 * Which treat of her party a proof is for, her party named as her quote
 * names it (decision 087): 'In your Cake and Cupcakes order, this proof is
 * for the Cupcakes.' The treat comes last, so a name with a comma of its own
 * still reads whole. Her email and her page say it alike.
 */
export function proofInParty(productType: string, party: string): string {
  return `In your ${orderName(party)}, this proof is for the ${productType.trim()}.`
}

/**
 * The customer hears that a proof of her design is ready to look at, with
 * her private link (where the images are: they are never attached) and the
 * owner's note. No Reply-To, so her reply reaches the owner (MAIL_TO).
 */
export function composeProofSent(
  request: ProofRequest,
  {
    round,
    note,
    statusUrl,
    bakery,
  }: {
    round: number
    note: string
    statusUrl: string
    /** Her name, her bakery's, its place and email (Settings › Your site). */
    bakery: IdentityWords
  },
): OutgoingEmail {
  const firstName = request.name.trim().split(/\s+/)[0] || request.name
  const order = orderName(request.productType)
  const when = formatCalendarDate(request.dueDate)
  const subject =
    round === 1
      ? `Your design proof is ready — ${bakery.name}`
      : `Your updated design proof is ready — ${bakery.name}`
  // Her page's card for the proof; a request without a position opens at the first proof.
  const proofUrl = `${statusUrl}#${request.position ? waitingId({ kind: 'proof', position: request.position }) : 'proof'}`
  const what = round === 1 ? 'A proof' : 'A new proof'
  const body = request.party
    ? `${what} of a design for ${when} is on your order’s page. ${proofInParty(request.productType, request.party)} Please have a look, then approve it or ask for a change.`
    : `${what} of the design for your ${order} for ${when} is on your order’s page. Please have a look, then approve it or ask for a change.`
  const text = [
    `Hi ${firstName},`,
    '',
    body,
    ...(note ? ['', `${bakery.ownerName}’s note:`, note] : []),
    '',
    'See your proof:',
    proofUrl,
    '',
    'Warmly,',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  const content = markup`${emailHeading(round === 1 ? 'Your design proof is ready' : 'Your updated proof is ready')}
<p style="margin:0 0 16px">Hi ${firstName},</p>
<p style="margin:0 0 16px">${body}</p>
${note ? markup`<p style="margin:0 0 16px;white-space:pre-wrap">${note}</p>` : null}
${emailButton({ href: proofUrl, label: 'See your proof' })}
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

/**
 * The owner hears at once how the customer answered a proof: approved, or
 * the change she asks for, in her words. Reply goes to the customer.
 */
export function composeProofAnswer(
  request: ProofRequest,
  {
    round,
    answer,
    change,
    requestUrl,
    bakeryName,
  }: {
    round: number
    answer: 'approved' | 'change'
    change?: string
    requestUrl?: string
    /** Her bakery's name, for the footer. */
    bakeryName: string
  },
): OutgoingEmail {
  const when = formatCalendarDate(request.dueDate)
  const subject =
    answer === 'approved'
      ? `${request.name} approved the design for ${request.productType} on ${when}`
      : `${request.name} asked for a change to the design for ${request.productType} on ${when}`
  const next =
    answer === 'approved'
      ? `Proof ${round} is approved: it shows on the bake list and the order page.`
      : `Her change to proof ${round}: “${change ?? ''}” Send the next round from the order page.`
  return ownerRequestEmail({
    customer: request,
    subject,
    lead: next,
    // Her change is in her words, line breaks and all.
    keepLineBreaks: true,
    rows: [
      ['Treat', request.productType],
      ...(request.party ? [['Quoted together', request.party] as DetailRow] : []),
      ['Date', when],
    ],
    requestUrl,
    bakeryName,
  })
}
