import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  type DetailRow,
  ownerRequestEmail,
  requestRows,
} from '#app/features/mail/owner-request-email.ts'
import type { ChangedPart } from '#app/features/order-book/change-parts.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

/** The request an owner's email about a customer's own change names. */
export interface SelfServiceRequest {
  name: string
  email: string
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
  paymentReference?: string | null
}

/** The request's page in the order book (when the site's address is known) and her bakery's name. */
export interface OwnerEmailLinks {
  requestUrl?: string | undefined
  bakeryName: string
}

/**
 * The owner hears once that a customer asked for a change from her page:
 * each part it would change, from what to what, and her words.
 */
export function composeChangeAsked(
  request: SelfServiceRequest,
  change: { changes: readonly ChangedPart[]; details: string },
  links: OwnerEmailLinks,
): OutgoingEmail {
  return ownerRequestEmail({
    customer: request,
    subject: `${request.name} asked to change the ${request.productType} on ${formatCalendarDate(request.dueDate)}`,
    lead: 'Accept or decline it on the order page; she is emailed your answer.',
    rows: [
      ...requestRows(request),
      ...change.changes.map((part): DetailRow => [part.label, `from ${part.from} to ${part.to}`]),
      ...(change.details.trim() ? [['Her words', change.details] as DetailRow] : []),
    ],
    ...links,
  })
}

/** The owner hears once that a customer cancelled from her page, and what to send back. */
export function composeSelfCancelledForOwner(
  request: SelfServiceRequest,
  refund: { totalCents: number; cardCents: number; giftCardCents: number },
  links: OwnerEmailLinks,
): OutgoingEmail {
  const manual = refund.totalCents - refund.cardCents
  const bankCard = refund.cardCents - refund.giftCardCents
  const lead =
    refund.totalCents === 0
      ? 'Her date is released. Under your policy nothing is refunded.'
      : manual > 0
        ? `Her date is released. Under your policy she gets ${formatMoney(refund.totalCents)} back: please send her ${formatMoney(manual)} by e-Transfer or cash and record it as a refund on the order page.`
        : `Her date is released. Under your policy ${formatMoney(refund.totalCents)} went back ${bankCard > 0 ? 'where she paid it' : 'onto her gift card'}; nothing more to do.`
  return ownerRequestEmail({
    customer: request,
    subject: `${request.name} cancelled the ${request.productType} on ${formatCalendarDate(request.dueDate)}`,
    lead,
    rows: [
      ...requestRows(request),
      ['Refund under your policy', formatMoney(refund.totalCents)],
      ...(bankCard > 0 ? [['Back to her card (Stripe)', formatMoney(bankCard)] as DetailRow] : []),
      ...(refund.giftCardCents > 0
        ? [['Back on her gift card', formatMoney(refund.giftCardCents)] as DetailRow]
        : []),
      ...(manual > 0 ? [['For you to send back', formatMoney(manual)] as DetailRow] : []),
    ],
    ...links,
  })
}
