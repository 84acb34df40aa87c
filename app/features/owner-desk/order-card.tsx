import { Link } from 'react-router'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { OverdueFlag, StatusBadge } from '#app/features/order-status/status-badge.tsx'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { OrderRow } from './order-list.ts'

/** One request in the order book's list: a card that opens its page. */
export function OrderCard({ row }: { row: OrderRow }) {
  return (
    <article
      className="card relative grid h-full gap-2 p-4 transition-shadow focus-within:ring-2 focus-within:ring-raspberry hover:shadow-lg sm:p-5"
      aria-labelledby={`order-${row.id}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`order-${row.id}`} className="font-display text-xl font-semibold">
          {/* The whole card is the link's target, for a thumb on a phone. */}
          <Link
            to={`/admin/orders/${row.id}`}
            className="after:absolute after:inset-0 after:rounded-[inherit] focus:outline-none"
          >
            {row.productType}
          </Link>
        </h2>
        <div className="flex flex-col items-end gap-1">
          <StatusBadge state={row.state} />
          {row.depositOverdue ? <OverdueFlag /> : null}
        </div>
      </div>
      <p>
        <span className="font-bold">{row.name}</span>{' '}
        <span className="break-all text-chocolate">{row.email}</span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-bold text-chocolate">Due</dt>
        <dd>
          <DueWhen row={row} />
        </dd>
        <dt className="font-bold text-chocolate">{row.eventThemeLabel}</dt>
        <dd>{row.eventTheme}</dd>
        <dt className="font-bold text-chocolate">Effort</dt>
        <dd>{row.effort}</dd>
        {row.paymentReference ? (
          <>
            <dt className="font-bold text-chocolate">Reference</dt>
            <dd className="font-mono" data-testid="card-reference">
              {row.paymentReference}
            </dd>
          </>
        ) : null}
        <QuotedFacts row={row} />
      </dl>
    </article>
  )
}

/** The day it is due, how it is handed over, and its window when the day has windows. */
function DueWhen({ row }: { row: OrderRow }) {
  return (
    <>
      {formatCalendarDate(row.dueDate)}
      {row.fulfilment ? ` · ${row.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}` : ''}
      {row.window ? (
        <span className="font-bold whitespace-nowrap" data-testid="card-window">
          {' '}
          {row.fulfilment ? '' : 'at '}
          {formatWindow(row.window)}
        </span>
      ) : null}
    </>
  )
}

/**
 * What it was quoted and what is still owed, or, for a request quoted with
 * its party, the lead request that carries the party's money.
 */
function QuotedFacts({ row }: { row: OrderRow }) {
  if (row.money) {
    return (
      <>
        <dt className="font-bold text-chocolate">Quoted</dt>
        <dd>
          {formatMoney(row.money.totalCents)}
          {row.money.depositOwed > 0 ? ` · deposit owed ${formatMoney(row.money.depositOwed)}` : ''}
          {` · balance owed ${formatMoney(row.money.balanceOwed)}`}
        </dd>
      </>
    )
  }
  if (!row.partyLeadId) return null
  return (
    <>
      <dt className="font-bold text-chocolate">Quoted</dt>
      <dd>
        With its party, on{' '}
        <a className="text-link" href={`/admin/orders/${row.partyLeadId}`}>
          request #{row.partyLeadId}
        </a>
      </dd>
    </>
  )
}
