import type { ReactNode } from 'react'
import type { ScheduleLine } from '#app/features/order-status/payment-schedule-text.ts'
import { Charges } from './charges.tsx'
import { LedgerList } from './ledger-list.tsx'
import type { CustomerLedger, CustomerSchedule } from './request-status.ts'

const scheduleStates: Record<
  ScheduleLine['state'],
  { className: string; text: (line: ScheduleLine) => string }
> = {
  paid: { className: 'bg-[#d7ead9] text-[#1f4f29]', text: () => 'Paid' },
  'to-pay': { className: 'bg-butter text-cocoa', text: (line) => `${line.owed} to pay` },
  overdue: { className: 'bg-raspberry-dark text-white', text: (line) => `Overdue: ${line.owed}` },
}

/**
 * The quote's payments, each with its amount, when it is due and whether
 * it is paid, above the reference to put in the e-Transfer message.
 */
export function SchedulePanel({
  position,
  schedule,
  ledger,
  token,
  children,
}: {
  position: number
  /** The quote's payments; null once the request is closed (its ledger may still show). */
  schedule: CustomerSchedule | null
  ledger?: CustomerLedger | null
  /** The private link's token, for the receipt's address. */
  token: string
  /** What follows the lines: the card payment form, when one is offered. */
  children?: ReactNode
}) {
  const headingId = `payments-${position}`
  return (
    <section
      className="mt-6 rounded-2xl bg-paper p-5"
      aria-labelledby={headingId}
      data-testid="payment-schedule"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold">
        Your payments
      </h3>
      {schedule?.reference ? (
        <p className="mt-2">
          Your payment reference:{' '}
          <strong className="font-mono text-lg text-cocoa" data-testid="customer-reference">
            {schedule.reference}
          </strong>
          <span className="block text-sm text-chocolate">
            Put it in the e-Transfer message, so we know the payment is yours.
          </span>
        </p>
      ) : null}
      {schedule?.charges?.length ? <Charges rows={schedule.charges} testId="charges" /> : null}
      {schedule && schedule.lines.length > 0 ? <ScheduleLines lines={schedule.lines} /> : null}
      {ledger ? (
        <LedgerList ledger={ledger} position={position} token={token} />
      ) : schedule?.paid ? (
        <p className="mt-3 text-sm">
          <span className="font-bold text-chocolate">Paid so far:</span> {schedule.paid}
        </p>
      ) : null}
      {children}
    </section>
  )
}

/** Each payment: its amount, when it is due, and whether it is paid. */
function ScheduleLines({ lines }: { lines: ScheduleLine[] }) {
  return (
    <ol className="mt-4 grid gap-2">
      {lines.map((line) => {
        const state = scheduleStates[line.state]
        return (
          <li
            key={line.label}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-3"
          >
            <div>
              <p className="font-bold text-cocoa">
                {line.label} · {line.amount}
              </p>
              <p className="text-sm text-chocolate">
                {/^(At|On|When) /.test(line.due) ? line.due : `Due ${line.due}`}
              </p>
            </div>
            <span
              className={`rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap ${state.className}`}
            >
              {state.text(line)}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
