import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { DISPLAY_LABELS, type DisplayState } from '#app/features/order-status/display-state.ts'
import { readPaymentReference } from '#app/features/order-status/payment-reference.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/payment-schedule.ts'
import { OverdueFlag, StatusBadge } from '#app/features/order-status/status-badge.tsx'
import { formatCount } from '#app/utils/count.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import {
  ORDER_PAGE_SIZE,
  type OrderFilters,
  type OrderRow,
  SEARCH_COUNT_LIMIT,
  STATUSES,
  orderListHref,
} from './order-list.ts'

export type OrderBookView = 'orders' | 'messages'

/** The two tabs: the order book, and the contact messages that used to share the inbox. */
export function OrderBookTabs({
  view,
  openMessages,
}: {
  view: OrderBookView
  openMessages: number
}) {
  const tab = (to: string, on: boolean, label: ReactNode) => (
    <Link
      to={to}
      className={`filter-chip ${on ? 'filter-chip-on' : ''}`}
      aria-current={on ? 'page' : undefined}
    >
      {label}
    </Link>
  )
  return (
    <nav aria-label="Order book sections" className="mt-6 flex flex-wrap gap-2">
      {tab('/admin/orders', view === 'orders', 'Order requests')}
      {tab(
        '/admin/orders?view=messages',
        view === 'messages',
        `Messages${openMessages ? ` (${openMessages} open)` : ''}`,
      )}
    </nav>
  )
}

/** What the list shows, said once above it: how many, and which of them on a later page. */
function listSummary({
  shown,
  matching,
  page,
  filtered,
  reference,
}: {
  shown: number
  /** Null past a search's count limit. */
  matching: number | null
  page: number
  filtered: boolean
  /** The payment reference searched for, if the search is one. */
  reference: string | null
}): string {
  if (shown === 0) {
    if (page > 1) return 'No order requests on this page: the list ends before it.'
    if (reference) return `No order request has the payment reference ${reference}.`
    return filtered ? 'No order requests match these filters.' : 'No order requests yet.'
  }
  const first = (page - 1) * ORDER_PAGE_SIZE + 1
  const range = `${formatCount(first)}–${formatCount(first + shown - 1)}`
  if (matching === null) {
    return `${range} of more than ${formatCount(SEARCH_COUNT_LIMIT)} order requests: type more of the name or email to narrow them.`
  }
  const requests = `order request${matching === 1 ? '' : 's'}`
  if (page === 1 && shown === matching) return `${formatCount(matching)} ${requests}.`
  return `${range} of ${formatCount(matching)} ${requests}.`
}

/**
 * The order book's list: status chips with counts, a search and date range
 * that work as a plain GET form (shareable, no script needed), and one card
 * per request, each linking to its page.
 */
