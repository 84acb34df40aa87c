import { Suspense, lazy, useId, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { site } from '#app/content/site.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { HONEYPOT_FIELD } from '#app/utils/honeypot.ts'
import { CartButton } from './cart-button.tsx'
import { cart, useCart } from './cart.ts'
import { OrderForm } from './order-form.tsx'
import type { OrderField } from './order-schema.ts'
import type { OrderSendResult } from './order-send.server.ts'
import { sendStatus } from './send-status.ts'

// The panel's code loads when the visitor reaches for the cart, not with the page.
const loadCartPanel = () => import('./cart-panel.tsx')
const CartPanel = lazy(() => loadCartPanel().then(({ CartPanel }) => ({ default: CartPanel })))

/**
 * The Order Now page: the order form, and the cart that queues its orders
 * and sends them together. Without JavaScript the form posts one order, and
 * the server's answer arrives as the route's action data.
 */
export function OrderPage({ today, products }: { today: string; products: readonly string[] }) {
  const orders = useCart()
  const fetcher = useFetcher<OrderSendResult>()
  const postedWithoutScript = useActionData<OrderSendResult>()
  const [cartOpen, setCartOpen] = useState(false)
  const [emptyNote, setEmptyNote] = useState(false)
  const honeypotRef = useRef<HTMLInputElement>(null)
  const panelId = useId()
  const sending = fetcher.state !== 'idle'
  const postedStatus = sendStatus(postedWithoutScript)

  function sendAll() {
    if (orders.length === 0) {
      fetcher.reset()
      setEmptyNote(true)
      return
    }
    setEmptyNote(false)
    void fetcher.submit(
      { orders, [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '' },
      { method: 'post', encType: 'application/json' },
    )
  }

  return (
    <section className="page-section">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Custom orders</p>
          <h1 className="page-heading mt-2">Place a Custom Order</h1>
          <p className="lede mt-3 max-w-2xl">
            Add each treat you would like to your cart, then send them to us together.{' '}
            {site.ownerName.split(' ')[0]} replies to every request with ideas and a quote, usually
            within a day.
          </p>
        </div>
        <CartButton
          count={orders.length}
          expanded={cartOpen}
          controls={panelId}
          onToggle={() => setCartOpen((open) => !open)}
          onIntent={() => void loadCartPanel()}
        />
      </div>

      {postedStatus ? (
        <p role="status" className={`mt-6 status-${postedStatus.tone}`}>
          {postedStatus.message} <span className="font-normal">{postedStatus.detail}</span>
        </p>
      ) : null}

      <div className={`mt-10 grid items-start gap-8 ${cartOpen ? 'lg:grid-cols-[1fr_24rem]' : ''}`}>
        <div className="card min-w-0 p-6 sm:p-8">
          <OrderForm
            today={today}
            products={products}
            disabled={sending}
            postedErrors={postedFieldErrors(postedWithoutScript)}
            postedValues={
              postedWithoutScript && !postedWithoutScript.ok
                ? postedWithoutScript.values
                : undefined
            }
            honeypotRef={honeypotRef}
            onAdd={(order) => {
              cart.add(order)
              fetcher.reset()
              setEmptyNote(false)
            }}
          />
        </div>
        {cartOpen ? (
          <Suspense fallback={null}>
            <CartPanel
              id={panelId}
              orders={orders}
              sending={sending}
              status={
                sending
                  ? { tone: 'info', message: 'Sending...' }
                  : emptyNote
                    ? { tone: 'error', message: 'Your cart is empty.' }
                    : sendStatus(fetcher.data)
              }
              onRemove={(index) => cart.remove(index)}
              onSend={sendAll}
            />
          </Suspense>
        ) : null}
      </div>
    </section>
  )
}

/** The server's messages for the one order a form without JavaScript posts, by field. */
function postedFieldErrors(result: OrderSendResult | undefined): FieldErrors<OrderField> {
  const errors: Record<string, string> = {}
  if (result && !result.ok) {
    for (const problem of result.problems ?? []) {
      if (problem.field && !(problem.field in errors)) errors[problem.field] = problem.message
    }
  }
  return errors
}
