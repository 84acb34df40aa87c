import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { heldUntil } from '#app/features/order-status/date-hold.ts'
import { referenceInstruction } from '#app/features/order-status/payment-reference.ts'
import type { ScheduleLine } from '#app/features/order-status/payment-schedule-text.ts'
import { receiptPath, receiptPdfPath } from '#app/features/payments/receipt.ts'
import { paymentTextParts } from './payment-text.ts'
import type {
  CustomerLedger,
  CustomerOwed,
  CustomerQuote,
  CustomerSchedule,
  QuoteAnswerResult,
} from './request-status.ts'

/** What the customer reads right after answering, in their words. */
export const ANSWER_MESSAGES: Record<Extract<QuoteAnswerResult, { ok: true }>['outcome'], string> =
  {
    confirmed: 'Thank you — your date is booked',
    accepted: 'Quote accepted — we’ll confirm once your deposit arrives',
    declined: 'You declined this quote',
  }

/**
 * A quote waiting for the customer: what it costs, the deposit and when it
 * is due, how to pay, the bakery's note, when it lapses, and the two
 * answers. Both answers are plain POST forms, so they work before (or
 * without) JavaScript; declining asks again in a disclosure that needs none.
 */
export function QuotePanel({
  position,
  quote,
  reference = null,
  error,
}: {
  /** The request's position in its send: how the answer names it. */
  position: number
  quote: CustomerQuote
  /** The request's payment reference, for the e-Transfer message. */
  reference?: string | null
  error: string | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('request') === String(position)
  const headingId = `quote-${position}`
  const [heldBefore, heldExpiry, heldAfter] = heldUntil(
    <time dateTime={quote.expiresAt} className="font-bold">
      {quote.expiresLabel}
    </time>,
    quote.expiresLabel,
  )
  // With a delivery fee, the price and the fee each have a line above, and the first box is their total.
  const amounts: [string, string][] = [
    (quote.deliveryFee || quote.lines) && quote.total
      ? ['Total', quote.total]
      : ['Price', quote.price],
    ...(quote.deposit ? [['Deposit', quote.deposit] as [string, string]] : []),
    ...(quote.deposit && quote.depositDue
      ? [['Deposit due by', quote.depositDue] as [string, string]]
      : []),
  ]
  return (
    <section
      className="mt-6 rounded-2xl border-2 border-butter bg-cream p-5 sm:p-6"
      aria-labelledby={headingId}
      data-testid="quote"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold">
        {quote.accepted ? 'Your accepted quote' : 'Your quote'}
      </h3>
      {/* Two amounts side by side even on a phone; the due date, a longer
          line, gets a row of its own there and the widest column beside. */}
      {quote.lines ? (
        <>
          <p className="mt-1 text-sm text-chocolate">
            One quote for the {quote.lines.length} orders you sent together, with one answer for all
            of them.
          </p>
          <Charges
            rows={[
              ...quote.lines,
              ...(quote.deliveryFee
                ? [['Delivery fee', quote.deliveryFee] as [string, string]]
                : []),
            ]}
            testId="quote-charges"
          />
        </>
      ) : quote.deliveryFee ? (
        <Charges
          rows={[
            ['Price', quote.price],
            ['Delivery fee', quote.deliveryFee],
          ]}
          testId="quote-charges"
        />
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1.5fr]">
        {amounts.map(([label, value], index) => (
          <div
            key={label}
            className={`rounded-xl bg-white px-4 py-3 ${index === 2 ? 'col-span-2 sm:col-span-1' : ''}`}
          >
            <dt className="text-sm font-bold text-chocolate">{label}</dt>
            <dd className={`mt-0.5 font-bold text-cocoa ${index === 2 ? 'text-base' : 'text-xl'}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {quote.message.trim() ? (
        <div className="mt-5">
          <h4 className="text-sm font-bold text-chocolate">A note from us</h4>
          <p className="mt-1 whitespace-pre-line break-words">{quote.message.trim()}</p>
        </div>
      ) : null}
      {quote.paymentInstructions.trim() || reference ? (
        <div className="mt-5">
          <h4 className="text-sm font-bold text-chocolate">How to pay</h4>
          {quote.paymentInstructions.trim() ? (
            <p className="mt-1 whitespace-pre-line break-words">
              <PaymentText text={quote.paymentInstructions.trim()} />
            </p>
          ) : null}
          {reference ? (
            <p className="mt-1" data-testid="reference-instruction">
              {referenceInstruction(reference)}
            </p>
          ) : null}
        </div>
      ) : null}

      {error ? (
        <p role="alert" className="mt-5 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {error}
        </p>
      ) : null}
      {quote.accepted ? null : quote.expired ? (
        <p className="mt-5 font-bold text-raspberry-dark">
          This quote expired on <time dateTime={quote.expiresAt}>{quote.expiresLabel}</time>. Reply
          to our email if you would still like it.
        </p>
      ) : (
        <>
          <p className="mt-5">
            {heldBefore}
            {heldExpiry}
            {heldAfter}
          </p>
          <div className="mt-5 flex flex-wrap items-start gap-3">
            <Form method="post" replace preventScrollReset>
              <input type="hidden" name="request" value={position} />
              <input type="hidden" name="quote" value={quote.number} />
              <button
                type="submit"
                name="intent"
                value="accept"
                className="button-primary"
                disabled={busy}
              >
                Accept quote
              </button>
            </Form>
            <details className="quote-decline group">
              <summary className="button-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                Decline quote
              </summary>
              <div className="mt-3 max-w-sm rounded-xl bg-white p-4 shadow-sm">
                <p className="font-bold">Are you sure?</p>
                <p className="mt-1 text-sm text-chocolate">
                  Declining lets your date go to other orders. You can always ask us again.
                </p>
                <Form method="post" replace preventScrollReset className="mt-3">
                  <input type="hidden" name="request" value={position} />
                  <input type="hidden" name="quote" value={quote.number} />
                  <button
                    type="submit"
                    name="intent"
                    value="decline"
                    className="button-danger"
                    disabled={busy}
                  >
                    Yes, decline the quote
                  </button>
                </Form>
              </div>
            </details>
          </div>
        </>
      )}
    </section>
  )
}

/** The owner's payment text with any pasted web address made a link. */
function PaymentText({ text }: { text: string }) {
  return (
    <>
      {paymentTextParts(text).map((part, index) =>
        'href' in part ? (
          <a
            key={index}
            href={part.href}
            className="text-link break-all"
            rel="noopener noreferrer"
            target="_blank"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  )
}

/** What is still to pay on a booked request, or that nothing is. */
export function OwedPanel({ owed }: { owed: CustomerOwed }) {
  const lines: [string, string][] = [
    ...(owed.deposit ? [['Deposit still to pay', owed.deposit] as [string, string]] : []),
    ...(owed.balance ? [['Total still to pay', owed.balance] as [string, string]] : []),
  ]
  return (
    <section className="mt-6 rounded-2xl bg-paper p-5" aria-label="Still to pay">
      {lines.length === 0 ? (
        <p className="font-bold">Paid in full — thank you!</p>
      ) : (
        <dl className="grid gap-2">
          {lines.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="font-bold text-chocolate">{label}</dt>
              <dd className="font-bold text-cocoa">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

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
      {schedule && schedule.lines.length > 0 ? (
        <ol className="mt-4 grid gap-2">
          {schedule.lines.map((line) => {
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
      ) : null}
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

/** A delivery's price and fee, one line each (and the total, when given, under a rule). */
function Charges({ rows, testId }: { rows: [string, string][]; testId: string }) {
  return (
    <dl className="mt-4 grid gap-1 rounded-xl bg-white px-4 py-3" data-testid={testId}>
      {rows.map(([label, value], index) => (
        <div
          key={`${index}-${label}`}
          className={`flex justify-between gap-4 ${label === 'Total' ? 'mt-1 border-t border-butter pt-2 font-bold text-cocoa' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="font-bold text-cocoa">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * Each payment and refund with its date, what is paid after refunds, and
 * the receipt to print or download.
 */
function LedgerList({
  ledger,
  position,
  token,
}: {
  ledger: CustomerLedger
  position: number
  token: string
}) {
  return (
    <div className="mt-4" data-testid="customer-ledger">
      <ul className="grid gap-1 text-sm" aria-label="Payments and refunds">
        {ledger.entries.map((entry, index) => (
          <li key={index} className="flex flex-wrap justify-between gap-x-4">
            <span>
              {entry.kind === 'payment' ? 'Paid' : 'Refunded to you'} {entry.on}
              {entry.method ? <span className="text-chocolate"> · {entry.method}</span> : null}
              {entry.lowered ? (
                <span className="block text-chocolate" data-testid="price-lowered">
                  {entry.lowered}
                </span>
              ) : null}
            </span>
            <span className="font-bold text-cocoa">
              {entry.kind === 'refund' ? `−${entry.amount}` : entry.amount}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 grid gap-1 border-t border-chocolate/20 pt-3 text-sm">
        {ledger.refunded ? (
          <p>
            <span className="font-bold text-chocolate">Refunded:</span> {ledger.refunded}
          </p>
        ) : null}
        <p>
          <span className="font-bold text-chocolate">
            {ledger.refunded ? 'Paid, after refunds:' : 'Paid so far:'}
          </span>{' '}
          {ledger.paid}
        </p>
      </div>
      <p className="mt-4 flex flex-wrap gap-3">
        <a className="button-secondary" href={receiptPath(token, position)}>
          Receipt
        </a>
        <a
          className="text-link inline-flex min-h-11 items-center"
          href={receiptPdfPath(token, position)}
          download
        >
          Download the receipt (PDF)
        </a>
      </p>
    </div>
  )
}
