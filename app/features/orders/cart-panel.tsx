import { useEffect, useRef } from 'react'
import { EmailAddress } from '#app/components/email-address.tsx'
import type { OrderRequest } from './order-schema.ts'
import { orderLines } from './order-summary.ts'

type CartStatus = { tone: 'info' | 'success' | 'error'; message: string; detail?: string }

/** The queued orders with a remove button each, and the send button with its status. */
export function CartPanel({
  id,
  orders,
  sending,
  status,
  onRemove,
  onSend,
}: {
  id: string
  orders: OrderRequest[]
  sending: boolean
  status: CartStatus | null
  onRemove: (index: number) => void
  onSend: () => void
}) {
  const statusRef = useRef<HTMLDivElement>(null)
  const wasSending = useRef(sending)
  // The send button is disabled while sending, which drops the keyboard's
  // focus to the page; when the answer arrives, focus goes to what it says.
  useEffect(() => {
    if (wasSending.current && !sending) statusRef.current?.focus()
    wasSending.current = sending
  }, [sending])
  // Once everything is sent there is nothing left to send.
  const allSent = status?.tone === 'success' && orders.length === 0

  return (
    <section id={id} aria-labelledby={`${id}-title`} className="cart-panel">
      <h2 id={`${id}-title`} className="font-display text-2xl font-semibold">
        Your Orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-chocolate">Your cart is empty.</p>
      ) : (
        <ol className="mt-4 grid gap-3">
          {orders.map((order, index) => (
            <li key={index} className="cart-item">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-bold">
                  Order {index + 1}: {order.product_type}
                </h3>
                <button
                  type="button"
                  className="cart-remove"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove order ${index + 1}: ${order.product_type} for ${order.name}`}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <dl className="cart-details">
                {orderLines(order).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{label === 'Email' ? <EmailAddress address={value} /> : value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
      {allSent ? null : (
        <button
          type="button"
          className="button-primary mt-5 w-full"
          onClick={onSend}
          disabled={sending}
        >
          Send All Orders
        </button>
      )}
      <div
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        className={`cart-status ${status ? `cart-status-${status.tone}` : ''}`}
      >
        {status ? (
          <p className={`status-${status.tone}`}>
            {status.message}
            {status.detail ? (
              <span className="block text-sm font-normal">{status.detail}</span>
            ) : null}
          </p>
        ) : null}
      </div>
    </section>
  )
}
