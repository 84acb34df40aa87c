import { type RefObject, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useFetcher } from 'react-router'
import { HONEYPOT_FIELD } from '#app/utils/honeypot.ts'
import { orderSendBody, sendProblems } from './cart-send.ts'
import { type CartOrder, cart } from './cart.ts'
import { POLICIES_NOT_ACCEPTED } from './order-options.ts'
import type { OrderSendResult } from './order-send.server.ts'
import { sendStatus } from './send-status.ts'

/**
 * Sending the cart: the policy tick (one per send, checked before anything
 * leaves the page), the send itself, what a refused send says about each
 * order, and the orders a successful send carried, for the thank-you.
 */
export function useOrderSend(
  orders: readonly CartOrder[],
  honeypotRef: RefObject<HTMLInputElement | null>,
) {
  const fetcher = useFetcher<OrderSendResult>()
  const [policiesTicked, setPoliciesTicked] = useState(false)
  const [policiesMissing, setPoliciesMissing] = useState(false)
  const [emptyNote, setEmptyNote] = useState(false)
  const [moved, setMoved] = useState<ReadonlySet<number>>(new Set())
  const policiesRef = useRef<HTMLInputElement>(null)
  // The cart empties as the send succeeds; the thank-you still names who it went to.
  const [sent, setSent] = useState<readonly CartOrder[] | null>(null)
  const sending = fetcher.state !== 'idle'

  const problems = sendProblems(fetcher.data)
  const notes = new Map([...problems.byOrder].filter(([index]) => !moved.has(index)))
  const succeeded = fetcher.data?.ok === true && sent !== null

  function forgetLastSend() {
    fetcher.reset()
    setMoved(new Set())
  }

  function send() {
    if (orders.length === 0) {
      forgetLastSend()
      setEmptyNote(true)
      return
    }
    setEmptyNote(false)
    if (!policiesTicked) {
      forgetLastSend()
      flushSync(() => setPoliciesMissing(true))
      policiesRef.current?.focus()
      return
    }
    setPoliciesMissing(false)
    setMoved(new Set())
    setSent(orders)
    void fetcher.submit(
      orderSendBody({
        orders,
        acceptPolicies: policiesTicked,
        honeypot: { field: HONEYPOT_FIELD, value: honeypotRef.current?.value ?? '' },
      }),
      { method: 'post', encType: 'application/json' },
    )
  }

  return {
    sending,
    send,
    succeeded,
    /** The orders the last successful send carried. */
    sentOrders: succeeded ? sent : [],
    /** Its customers' private pages and payment references. */
    sentLinks: succeeded && fetcher.data?.ok ? fetcher.data.links : [],
    status: sending
      ? ({ tone: 'info', message: 'Sending...' } as const)
      : emptyNote
        ? ({ tone: 'error', message: 'Your cart is empty.' } as const)
        : succeeded
          ? null
          : sendStatus(fetcher.data),
    notes,
    policiesTicked,
    tickPolicies(ticked: boolean) {
      setPoliciesTicked(ticked)
      if (ticked) setPoliciesMissing(false)
    },
    policiesError: policiesMissing ? POLICIES_NOT_ACCEPTED : problems.policies,
    policiesRef,
    added() {
      forgetLastSend()
      setEmptyNote(false)
    },
    remove(index: number) {
      cart.remove(index)
      // Positions shift, so a refused send's notes no longer point at the right orders.
      forgetLastSend()
    },
    move(index: number, date: string) {
      const order = orders[index]
      if (!order) return
      cart.update(index, { ...order, due_date: date })
      setMoved((previous) => new Set(previous).add(index))
    },
    startAnother() {
      forgetLastSend()
      setSent(null)
      // A new send needs a new tick.
      setPoliciesTicked(false)
    },
  }
}
