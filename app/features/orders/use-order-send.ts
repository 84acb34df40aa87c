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
  const policies = usePoliciesTick()
  const [emptyNote, setEmptyNote] = useState(false)
  const orderNotes = useOrderNotes(fetcher.data)
  // The cart empties as the send succeeds; the thank-you still names who it went to.
  const [sent, setSent] = useState<readonly CartOrder[] | null>(null)
  const sending = fetcher.state !== 'idle'
  const succeeded = fetcher.data?.ok === true && sent !== null

  function forgetLastSend() {
    fetcher.reset()
    orderNotes.forgetMoves()
  }

  function send() {
    if (orders.length === 0) {
      forgetLastSend()
      setEmptyNote(true)
      return
    }
    setEmptyNote(false)
    if (!policies.ticked) {
      forgetLastSend()
      policies.askForTick()
      return
    }
    policies.clearMissing()
    orderNotes.forgetMoves()
    setSent(orders)
    submitCart(fetcher, { orders, ticked: policies.ticked, honeypot: honeypotRef.current?.value })
  }

  return {
    sending,
    send,
    succeeded,
    /** The orders the last successful send carried. */
    sentOrders: succeeded ? sent : [],
    /** Its customers' private pages and payment references. */
    sentLinks: succeeded && fetcher.data?.ok ? fetcher.data.links : [],
    status: cartStatus({ sending, emptyNote, succeeded, result: fetcher.data }),
    notes: orderNotes.notes,
    policiesTicked: policies.ticked,
    tickPolicies: policies.tick,
    policiesError: policies.missing ? POLICIES_NOT_ACCEPTED : orderNotes.policiesProblem,
    policiesRef: policies.ref,
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
      orderNotes.markMoved(index)
    },
    startAnother() {
      forgetLastSend()
      setSent(null)
      // A new send needs a new tick.
      policies.untick()
    },
  }
}

/** The cart as one JSON post, with her tick and the honeypot's value. */
function submitCart(
  fetcher: { submit: ReturnType<typeof useFetcher>['submit'] },
  {
    orders,
    ticked,
    honeypot,
  }: { orders: readonly CartOrder[]; ticked: boolean; honeypot: string | undefined },
) {
  void fetcher.submit(
    orderSendBody({
      orders,
      acceptPolicies: ticked,
      honeypot: { field: HONEYPOT_FIELD, value: honeypot ?? '' },
    }),
    { method: 'post', encType: 'application/json' },
  )
}

/** The policy tick, and whether a send found it missing: then she is taken to it. */
function usePoliciesTick() {
  const [ticked, setTicked] = useState(false)
  const [missing, setMissing] = useState(false)
  const ref = useRef<HTMLInputElement>(null)
  return {
    ticked,
    missing,
    ref,
    tick(next: boolean) {
      setTicked(next)
      if (next) setMissing(false)
    },
    askForTick() {
      flushSync(() => setMissing(true))
      ref.current?.focus()
    },
    clearMissing: () => setMissing(false),
    untick: () => setTicked(false),
  }
}

/** A refused send's note on each order, less those on orders she has since moved to another day. */
function useOrderNotes(result: OrderSendResult | undefined) {
  const [moved, setMoved] = useState<ReadonlySet<number>>(new Set())
  const problems = sendProblems(result)
  return {
    notes: new Map([...problems.byOrder].filter(([index]) => !moved.has(index))),
    policiesProblem: problems.policies,
    forgetMoves: () => setMoved(new Set()),
    markMoved: (index: number) => setMoved((previous) => new Set(previous).add(index)),
  }
}

/** What the cart says: sending, an empty cart, nothing over the thank-you, else how the last send went. */
function cartStatus({
  sending,
  emptyNote,
  succeeded,
  result,
}: {
  sending: boolean
  emptyNote: boolean
  succeeded: boolean
  result: OrderSendResult | undefined
}) {
  if (sending) return { tone: 'info', message: 'Sending...' } as const
  if (emptyNote) return { tone: 'error', message: 'Your cart is empty.' } as const
  return succeeded ? null : sendStatus(result)
}
