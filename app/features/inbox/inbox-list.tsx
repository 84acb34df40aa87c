import { Form } from 'react-router'
import { orderDetailLines } from '#app/features/orders/order-summary.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import type { Confirmation, Delivery, InboxItem } from './inbox.server.ts'

/** An inbox item with its arrival time already written out by the server. */
export type InboxEntry = InboxItem & { receivedLabel: string }

const deliveryLabels: Record<Delivery['status'], string> = {
  queued: 'Email queued',
  sending: 'Email sending',
  sent: 'Email sent',
  failed: 'Email failed',
}

const confirmationLabels: Record<Delivery['status'], string> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
}

export function InboxList({ items, openOnly }: { items: InboxEntry[]; openOnly: boolean }) {
  if (items.length === 0) {
    return (
      <p className="mt-10 text-lg">
        {openOnly
          ? 'Nothing open: everything has been handled.'
          : 'No order requests or messages yet.'}
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
  const customer = item.kind === 'orders' ? item.orders[0] : item
  const title =
    item.kind === 'orders'
      ? `${item.orders.length} order request${item.orders.length === 1 ? '' : 's'}`
      : 'Message'
  return (
    <article aria-label={`${title} from ${customer?.name ?? 'unknown'}`}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="font-display text-xl font-semibold">
            {title} from {customer?.name}
          </h2>
          <p className="text-sm text-chocolate">
            Received <time dateTime={item.receivedAt}>{item.receivedLabel}</time>
            {item.handled ? ' · Handled' : ' · Open'}
          </p>
        </div>
        <DeliveryBadge delivery={item.delivery} />
      </header>

      {customer ? (
        <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1">
          <a className="text-link" href={`mailto:${customer.email}`}>
            {customer.email}
          </a>
          <a className="text-link" href={`tel:${customer.phone_number.replace(/[^0-9+]/g, '')}`}>
            {formatPhoneNumber(customer.phone_number)}
          </a>
        </p>
      ) : null}

      {item.kind === 'orders' ? (
        <ol className="mt-4 grid gap-3 sm:grid-cols-2">
          {item.orders.map((order) => (
            <li key={order.position} className="inbox-order">
              <h3 className="font-bold">
                {order.position}. {order.product_type}
              </h3>
              <dl className="cart-details">
                {orderDetailLines(order).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              {order.photos.length > 0 ? (
                <ul
                  className="cart-photos"
                  aria-label={`Inspiration photos for ${order.position}. ${order.product_type}`}
                >
                  {order.photos.map((photo, index) => (
                    <li key={photo.key}>
                      <a href={`/admin/photos/${photo.key}`} target="_blank" rel="noreferrer">
                        <img
                          src={photo.preview}
                          alt={`Inspiration ${index + 1} of ${order.photos.length}, full size`}
                          width={56}
                          height={56}
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 whitespace-pre-wrap rounded-xl bg-paper p-4">{item.message}</p>
      )}

      {item.kind === 'orders' && item.confirmations.length > 0 ? (
        <Confirmations confirmations={item.confirmations} />
      ) : null}

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

/** Whether each customer's "We got your request" email went out. */
function Confirmations({ confirmations }: { confirmations: Confirmation[] }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-bold text-chocolate">
        Customer confirmation{confirmations.length === 1 ? '' : 's'}
      </h3>
      <ul className="mt-1 grid gap-1 text-sm">
        {confirmations.map((confirmation, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2">
            <span>To {confirmation.to || 'the customer'}:</span>
            <span className={`delivery-badge delivery-${confirmation.status}`}>
              {confirmationLabels[confirmation.status]}
            </span>
            {confirmation.status === 'failed' && confirmation.error ? (
              <span className="text-raspberry-dark">{confirmation.error}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
