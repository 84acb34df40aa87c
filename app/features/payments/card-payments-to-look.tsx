import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { formatCount } from '#app/utils/count.ts'
import type { CardPaymentToLook } from './stripe-webhook.server.ts'

/**
 * Card payments the site could not simply put on a request (for a request
 * it cannot find, one already closed, or more than was owed): each says
 * what happened, links the request when there is one, and leaves the list
 * once the owner marks it looked at. Shown only when there are some.
 */
export function CardPaymentsToLook({
  items,
  total = items.length,
  more,
}: {
  items: CardPaymentToLook[]
  /** How many need a look in all, when `items` are the first of them. */
  total?: number
  /** The way to the rest, when there are more than `items`. */
  more?: ReactNode
}) {
  if (total === 0) return null
  return (
    <section
      aria-labelledby="card-look-heading"
      className="mt-8"
      data-testid="card-payments-to-look"
    >
      <h2 id="card-look-heading" className="section-heading">
        Card payments that need a look <span className="today-count">{formatCount(total)}</span>
      </h2>
      <ul className="mt-4 grid gap-3">
        {items.map((item) => (
          <LookItem key={item.eventId} item={item} />
        ))}
      </ul>
      {more ? <p className="mt-1">{more}</p> : null}
    </section>
  )
}

/**
 * The same, on the order page of the request they name: a note at its top,
 * with the same "Mark as looked at" (posted to the order page itself).
 */
export function CardLooksNote({ items }: { items: CardPaymentToLook[] }) {
  if (items.length === 0) return null
  return (
    <ul
      className="mt-6 grid gap-3"
      aria-label="Card payments that need a look"
      data-testid="card-looks"
    >
      {items.map((item) => (
        <LookItem key={item.eventId} item={item} onItsOrder />
      ))}
    </ul>
  )
}

/** One card event that needs a look: what happened, and Mark as looked at (and, on Today, its order). */
function LookItem({ item, onItsOrder = false }: { item: CardPaymentToLook; onItsOrder?: boolean }) {
  return (
    <li className="card border-l-4 border-raspberry p-5" role={onItsOrder ? 'note' : undefined}>
      <p className="font-bold">
        A card {item.what}
        {item.amount ? ` of ${item.amount}` : ''}
        {item.reference && !onItsOrder ? ` for ${item.reference}` : ''} needs a look
      </p>
      <p className="mt-1 text-sm text-chocolate">
        {item.when} · {item.note}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {item.requestId !== null && !onItsOrder ? (
          <Link to={`/admin/orders/${item.requestId}`} className="button-secondary">
            Open the request
          </Link>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="card-looked" />
          <input type="hidden" name="event" value={item.eventId} />
          <button type="submit" className="button-secondary">
            Mark as looked at
          </button>
        </Form>
      </div>
    </li>
  )
}
