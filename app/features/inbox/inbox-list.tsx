import { Form } from 'react-router'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import type { Delivery, InboxItem } from './inbox.server.ts'

/** An inbox item with its arrival time already written out by the server. */
export type InboxEntry = InboxItem & { receivedLabel: string }

const deliveryLabels: Record<Delivery['status'], string> = {
  queued: 'Email queued',
  sending: 'Email sending',
  sent: 'Email sent',
  failed: 'Email failed',
}

export function InboxList({ items, openOnly }: { items: InboxEntry[]; openOnly: boolean }) {
  if (items.length === 0) {
    return (
      <p className="mt-10 text-lg">
        {openOnly ? 'Nothing open: everything has been handled.' : 'No messages yet.'}
      </p>
    )
  }
  return (
    <ol className="mt-8 grid gap-5">
      {items.map((item) => (
        <li
          key={`${item.kind}-${item.id}`}
          className={`card inbox-item ${item.handled ? 'inbox-item-handled' : ''}`}
        >
          <InboxItemCard item={item} />
        </li>
      ))}
    </ol>
  )
}

function InboxItemCard({ item }: { item: InboxEntry }) {
  return (
    <article aria-label={`Message from ${item.name}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-display text-xl font-semibold">Message from {item.name}</h2>
          <p className="text-sm text-chocolate">
            Received <time dateTime={item.receivedAt}>{item.receivedLabel}</time>
            {item.handled ? ' · Handled' : ' · Open'}
          </p>
        </div>
        <DeliveryBadge delivery={item.delivery} />
      </header>

      <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1">
        <a className="text-link" href={`mailto:${item.email}`}>
          {item.email}
        </a>
        <a className="text-link" href={`tel:${item.phone_number.replace(/[^0-9+]/g, '')}`}>
          {formatPhoneNumber(item.phone_number)}
        </a>
      </p>

      <p className="mt-4 whitespace-pre-wrap rounded-xl bg-paper p-4">{item.message}</p>

      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            name="intent"
            value={item.handled ? 'open' : 'handled'}
            className="button-secondary"
          >
            {item.handled ? 'Mark open' : 'Mark handled'}
          </button>
        </Form>
        {item.delivery?.status === 'failed' ? (
          <Form method="post">
            <input type="hidden" name="kind" value={item.kind} />
            <input type="hidden" name="id" value={item.id} />
            <button type="submit" name="intent" value="resend" className="button-primary">
              Resend
            </button>
          </Form>
        ) : null}
      </div>
    </article>
  )
}

function DeliveryBadge({ delivery }: { delivery: Delivery | null }) {
  if (!delivery) return null
  return (
    <div className="text-right">
      <span className={`delivery-badge delivery-${delivery.status}`}>
        {deliveryLabels[delivery.status]}
      </span>
      {delivery.status === 'failed' && delivery.error ? (
        <p className="mt-1 max-w-xs text-sm text-raspberry-dark">{delivery.error}</p>
      ) : null}
    </div>
  )
}
