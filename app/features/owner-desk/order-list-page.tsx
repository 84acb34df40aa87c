import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DISPLAY_LABELS, type DisplayState } from '#app/features/order-status/display-state.ts'
import { readPaymentReference } from '#app/features/order-status/payment-reference.ts'
import { BALANCE_REMINDER_DAYS } from '#app/features/order-status/payment-schedule.ts'
import { formatCount } from '#app/utils/count.ts'
import { OrderCard } from './order-card.tsx'
import {
  ORDER_PAGE_SIZE,
  type OrderFilters,
  type OrderRow,
  SEARCH_COUNT_LIMIT,
  STATUSES,
  orderListHref,
} from './order-list.ts'
import { OrderSearchForm } from './order-search-form.tsx'

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
      {filters.balance ? <BalancesFilterNote filters={filters} /> : null}
      <StatusChips filters={filters} counts={counts} total={total} />

      <OrderSearchForm filters={filters} filtered={filtered} />

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

      {filters.page > 1 || hasMore ? <PageLinks filters={filters} hasMore={hasMore} /> : null}
    </>
  )
}

/** What the balances filter shows, and the way back to every request. */
function BalancesFilterNote({ filters }: { filters: OrderFilters }) {
  return (
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
  )
}

/** A chip for all requests and one for each status, each with its count and from its first page. */
function StatusChips({
  filters,
  counts,
  total,
}: {
  filters: OrderFilters
  counts: Record<DisplayState, number> | null
  total: number | null
}) {
  return (
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
  )
}

/** The links to the pages before and after this one, named by the list's order. */
function PageLinks({ filters, hasMore }: { filters: OrderFilters; hasMore: boolean }) {
  return (
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
