import { Form, Link } from 'react-router'
import { counted } from '#app/utils/count.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { customerPath } from './customer-groups.ts'
import { CustomerLinksCard } from './customer-links-card.tsx'
import type { LinkAnswer } from './customer-links.server.ts'
import type { CustomerMessage } from './customer-messages.server.ts'
import { CustomerMessages } from './customer-messages.tsx'
import { CustomerNoteCard } from './customer-note-card.tsx'
import type { NoteAnswer } from './customer-notes.server.ts'
import { AllergiesCard, ReachThemCard, TheirOrders } from './customer-record-cards.tsx'
import type { CustomerList, CustomerRecord, CustomerSummary } from './customers.server.ts'

/**
 * /admin/customers: everyone who has ordered, newest first, found by name,
 * email, phone or payment reference; each card opens her page.
 */
export function CustomersPage({ book }: { book: CustomerList }) {
  const { customers, page, pages, q } = book
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Customers</h1>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="lede">
          Everyone who has ordered from you or written to you: the same email or phone is the same
          customer.
        </p>
        <CustomerLinks />
      </div>
      <CustomerSearch q={q} />
      <p className="mt-6 text-chocolate" role="status">
        {matchingWords(book)}
      </p>
      {customers.length > 0 ? (
        <ol className="mt-3 grid gap-4 md:grid-cols-2" aria-label="Customers">
          {customers.map((customer) => (
            <li key={customer.key}>
              <CustomerCard customer={customer} />
            </li>
          ))}
        </ol>
      ) : null}
      {pages > 1 ? <CustomerPages page={page} pages={pages} q={q} /> : null}
    </section>
  )
}

/** The owner's other lists of people and the whole list as a file. */
function CustomerLinks() {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to="/admin/codes" className="filter-chip inline-flex min-h-11 items-center">
        Discount codes
      </Link>
      <Link to="/admin/gift-cards" className="filter-chip inline-flex min-h-11 items-center">
        Gift cards
      </Link>
      <a
        href="/admin/customers.csv"
        className="filter-chip inline-flex min-h-11 items-center"
        download
      >
        Download CSV<span className="sr-only"> of every customer</span>
      </a>
    </div>
  )
}

/** Finding a customer by name, email, phone or payment reference. */
function CustomerSearch({ q }: { q: string }) {
  return (
    <Form
      method="get"
      action="/admin/customers"
      role="search"
      aria-label="Find customers"
      className="card mt-6 flex flex-wrap items-end gap-3 p-4 sm:p-5"
    >
      <div className="form-field min-w-0 flex-1 basis-60">
        <label htmlFor="customer-search" className="form-label">
          Name, email or phone
        </label>
        <input
          id="customer-search"
          name="q"
          type="search"
          defaultValue={q}
          aria-describedby="customer-search-hint"
        />
        <p id="customer-search-hint" className="form-hint">
          Or a payment reference, like BB-4821.
        </p>
      </div>
      <div className="flex items-center gap-2 pb-7">
        <button type="submit" className="button-primary">
          Find
        </button>
        {q ? (
          <Link to="/admin/customers" className="filter-clear">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/** How many customers the list holds or her search found, and which page this is. */
function matchingWords({ matching, page, pages, q }: CustomerList): string {
  if (matching === 0) {
    return q
      ? `No customer matches “${q}”.`
      : 'No customers yet: each order request or message adds its customer here.'
  }
  return `${matching} customer${matching === 1 ? '' : 's'}${q ? ` matching “${q}”` : ''}${pages > 1 ? `, page ${page} of ${pages}` : ''}.`
}

/** Newer and older pages of the list, keeping her search. */
function CustomerPages({ page, pages, q }: { page: number; pages: number; q: string }) {
  const href = (to: number) =>
    `/admin/customers?${new URLSearchParams({ ...(q ? { q } : {}), page: String(to) })}`
  return (
    <nav aria-label="Pages of customers" className="mt-6 flex flex-wrap gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className="button-secondary" rel="prev">
          ← Newer
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={href(page + 1)} className="button-secondary" rel="next">
          Older →
        </Link>
      ) : null}
    </nav>
  )
}

function CustomerCard({ customer }: { customer: CustomerSummary }) {
  return (
    <article
      className="card relative grid h-full gap-2 p-4 transition-shadow focus-within:ring-2 focus-within:ring-raspberry hover:shadow-lg sm:p-5"
      aria-labelledby={`customer-${customer.key}`}
    >
      <h2 id={`customer-${customer.key}`} className="font-display text-xl font-semibold">
        {/* The whole card is the link's target, for a thumb on a phone. */}
        <Link
          to={customerPath(customer.key)}
          className="after:absolute after:inset-0 after:rounded-[inherit] focus:outline-none"
        >
          {customer.name}
        </Link>
      </h2>
      <p className="break-all text-chocolate">{customer.emails.join(', ')}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-bold text-chocolate">Orders</dt>
        <dd>
          {customer.lastDate === null
            ? 'None yet'
            : `${counted(customer.orders, 'order')}, the latest for ${formatCalendarDate(customer.lastDate)}`}
        </dd>
        {customer.messages > 0 ? (
          <>
            <dt className="font-bold text-chocolate">Wrote</dt>
            <dd>{counted(customer.messages, 'message')}</dd>
          </>
        ) : null}
        <dt className="font-bold text-chocolate">Paid</dt>
        <dd data-testid="customer-paid">{formatMoney(customer.paidCents)}</dd>
      </dl>
    </article>
  )
}

/** /admin/customers/<key>: one customer, how to reach them, their allergies, and every order. */
export function CustomerRecordPage({
  customer,
  note,
  messages,
  answer,
  textConsents = {},
}: {
  customer: CustomerRecord
  note: string
  messages: CustomerMessage[]
  answer: NoteAnswer | LinkAnswer | undefined
  /** Per phone, her consents to texts as written by the texts feature; none for a phone never asked. */
  textConsents?: Record<string, string[]>
}) {
  return (
    <section className="page-section">
      <p className="eyebrow">
        <Link to="/admin/customers" className="text-link">
          Customers
        </Link>
      </p>
      <h1 className="page-heading mt-2">{customer.name}</h1>
      <p className="lede mt-3">
        {customer.orders > 0
          ? `${counted(customer.orders, 'order')}, ${formatMoney(customer.paidCents)} paid.`
          : `No orders yet: ${counted(customer.messages, 'message')} through your contact form.`}
      </p>
      <div className="mt-6 grid items-start gap-5 md:grid-cols-2">
        <ReachThemCard customer={customer} textConsents={textConsents} />
        <AllergiesCard allergies={customer.allergies} />
        <CustomerNoteCard note={note} answer={answer && !('link' in answer) ? answer : undefined} />
      </div>
      <TheirOrders requests={customer.requests} />
      <CustomerMessages messages={messages} />
      <div className="mt-8">
        <CustomerLinksCard
          customer={customer}
          answer={answer && 'link' in answer ? answer : undefined}
        />
      </div>
    </section>
  )
}
