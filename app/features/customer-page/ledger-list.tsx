import { receiptPath, receiptPdfPath } from '#app/features/receipts/receipt.ts'
import type { CustomerLedger } from './request-status.ts'

/**
 * Each payment and refund with its date, what is paid after refunds, and
 * the receipt to print or download.
 */
export function LedgerList({
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
