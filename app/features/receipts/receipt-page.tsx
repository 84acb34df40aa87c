import { type Receipt, bakeryLineOf } from './receipt.ts'

/**
 * A private link's receipts, one card each, to read on a phone or print
 * (app.css's print rules keep the receipt alone on a white page, one
 * receipt per sheet). `backTo` is the page it was opened from.
 */
export function ReceiptPage({
  receipts,
  pdfHref,
  backTo,
}: {
  receipts: readonly Receipt[]
  pdfHref: string
  backTo: string
}) {
  return (
    <section className="page-section receipt-page" aria-label="Receipt" data-receipt>
      <div className="receipt-actions flex flex-wrap items-center gap-3">
        {/* On a phone the way back takes its own line, the two buttons the next. */}
        <a className="text-link inline-flex min-h-11 w-full items-center sm:w-auto" href={backTo}>
          ← Back to your order
        </a>
        <span className="hidden grow sm:block" />
        <PrintButton />
        <a className="button-primary" href={pdfHref} download>
          Download PDF
        </a>
      </div>
      <div className="mt-6 grid gap-8">
        {receipts.map((receipt) => (
          <ReceiptCard key={receipt.number} receipt={receipt} />
        ))}
      </div>
    </section>
  )
}

/** Printing needs the browser's script; without it, the browser's own Print menu does the same. */
function PrintButton() {
  return (
    <button
      type="button"
      className="button-secondary"
      onClick={() => window.print()}
      data-testid="print-receipt"
    >
      Print
    </button>
  )
}

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const headingId = `receipt-${receipt.number}`
  return (
    <article className="card receipt-card p-5 sm:p-8" aria-labelledby={headingId}>
      <ReceiptHeader receipt={receipt} headingId={headingId} />
      <ReceiptFacts receipt={receipt} />

      <h2 className="mt-6 font-display text-lg font-semibold text-cocoa">Your order</h2>
      <Rows label="Your order" rows={orderRows(receipt)} />

      <h2 className="mt-6 font-display text-lg font-semibold text-cocoa">Payments</h2>
      <Rows
        label="Payments"
        rows={receipt.payments.map((payment) => ({
          label: `Paid ${payment.on}`,
          note: payment.method,
          amount: payment.amount,
        }))}
      />
      {receipt.refunds.length > 0 ? <RefundRows refunds={receipt.refunds} /> : null}

      <div className="mt-6 rounded-2xl bg-paper p-4">
        <Rows
          label="Totals"
          rows={[
            { label: 'Received', amount: receipt.received },
            ...(receipt.refunded ? [{ label: 'Refunded', amount: `−${receipt.refunded}` }] : []),
            { label: 'Paid', amount: receipt.paid, strong: true },
            { label: 'Still owed', amount: receipt.stillOwed, strong: true },
          ]}
        />
      </div>
      <p className="mt-6 text-sm text-chocolate">
        Thank you! Questions about this receipt: {receipt.bakery.email}
      </p>
    </article>
  )
}

/** The bakery's name and line beside the receipt's number and the day it was issued. */
function ReceiptHeader({ receipt, headingId }: { receipt: Receipt; headingId: string }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 border-b border-chocolate/20 pb-4">
      <div>
        <p className="font-display text-2xl font-semibold text-raspberry-dark">
          {receipt.bakery.name}
        </p>
        <p className="text-sm text-chocolate">{bakeryLineOf(receipt.bakery)}</p>
      </div>
      <div className="text-left sm:text-right">
        <h1 id={headingId} className="font-display text-xl font-semibold text-cocoa">
          Receipt <span data-testid="receipt-number">{receipt.number}</span>
        </h1>
        <p className="text-sm text-chocolate">Issued {receipt.issuedOn}</p>
      </div>
    </header>
  )
}

/** Who it is for, her payment reference, and where the order stands. */
function ReceiptFacts({ receipt }: { receipt: Receipt }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-bold text-chocolate">Customer</dt>
      <dd>
        {receipt.customer.name} ({receipt.customer.email})
      </dd>
      {receipt.reference ? (
        <>
          <dt className="font-bold text-chocolate">Payment reference</dt>
          <dd className="font-mono">{receipt.reference}</dd>
        </>
      ) : null}
      <dt className="font-bold text-chocolate">Status</dt>
      <dd>{receipt.status}</dd>
    </dl>
  )
}

/** The order's lines, its total, the deposit and any balance. */
function orderRows(receipt: Receipt): RowsProps['rows'] {
  const { deposit, balance } = receipt
  return [
    ...receipt.lines.map((line) => ({
      label: line.description,
      note: line.detail,
      amount: line.amount,
    })),
    { label: 'Total', amount: receipt.price, strong: true },
    { label: deposit.label, note: deposit.note, amount: deposit.amount },
    ...(balance ? [{ label: 'Balance', note: balance.note, amount: balance.amount }] : []),
  ]
}

/** What was handed back, each with how and why. */
function RefundRows({ refunds }: { refunds: Receipt['refunds'] }) {
  return (
    <>
      <h2 className="mt-6 font-display text-lg font-semibold text-cocoa">Refunds</h2>
      <Rows
        label="Refunds"
        rows={refunds.map((refund) => ({
          label: `Refunded ${refund.on}`,
          note: [refund.method, refund.reason].filter(Boolean).join(' · '),
          amount: `−${refund.amount}`,
        }))}
      />
    </>
  )
}

interface RowsProps {
  label: string
  rows: { label: string; note?: string | null; amount: string; strong?: boolean }[]
}

function Rows({ label, rows }: RowsProps) {
  return (
    <dl className="mt-2 grid gap-2" aria-label={label}>
      {rows.map((row, index) => (
        <div
          key={index}
          className="flex items-start justify-between gap-4 border-b border-chocolate/10 pb-2 last:border-b-0"
        >
          <dt className={row.strong ? 'font-bold text-cocoa' : 'text-cocoa'}>
            {row.label}
            {row.note ? (
              <span className="block text-sm font-normal text-chocolate">{row.note}</span>
            ) : null}
          </dt>
          <dd
            className={`whitespace-nowrap tabular-nums ${row.strong ? 'font-bold text-cocoa' : 'text-cocoa'}`}
          >
            {row.amount}
          </dd>
        </div>
      ))}
    </dl>
  )
}
