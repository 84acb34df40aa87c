import { Form, Link } from 'react-router'
import type { OrderFilters } from './order-list.ts'

/**
 * The order book's search: a name, email or payment reference, a due-date
 * range and an order, sent as a plain GET form (shareable, no script
 * needed) that keeps the status and balance filters it was opened with.
 */
export function OrderSearchForm({
  filters,
  filtered,
}: {
  filters: OrderFilters
  /** Some filter is on, so "Clear" has something to clear. */
  filtered: boolean
}) {
  return (
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
      <DueDateField id="order-from" name="from" label="Due from" value={filters.from} />
      <DueDateField id="order-to" name="to" label="Due until" value={filters.to} />
      <div className="form-field min-w-0">
        <label htmlFor="order-sort" className="form-label">
          Sort
        </label>
        <select id="order-sort" name="sort" className="w-full min-w-0" defaultValue={filters.sort}>
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
  )
}

/** One end of the due-date range. */
function DueDateField({
  id,
  name,
  label,
  value,
}: {
  id: string
  name: 'from' | 'to'
  label: string
  /** YYYY-MM-DD, or null for no bound. */
  value: string | null
}) {
  return (
    <div className="form-field min-w-0">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        className="w-full min-w-0"
        id={id}
        name={name}
        type="date"
        defaultValue={value ?? ''}
      />
    </div>
  )
}
