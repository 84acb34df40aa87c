import { Link } from 'react-router'
import { STATUS_LABELS } from '#app/features/order-status/order-status.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import type { CustomerRecord } from './customers.server.ts'

/** Her emails and phones as links, each phone with what she said about texts. */
export function ReachThemCard({
  customer,
  textConsents,
}: {
  customer: CustomerRecord
  textConsents: Record<string, string[]>
}) {
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="reach-them">
      <h2 id="reach-them" className="font-display text-xl font-semibold">
        How to reach them
      </h2>
      <ul className="grid gap-2">
        {customer.emails.map((email) => (
          <li key={email}>
            <a href={`mailto:${email}`} className="text-link break-all">
              {email}
            </a>
          </li>
        ))}
        {customer.phones.map((phone) => (
          <li key={phone}>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="text-link">
              {formatPhoneNumber(phone)}
            </a>
            {(textConsents[phone] ?? []).map((line) => (
              <p key={line} className="text-sm text-chocolate">
                {line}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Every allergy her orders noted, or none so far. */
export function AllergiesCard({ allergies }: { allergies: CustomerRecord['allergies'] }) {
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="their-allergies">
      <h2 id="their-allergies" className="font-display text-xl font-semibold">
        Allergies noted on their orders
      </h2>
      {allergies.length > 0 ? (
        <ul className="grid list-disc gap-1 pl-5">
          {allergies.map((allergy) => (
            <li key={allergy}>{allergy}</li>
          ))}
        </ul>
      ) : (
        <p className="text-chocolate">None so far.</p>
      )}
    </section>
  )
}

/** Each of her orders: what, for when, where it stands and what she paid. */
export function TheirOrders({ requests }: { requests: CustomerRecord['requests'] }) {
  return (
    <>
      <h2 className="mt-8 font-display text-2xl font-semibold">Their orders</h2>
      {requests.length === 0 ? <p className="mt-3 text-chocolate">None yet.</p> : null}
      <ol className="mt-3 grid gap-3" aria-label="Their orders">
        {requests.map((request) => (
          <li key={request.id} className="card flex flex-wrap items-baseline gap-x-4 gap-y-1 p-4">
            <Link to={`/admin/orders/${request.id}`} className="text-link font-bold">
              {request.productType}
            </Link>
            <span>{formatCalendarDate(request.dueDate)}</span>
            <span className="text-chocolate">{STATUS_LABELS[request.status]}</span>
            {request.reference ? <span className="font-mono">{request.reference}</span> : null}
            <span className="ml-auto font-bold">{formatMoney(request.paidCents)} paid</span>
          </li>
        ))}
      </ol>
    </>
  )
}
