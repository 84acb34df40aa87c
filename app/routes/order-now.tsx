import { Suspense, lazy, useId, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { pageMeta } from '#app/components/page-meta.ts'
import { site } from '#app/content/site.ts'
import { getDb } from '#app/db/db.server.ts'
import { CartButton } from '#app/features/orders/cart-button.tsx'
import { cart, useCart } from '#app/features/orders/cart.ts'
import { OrderForm } from '#app/features/orders/order-form.tsx'
import { orderToday } from '#app/features/orders/order-options.ts'
import {
  type OrderSendResult,
  receiveOrderRequests,
} from '#app/features/orders/order-send.server.ts'
import { sendStatus } from '#app/features/orders/send-status.ts'
import { HONEYPOT_FIELD } from '#app/utils/honeypot.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { replyWhenUnreachable } from '#app/utils/unreachable.ts'
import type { Route } from './+types/order-now'

// The panel's code loads when the visitor reaches for the cart, not with the page.
const loadCartPanel = () => import('#app/features/orders/cart-panel.tsx')
const CartPanel = lazy(() => loadCartPanel().then(({ CartPanel }) => ({ default: CartPanel })))

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: site.pages.orderNow, path: '/ordernow', matches })

export function loader() {
  return { today: orderToday() }
}

// The loader only supplies today's date; a send does not change it.
export const shouldRevalidate = () => false

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await receiveOrderRequests({ request, clientIp: context.clientIp, db: getDb() }))
}

export const headers = actionReplyHeaders

/**
 * A dropped connection shows the form's failure message, not an error page.
 * Once the server has the orders, the cart has done its job: it is emptied
 * here, as the reply arrives, rather than in an effect after the render.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const reply = await replyWhenUnreachable<OrderSendResult>(serverAction)
  if (reply.ok) cart.clear()
  return reply
}

export default function OrderNow({ loaderData }: Route.ComponentProps) {
  const orders = useCart()
  const fetcher = useFetcher<OrderSendResult>()
  const postedWithoutScript = useActionData<OrderSendResult>()
  const [cartOpen, setCartOpen] = useState(false)
  const [emptyNote, setEmptyNote] = useState(false)
  const panelId = useId()
  const sending = fetcher.state !== 'idle'

  function sendAll() {
    if (orders.length === 0) {
      fetcher.reset()
      setEmptyNote(true)
      return
    }
    setEmptyNote(false)
    const honeypot = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)
    void fetcher.submit(
      { orders, [HONEYPOT_FIELD]: honeypot?.value ?? '' },
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

      {postedWithoutScript ? (
        <p
          role="status"
          className={`mt-6 ${postedWithoutScript.ok ? 'status-success' : 'status-error'}`}
        >
          {sendStatus(postedWithoutScript)?.message}{' '}
          <span className="font-normal">{sendStatus(postedWithoutScript)?.detail}</span>
        </p>
      ) : null}

      <div className={`mt-10 grid items-start gap-8 ${cartOpen ? 'lg:grid-cols-[1fr_24rem]' : ''}`}>
        <div className="card p-6 sm:p-8">
          <OrderForm
            today={loaderData.today}
            disabled={sending}
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
