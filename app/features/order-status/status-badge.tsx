import { DISPLAY_LABELS, type DisplayState } from './display-state.ts'

/** Colours as the customer's page uses them: waiting, good, done, closed (AA contrast each). */
const TONES: Record<DisplayState, string> = {
  new: 'bg-butter text-cocoa',
  quoted: 'bg-butter text-cocoa',
  // Her move next: the deposit to chase or record.
  accepted: 'bg-[#fde1c4] text-cocoa ring-1 ring-[#b4570f]/40',
  confirmed: 'bg-[#d7ead9] text-[#1f4f29]',
  ready: 'bg-[#d7ead9] text-[#1f4f29]',
  completed: 'bg-paper text-chocolate ring-1 ring-chocolate/25',
  declined: 'bg-blush-100 text-raspberry-dark',
  cancelled: 'bg-blush-100 text-raspberry-dark',
  expired: 'bg-blush-100 text-raspberry-dark',
}

/** The request's state as the owner reads it (see displayStateOf). */
export function StatusBadge({ state }: { state: DisplayState }) {
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-sm font-bold ${TONES[state]}`}
      data-testid="order-status"
    >
      <span className="sr-only">Status: </span>
      {DISPLAY_LABELS[state]}
    </span>
  )
}

/** Beside the badge when a deposit's due date has passed and it is still owed. */
export function OverdueFlag({ what = 'deposit' }: { what?: 'deposit' | 'balance' }) {
  return (
    <span
      className="inline-block rounded-full bg-raspberry-dark px-3 py-1 text-sm font-bold whitespace-nowrap text-white"
      data-testid={`${what}-overdue`}
    >
      {what === 'deposit' ? 'Deposit overdue' : 'Balance overdue'}
    </span>
  )
}

/** A request's payment reference, as the customer writes it in her e-Transfer message. */
export function PaymentReference({ reference }: { reference: string | null }) {
  if (!reference) return null
  return (
    <span
      className="inline-block rounded-full border border-chocolate/30 bg-paper px-3 py-1 font-mono text-sm font-bold whitespace-nowrap text-chocolate"
      data-testid="payment-reference"
    >
      <span className="sr-only">Payment reference </span>
      {reference}
    </span>
  )
}
