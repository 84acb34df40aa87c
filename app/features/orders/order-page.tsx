import type { ReactNode, RefObject } from 'react'
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
  const orders = useCart()
  const { postedWithoutScript, typed } = usePostedOrder()
  const cartPanel = useCartPanel()
  const honeypotRef = useRef<HTMLInputElement>(null)
  const panelId = useId()
  const send = useOrderSend(orders, honeypotRef)

  return (
    <section className="page-section">
      <OrderPageHeader
        count={orders.length}
        expanded={cartPanel.open && !send.succeeded}
        panelId={panelId}
        onToggle={() => {
          if (send.succeeded) send.startAnother()
          cartPanel.toggle(send.succeeded)
        }}
      />

      <PostedStatus result={postedWithoutScript} />
      {data.afterAnswer}
      {postedWithoutScript?.ok ? <SentLinks links={postedWithoutScript.links} /> : null}
      {data.buyNow.length > 0 && !send.succeeded ? <BuyNowLinks treats={data.buyNow} /> : null}

      {send.succeeded ? (
        <SentThankYou send={send} onStartAnother={cartPanel.close} />
      ) : (
        <OrderWorkspace
          data={data}
          orders={orders}
          send={send}
          cartPanel={cartPanel}
          panelId={panelId}
          postedWithoutScript={postedWithoutScript}
          typed={typed}
          honeypotRef={honeypotRef}
        />
      )}
    </section>
  )
}

type OrderSend = ReturnType<typeof useOrderSend>
type CartPanelState = ReturnType<typeof useCartPanel>

/** The server's answer to a post without JavaScript, and the order she had typed. */
function usePostedOrder() {
  const posted = useActionData<OrderSendResult | { dayWaitlist: true; values?: OrderValues }>()
  // Without JavaScript, a full day's waitlist answers here too: data.afterAnswer shows it.
  const postedWithoutScript = posted && 'dayWaitlist' in posted ? undefined : posted
  // A refusal, or her joining a waitlist, gives back the order she had typed.
  const typed = posted && ('dayWaitlist' in posted || !posted.ok) ? posted.values : undefined
  return { postedWithoutScript, typed }
}

/** Whether the cart panel is open, and how often 'View cart' asked it to take the focus. */
function useCartPanel() {
  const [open, setOpen] = useState(false)
  // Bumped by 'View cart' beside 'Add to Cart': the panel opens and takes the focus.
  const [focusRequest, setFocusRequest] = useState(0)
  return {
    open,
    focusRequest,
    /** Opens a closed panel and closes an open one, unless `keepOpen`. */
    toggle: (keepOpen: boolean) => setOpen((wasOpen) => !wasOpen || keepOpen),
    close: () => setOpen(false),
    view: () => {
      void loadCartPanel()
      setOpen(true)
      setFocusRequest((count) => count + 1)
    },
  }
}

/** The page's heading and welcome, with the cart's button beside them. */
function OrderPageHeader({
  count,
  expanded,
  panelId,
  onToggle,
}: {
  count: number
  expanded: boolean
  panelId: string
  onToggle: () => void
}) {
  const { identity } = useSiteWords()
  return (
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
        count={count}
        expanded={expanded}
        controls={panelId}
        onToggle={onToggle}
        onIntent={() => void loadCartPanel()}
      />
    </div>
  )
}

/** How the one order posted without JavaScript went. */
function PostedStatus({ result }: { result: OrderSendResult | undefined }) {
  const postedStatus = sendStatus(result)
  if (!postedStatus) return null
  return (
    <p role="status" className={`mt-6 status-${postedStatus.tone}`}>
      {postedStatus.message} <span className="font-normal">{postedStatus.detail}</span>
    </p>
  )
}

/** Thanks for the orders just sent, with a way to start another. */
function SentThankYou({ send, onStartAnother }: { send: OrderSend; onStartAnother: () => void }) {
  return (
    <div className="mt-10">
      <ThankYouPanel
        name={send.sentOrders[0]?.name ?? ''}
        emails={[...new Set(send.sentOrders.map((order) => order.email))]}
        count={send.sentOrders.length}
        links={send.sentLinks}
        onStartAnother={() => {
          send.startAnother()
          onStartAnother()
          requestAnimationFrame(() => document.getElementById('field-name')?.focus())
        }}
      />
    </div>
  )
}

/** The order form, with the cart's panel beside it when open. */
function OrderWorkspace({
  data,
  orders,
  send,
  cartPanel,
  panelId,
  postedWithoutScript,
  typed,
  honeypotRef,
}: {
  data: OrderPageData
  orders: ReturnType<typeof useCart>
  send: OrderSend
  cartPanel: CartPanelState
  panelId: string
  postedWithoutScript: OrderSendResult | undefined
  typed: OrderValues | undefined
  honeypotRef: RefObject<HTMLInputElement | null>
}) {
  return (
    <div
      className={`mt-10 grid items-start gap-8 ${cartPanel.open ? 'lg:grid-cols-[1fr_24rem]' : ''}`}
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
          onViewCart={cartPanel.view}
        />
      </div>
      {cartPanel.open ? (
        <OpenCartPanel
          panelId={panelId}
          focusRequest={cartPanel.focusRequest}
          orders={orders}
          send={send}
          policiesHtml={data.policiesHtml}
        />
      ) : null}
    </div>
  )
}

/** The cart beside the form, its code loaded on first opening. */
function OpenCartPanel({
  panelId,
  focusRequest,
  orders,
  send,
  policiesHtml,
}: {
  panelId: string
  focusRequest: number
  orders: ReturnType<typeof useCart>
  send: OrderSend
  policiesHtml: string
}) {
  return (
    <Suspense fallback={null}>
      <CartPanel
        id={panelId}
        focusRequest={focusRequest}
        orders={orders}
        sending={send.sending}
        status={send.status}
        notes={send.notes}
        policiesHtml={policiesHtml}
        policiesTicked={send.policiesTicked}
        policiesError={send.policiesError}
        policiesRef={send.policiesRef}
        onTickPolicies={send.tickPolicies}
        onRemove={send.remove}
        onMove={send.move}
        onSend={send.send}
      />
    </Suspense>
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
