import type { RequestStatus } from '#app/db/schema.ts'
import { STATUS_LABELS } from './lifecycle.ts'

/** Colours as the customer's page uses them: waiting, good, done, closed (AA contrast each). */
const TONES: Record<RequestStatus, string> = {
  new: 'bg-butter text-cocoa',
  quoted: 'bg-butter text-cocoa',
  confirmed: 'bg-[#d7ead9] text-[#1f4f29]',
  ready: 'bg-[#d7ead9] text-[#1f4f29]',
  completed: 'bg-paper text-chocolate ring-1 ring-chocolate/25',
  declined: 'bg-blush-100 text-raspberry-dark',
  cancelled: 'bg-blush-100 text-raspberry-dark',
  expired: 'bg-blush-100 text-raspberry-dark',
}

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap ${TONES[status]}`}
      data-testid="order-status"
    >
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]}
    </span>
  )
}
