import type { ReactNode } from 'react'
import { Suspense, lazy, useId, useRef, useState } from 'react'
import { Link, useActionData } from 'react-router'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { firstNameOf } from '#app/content/site-words.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { formatMoney } from '#app/utils/money.ts'
import { CartButton } from './cart-button.tsx'
import { sendProblems } from './cart-send.ts'
import { cart, useCart } from './cart.ts'
import type { WeeklyWindow } from './handover-fields.tsx'
import type { OrderFormProps } from './order-form-props.ts'
import { OrderForm } from './order-form.tsx'
import type { OrderField, OrderValues } from './order-schema.ts'
import type { OrderSendResult } from './order-send.server.ts'
import { partyContactOf } from './party-contact.ts'
import { sendStatus } from './send-status.ts'
import { SentLinks } from './sent-links.tsx'
import { ThankYouPanel } from './thank-you-panel.tsx'
import { useOrderSend } from './use-order-send.ts'

// The panel's code loads when the visitor reaches for the cart, not with the page.
const loadCartPanel = () => import('./cart-panel.tsx')
const CartPanel = lazy(() => loadCartPanel().then(({ CartPanel }) => ({ default: CartPanel })))

/** What the Order Now page's loader hands the page. */
export interface OrderPageData {
  today: string
  products: readonly string[]
  /** The treat a link chose (/ordernow?product=Cakes), or ''. */
  chosenProduct: string
  notice: Readonly<Record<string, number>>
  prices: Readonly<Record<string, number | null>>
  horizonDays: number
  deliveryEnabled: boolean
  deliveryNote: string
  /** Every weekday's pickup windows, times only. */
  pickupWindows: WeeklyWindow[]
  /** The order policies as /policies shows them: sanitised HTML. */
  policiesHtml: string
  /** Treats sold at a set price, ordered at once on their own page (decision 103). */
  buyNow: readonly { id: number; name: string; priceCents: number }[]
  /** Shown under the answer to a post without JavaScript: a full day's waitlist, from the route. */
  afterAnswer?: ReactNode
  /** Beside a fully booked day: its waitlist, from the route. */
  dayWaitlist?: OrderFormProps['dayWaitlist']
}

/**
 * The Order Now page: the order form, and the cart that queues its orders
 * and sends them together, then says thank you. Without JavaScript the form
 * posts one order, and the server's answer arrives as the route's action data.
 */
export function OrderPage(data: OrderPageData) {
  const { identity } = useSiteWords()
  const orders = useCart()
  const posted = useActionData<OrderSendResult | { dayWaitlist: true; values?: OrderValues }>()
  // Without JavaScript, a full day's waitlist answers here too: data.afterAnswer shows it.
  const postedWithoutScript = posted && 'dayWaitlist' in posted ? undefined : posted
  // A refusal, or her joining a waitlist, gives back the order she had typed.
  const typed = posted && ('dayWaitlist' in posted || !posted.ok) ? posted.values : undefined
  const [cartOpen, setCartOpen] = useState(false)
  // Bumped by 'View cart' beside 'Add to Cart': the panel opens and takes the focus.
  const [cartFocus, setCartFocus] = useState(0)
  const honeypotRef = useRef<HTMLInputElement>(null)
  const panelId = useId()
  const send = useOrderSend(orders, honeypotRef)
  const postedStatus = sendStatus(postedWithoutScript)

  return (
    <section className="page-section">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Custom orders</p>
          <h1 className="page-heading mt-2">Place a Custom Order</h1>
          <p className="lede mt-3 max-w-2xl">
            Add each treat you would like to your cart, then send them to us together.{' '}
            {firstNameOf(identity.ownerName)} replies to every request with ideas and a quote{' '}
            {identity.replyTime}.
          </p>
        </div>
        <CartButton
          count={orders.length}
          expanded={cartOpen && !send.succeeded}
          controls={panelId}
          onToggle={() => {
            if (send.succeeded) send.startAnother()
            setCartOpen((open) => !open || send.succeeded)
          }}
          onIntent={() => void loadCartPanel()}
        />
      </div>

      {postedStatus ? (
        <p role="status" className={`mt-6 status-${postedStatus.tone}`}>
          {postedStatus.message} <span className="font-normal">{postedStatus.detail}</span>
        </p>
      ) : null}
      {data.afterAnswer}
      {postedWithoutScript?.ok ? <SentLinks links={postedWithoutScript.links} /> : null}
      {data.buyNow.length > 0 && !send.succeeded ? <BuyNowLinks treats={data.buyNow} /> : null}

      {send.succeeded ? (
        <div className="mt-10">
          <ThankYouPanel
            name={send.sentOrders[0]?.name ?? ''}
            emails={[...new Set(send.sentOrders.map((order) => order.email))]}
            count={send.sentOrders.length}
            links={send.sentLinks}
            onStartAnother={() => {
              send.startAnother()
              setCartOpen(false)
              requestAnimationFrame(() => document.getElementById('field-name')?.focus())
            }}
          />
        </div>
      ) : (
        <div
          className={`mt-10 grid items-start gap-8 ${cartOpen ? 'lg:grid-cols-[1fr_24rem]' : ''}`}
        >
          <div className="card min-w-0 p-6 sm:p-8">
            <OrderForm
              today={data.today}
              products={data.products}
              chosenProduct={data.chosenProduct}
              notice={data.notice}
              prices={data.prices}
              horizonDays={data.horizonDays}
              deliveryEnabled={data.deliveryEnabled}
              deliveryNote={data.deliveryNote}
              pickupWindows={data.pickupWindows}
              policiesHtml={data.policiesHtml}
              disabled={send.sending}
              postedErrors={postedFieldErrors(postedWithoutScript)}
              postedPoliciesError={sendProblems(postedWithoutScript).policies}
              postedValues={typed}
              honeypotRef={honeypotRef}
              dayWaitlist={data.dayWaitlist}
              onAdd={(order) => {
                cart.add(order)
                send.added()
              }}
              cartCount={orders.length}
              party={partyContactOf(orders)}
              onKeepContact={(contact) => {
                cart.setContact(contact)
                send.added()
              }}
              onViewCart={() => {
                void loadCartPanel()
                setCartOpen(true)
                setCartFocus((count) => count + 1)
              }}
            />
          </div>
          {cartOpen ? (
            <Suspense fallback={null}>
              <CartPanel
                id={panelId}
                focusRequest={cartFocus}
                orders={orders}
                sending={send.sending}
                status={send.status}
                notes={send.notes}
                policiesHtml={data.policiesHtml}
                policiesTicked={send.policiesTicked}
                policiesError={send.policiesError}
                policiesRef={send.policiesRef}
                onTickPolicies={send.tickPolicies}
                onRemove={send.remove}
                onMove={send.move}
                onSend={send.send}
              />
            </Suspense>
          ) : null}
        </div>
      )}
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

/** The treats she can order at once, at a set price, without waiting for a quote. */
function BuyNowLinks({ treats }: { treats: OrderPageData['buyNow'] }) {
  return (
    <nav aria-labelledby="buy-now-links-heading" className="card mt-8 p-5 sm:p-6">
      <h2 id="buy-now-links-heading" className="font-display text-xl font-bold">
        Order at once, at a set price
      </h2>
      <p className="mt-1">No quote to wait for: choose, see the total, and it is booked.</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {treats.map((treat) => (
          <li key={treat.id}>
            <Link to={`/ordernow/${treat.id}`} className="button-secondary">
              {treat.name}, from {formatMoney(treat.priceCents)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
