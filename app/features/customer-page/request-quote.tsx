import { Charges } from './charges.tsx'
import { HowToPay } from './how-to-pay.tsx'
import { QuoteAnswers } from './quote-answers.tsx'
import type { CustomerQuote, QuoteAnswerResult } from './request-status.ts'

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
 * answers (quote-answers.tsx).
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
  const headingId = `quote-${position}`
  return (
    <section
      className="mt-6 rounded-2xl border-2 border-butter bg-cream p-5 sm:p-6"
      aria-labelledby={headingId}
      data-testid="quote"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold">
        {quote.accepted ? 'Your accepted quote' : 'Your quote'}
      </h3>
      <QuoteCharges quote={quote} />
      <QuoteAmounts quote={quote} />
      {quote.message.trim() ? (
        <div className="mt-5">
          <h4 className="text-sm font-bold text-chocolate">A note from us</h4>
          <p className="mt-1 whitespace-pre-line break-words">{quote.message.trim()}</p>
        </div>
      ) : null}
      {quote.paymentInstructions.trim() || reference ? (
        <HowToPay instructions={quote.paymentInstructions.trim()} reference={reference} />
      ) : null}

      {error ? (
        <p role="alert" className="mt-5 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">
          {error}
        </p>
      ) : null}
      {quote.accepted ? null : <QuoteAnswers position={position} quote={quote} />}
    </section>
  )
}

/** A party's lines, or a delivery's price and fee, above the amounts; nothing for a plain quote. */
function QuoteCharges({ quote }: { quote: CustomerQuote }) {
  return quote.lines ? (
    <>
      <p className="mt-1 text-sm text-chocolate">
        One quote for the {quote.lines.length} orders you sent together, with one answer for all of
        them.
      </p>
      <Charges rows={[...quote.lines, ...(quote.afterPrice ?? [])]} testId="quote-charges" />
    </>
  ) : quote.afterPrice?.length ? (
    <Charges rows={[['Price', quote.price], ...quote.afterPrice]} testId="quote-charges" />
  ) : null
}

/** What it costs, the deposit and when it is due, each in a box of its own. */
function QuoteAmounts({ quote }: { quote: CustomerQuote }) {
  // With a delivery fee, the price and the fee each have a line above, and the first box is their total.
  const amounts: [string, string][] = [
    (quote.afterPrice?.length || quote.lines) && quote.total
      ? ['Total', quote.total]
      : ['Price', quote.price],
    ...(quote.deposit ? [[quote.depositLabel, quote.deposit] as [string, string]] : []),
    ...(quote.deposit && quote.depositDue
      ? [[`${quote.depositLabel} due by`, quote.depositDue] as [string, string]]
      : []),
  ]
  // Two amounts side by side even on a phone; the due date, a longer
  // line, gets a row of its own there and the widest column beside.
  return (
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
  )
}
