import { Fragment, type Ref, type RefObject, useEffect, useRef } from 'react'
import { EmailAddress } from '#app/components/email-address.tsx'
import { type OrderNote, moveToLabel } from './cart-send.ts'
import type { CartOrder, QueuedPhoto } from './cart.ts'
import { customerLines, orderDetailLines } from './order-summary.ts'
import { type PartyContact, partyContactOf, sameContact } from './party-contact.ts'
import { ContactText } from './party-fields.tsx'
import { PoliciesTick } from './policies-tick.tsx'

type CartStatus = { tone: 'info' | 'success' | 'error'; message: string; detail?: string }

interface CartPanelProps {
  id: string
  /** Changes when the visitor asks to see the cart from elsewhere: its heading takes the focus. */
  focusRequest?: number
  orders: CartOrder[]
  sending: boolean
  status: CartStatus | null
  /** What a refused send said about each order, by its 0-based position. */
  notes: ReadonlyMap<number, OrderNote>
  policiesHtml: string
  policiesTicked: boolean
  policiesError?: string
  policiesRef?: Ref<HTMLInputElement>
  onTickPolicies: (ticked: boolean) => void
  onRemove: (index: number) => void
  onMove: (index: number, date: string) => void
  onSend: () => void
}

/**
 * The queued orders with a remove button each (and, after a refused send,
 * the server's message beside the order it names, with a one-click move to
 * the next open day), the policy tick, and the send button with its status.
 * Who the treats are for is said once above them; a treat queued for other
 * details (a cart stored before it was one party's) says its own.
 */
export function CartPanel({
  id,
  focusRequest = 0,
  orders,
  sending,
  status,
  notes,
  policiesHtml,
  policiesTicked,
  policiesError,
  policiesRef,
  onTickPolicies,
  onRemove,
  onMove,
  onSend,
}: CartPanelProps) {
  const party = partyContactOf(orders)
  const { headingRef, statusRef } = useCartFocus({ focusRequest, sending })
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="cart-panel">
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-semibold"
      >
        Your Orders
      </h2>
      {party ? (
        <p className="cart-party" data-testid="cart-party">
          For <ContactText party={party} />
        </p>
      ) : null}
      {orders.length === 0 ? (
        <p className="mt-3 text-chocolate">Your cart is empty.</p>
      ) : (
        <ol className="mt-4 grid gap-3">
          {orders.map((order, index) => (
            <CartItem
              key={index}
              noteId={`${id}-note-${index}`}
              index={index}
              order={order}
              note={notes.get(index)}
              party={party}
              onRemove={onRemove}
              onMove={onMove}
            />
          ))}
        </ol>
      )}
      {orders.length > 0 ? (
        <PoliciesTick
          policiesHtml={policiesHtml}
          checked={policiesTicked}
          onChange={onTickPolicies}
          error={policiesError}
          inputRef={policiesRef}
        />
      ) : null}
      <button
        type="button"
        className="button-primary mt-5 w-full"
        onClick={onSend}
        disabled={sending}
      >
        Send All Orders
      </button>
      <SendStatus statusRef={statusRef} status={status} />
    </section>
  )
}

/**
 * Where the keyboard goes: to the heading when the visitor asks to see the
 * cart from elsewhere, and to the status once a send's answer arrives.
 */
function useCartFocus({ focusRequest, sending }: { focusRequest: number; sending: boolean }) {
  const statusRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // On a phone the panel opens below the form: focus brings it into view and is announced.
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus()
  }, [focusRequest])
  const wasSending = useRef(sending)
  // The send button is disabled while sending, which drops the keyboard's
  // focus to the page; when the answer arrives, focus goes to what it says.
  useEffect(() => {
    if (wasSending.current && !sending) statusRef.current?.focus()
    wasSending.current = sending
  }, [sending])
  return { headingRef, statusRef }
}

/** One queued order: its remove button, what a refused send said of it, its lines and photos. */
function CartItem({
  noteId,
  index,
  order,
  note,
  party,
  onRemove,
  onMove,
}: {
  /** The refusal's id, which the item points to. */
  noteId: string
  index: number
  order: CartOrder
  note: OrderNote | undefined
  party: PartyContact | null
  onRemove: (index: number) => void
  onMove: (index: number, date: string) => void
}) {
  return (
    <li
      className={`cart-item ${note ? 'cart-item-refused' : ''}`}
      aria-describedby={note ? noteId : undefined}
    >
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
      {note ? <RefusedNote id={noteId} note={note} onMove={(date) => onMove(index, date)} /> : null}
      <dl className="cart-details">
        {treatLines(order, party).map(([label, value]) => (
          <div key={label}>
            <dt>{breakableLabel(label)}</dt>
            <dd>{label === 'Email' ? <EmailAddress address={value} /> : value}</dd>
          </div>
        ))}
      </dl>
      {order.photos?.length ? <CartPhotos photos={order.photos} number={index + 1} /> : null}
    </li>
  )
}

/** What a refused send said of an order, with a move to the next open day when there is one. */
function RefusedNote({
  id,
  note,
  onMove,
}: {
  id: string
  note: OrderNote
  onMove: (date: string) => void
}) {
  return (
    <div className="cart-item-note">
      <p id={id} className="form-error">
        {note.message}
      </p>
      {note.nextOpenDay ? (
        <button
          type="button"
          className="button-secondary cart-move"
          onClick={() => onMove(note.nextOpenDay!)}
        >
          {moveToLabel(note.nextOpenDay)}
        </button>
      ) : null}
    </div>
  )
}

/** An order's inspiration photos, as small previews. */
function CartPhotos({ photos, number }: { photos: QueuedPhoto[]; number: number }) {
  return (
    <ul className="cart-photos" aria-label={`Inspiration photos for order ${number}`}>
      {photos.map((photo, photoIndex) => (
        <li key={photo.key}>
          <img
            src={photo.preview}
            alt={`Inspiration ${photoIndex + 1} of ${photos.length}`}
            width={56}
            height={56}
          />
        </li>
      ))}
    </ul>
  )
}

/** The send's status, announced as it changes; the keyboard lands here when an answer arrives. */
function SendStatus({
  statusRef,
  status,
}: {
  statusRef: RefObject<HTMLDivElement | null>
  status: CartStatus | null
}) {
  return (
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
  )
}

/**
 * 'Servings/Quantity' may wrap after its slash in the cart's narrow label
 * column, never inside a word.
 */
function breakableLabel(label: string) {
  return label.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          /<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ))
}

/**
 * One treat's lines in the cart: its details, without the party's (said
 * once above the treats) unless it was queued with other details.
 */
function treatLines(order: CartOrder, party: PartyContact | null) {
  const own = !party || !sameContact(order, party)
  return [
    ...(own ? customerLines(order) : []),
    ...orderDetailLines(order).filter(([label]) => own || label !== 'How did you hear about us'),
  ]
}
