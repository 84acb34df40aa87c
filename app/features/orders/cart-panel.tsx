import type { OrderRequest } from './order-schema.ts'
import { orderLines } from './order-summary.ts'

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
  status: { tone: 'info' | 'success' | 'error'; message: string; detail?: string } | null
  onRemove: (index: number) => void
  onSend: () => void
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="cart-panel">
      <h2 id={`${id}-title`} className="font-display text-2xl font-semibold">
        Your Orders
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-chocolate">Nothing queued yet. Add an order with the form.</p>
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
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      )}
      <button
        type="button"
        className="button-primary mt-5 w-full"
        onClick={onSend}
        disabled={sending}
      >
        Send All Orders
      </button>
      <div role="status" aria-live="polite" className="mt-3 min-h-6">
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
