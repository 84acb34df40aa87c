import type { RequestStatus } from '#app/db/schema.ts'
import {
  CUSTOMER_CHANGEABLE_STATUSES,
  LIVE_STATUSES,
  PAYABLE_STATUSES,
  QUOTABLE_STATUSES,
  REFUNDABLE_STATUSES,
  isIn,
} from './order-status.ts'

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