export function OrderList({
  filters,
  rows,
  counts,
  total,
  problems,
  matching,
  hasMore,
}: {
  filters: OrderFilters
  rows: OrderRow[]
  /** Null, as `total` and `matching`, when a search found more than it counts. */
  counts: Record<DisplayState, number> | null
  total: number | null
  problems: string[]
  /** How many requests the filters find, across every page. */
  matching: number | null
  /** Another page follows this one. */
  hasMore: boolean
}) {
  const filtered = Boolean(
    filters.q || filters.from || filters.to || filters.status || filters.balance,
  )
  return (
    <>
      {filters.balance ? (
        <div className="card mt-6 flex flex-wrap items-center justify-between gap-x-4 px-4 py-1 sm:px-5">
          <p className="py-2">
            <span className="font-bold">Balances due</span>: overdue or due within{' '}
            {BALANCE_REMINDER_DAYS} days.
          </p>
          <Link
            to={orderListHref({ ...filters, balance: false, page: 1 })}
            className="text-link inline-block py-3"
          >
            Show every request
          </Link>
        </div>
      ) : null}
      <nav aria-label="Filter by status" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <StatusChip
              to={orderListHref({ ...filters, status: null, page: 1 })}
              on={filters.status === null}
              label="All"
              count={total === null ? `${formatCount(SEARCH_COUNT_LIMIT)}+` : formatCount(total)}
            />
          </li>
          {STATUSES.map((status) => (
            <li key={status}>
              <StatusChip
                to={orderListHref({ ...filters, status, page: 1 })}
                on={filters.status === status}
                label={DISPLAY_LABELS[status]}
                count={counts ? formatCount(counts[status]) : null}
              />
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="get"
        action="/admin/orders"
        className="card mt-5 grid grid-cols-2 items-end gap-x-3 gap-y-4 p-4 sm:p-5 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        role="search"
        aria-label="Find order requests"
      >
        {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
        {filters.balance ? <input type="hidden" name="balance" value="due" /> : null}
        <div className="form-field col-span-2 lg:col-span-1">
          <label htmlFor="order-search" className="form-label">
            Customer name or email
          </label>
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={filters.q}
            aria-describedby="order-search-hint"
          />
          <p id="order-search-hint" className="form-hint">
            Or a payment reference, like BB-4821, to open its order.
          </p>
        </div>
        <div className="form-field min-w-0">
          <label htmlFor="order-from" className="form-label">
            Due from
          </label>
          <input
            className="w-full min-w-0"
            id="order-from"
            name="from"
            type="date"
            defaultValue={filters.from ?? ''}
          />
        </div>
        <div className="form-field min-w-0">
          <label htmlFor="order-to" className="form-label">
            Due until
          </label>
          <input
            className="w-full min-w-0"
            id="order-to"
            name="to"
            type="date"
            defaultValue={filters.to ?? ''}
          />
        </div>
        <div className="form-field min-w-0">
          <label htmlFor="order-sort" className="form-label">
            Sort
          </label>
          <select
            id="order-sort"
            name="sort"
            className="w-full min-w-0"
            defaultValue={filters.sort}
          >
            <option value="newest">Newest first</option>
            <option value="due">Soonest due first</option>
          </select>
        </div>
        <div className="flex items-center gap-2 pb-0.5">
          <button type="submit" className="button-primary">
            Show
          </button>
          {filtered ? (
            <Link to="/admin/orders" className="filter-clear">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {problems.map((problem) => (
        <p key={problem} className="status-error mt-4" role="alert">
          {problem}
        </p>
      ))}

      <p className="mt-6 text-chocolate" role="status">
        {listSummary({
          shown: rows.length,
          matching,
          page: filters.page,
          filtered,
          reference: readPaymentReference(filters.q),
        })}
      </p>

      {rows.length > 0 ? (
        <ol className="mt-3 grid gap-4 md:grid-cols-2" aria-label="Order requests">
          {rows.map((row) => (
            <li key={row.id}>
              <OrderCard row={row} />
            </li>
          ))}
        </ol>
      ) : null}

      {filters.page > 1 || hasMore ? (
        <nav aria-label="Pages of order requests" className="mt-6 flex flex-wrap gap-3">
          {filters.page > 1 ? (
            <Link
              to={orderListHref({ ...filters, page: filters.page - 1 })}
              className="button-secondary"
              rel="prev"
            >
              ← {filters.sort === 'due' ? 'Due sooner' : 'Newer'}
            </Link>
          ) : null}
          {hasMore ? (
            <Link
              to={orderListHref({ ...filters, page: filters.page + 1 })}
              className="button-secondary"
              rel="next"
            >
              {filters.sort === 'due' ? 'Due later' : 'Older'} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}

function StatusChip({
  to,
  on,
  label,
  count,
}: {
  to: string
  on: boolean
  label: string
  /** Written out; none when a search found more than it counts. */
  count: string | null
}) {
  return (
    <Link
      to={to}
      className={`filter-chip inline-block ${on ? 'filter-chip-on' : ''}`}
      aria-current={on ? 'page' : undefined}
    >
      {label}
      {count === null ? null : (
        <>
          {' '}
          <span className="font-bold">{count}</span>
        </>
      )}
    </Link>
  )
}

function OrderCard({ row }: { row: OrderRow }) {
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
          {formatCalendarDate(row.dueDate)}
          {row.fulfilment ? ` · ${row.fulfilment === 'delivery' ? 'Delivery' : 'Pickup'}` : ''}
          {row.window ? (
            <span className="font-bold whitespace-nowrap" data-testid="card-window">
              {' '}
              {row.fulfilment ? '' : 'at '}
              {formatWindow(row.window)}
            </span>
          ) : null}
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
        {row.money ? (
          <>
            <dt className="font-bold text-chocolate">Quoted</dt>
            <dd>
              {formatMoney(row.money.totalCents)}
              {row.money.depositOwed > 0
                ? ` · deposit owed ${formatMoney(row.money.depositOwed)}`
                : ''}
              {` · balance owed ${formatMoney(row.money.balanceOwed)}`}
            </dd>
          </>
        ) : row.partyLeadId ? (
          <>
            <dt className="font-bold text-chocolate">Quoted</dt>
            <dd>
              With its party, on{' '}
              <a className="text-link" href={`/admin/orders/${row.partyLeadId}`}>
                request #{row.partyLeadId}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
    </article>
  )
}
