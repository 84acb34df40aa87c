import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { QuoteForm } from './quote-form.tsx'
import { QUOTE_HEADING_ID, QuoteHeading } from './quote-heading.tsx'

/** `?requote` opens a quoted request's folded quote form (a link that works without JavaScript). */
const REQUOTE_PARAM = 'requote'

/**
 * The quote form, folded while the quote sent stands (the request is quoted
 * and no change from the customer waits): a new quote is the rarer step then,
 * and on a phone the full form stood between her and the rest of the order.
 * Folded, the card keeps its heading and says what a new quote does, and its
 * link opens the form in place. A quote refused or just sent keeps the form
 * open with its answer. Opened, focus goes to its heading, where she is
 * looking (decision 074).
 */
export function QuoteCard(props: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const { detail, result } = props
  const [searchParams] = useSearchParams()
  const folded =
    detail.request.status === 'quoted' &&
    detail.pendingChange === null &&
    result?.intent !== 'quote' &&
    !searchParams.has(REQUOTE_PARAM)
  // Focus follows only her opening it: the card folds again after another
  // card's answer, whose own focus must stay where it put it.
  const wasFolded = useRef(folded)
  useEffect(() => {
    if (wasFolded.current && !folded) document.getElementById(QUOTE_HEADING_ID)?.focus()
    wasFolded.current = folded
  }, [folded])
  if (!folded) return <QuoteForm {...props} />
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={QUOTE_HEADING_ID}>
      <QuoteHeading>Send a new quote</QuoteHeading>
      <p className="mt-1 text-chocolate">
        A new quote replaces the one sent, and the customer gets it by email with their link to
        accept or decline.
      </p>
      <p className="mt-4">
        <Link
          to={`?${REQUOTE_PARAM}#${QUOTE_HEADING_ID}`}
          preventScrollReset
          className="button-secondary"
        >
          Write a new quote
        </Link>
      </p>
    </section>
  )
}
