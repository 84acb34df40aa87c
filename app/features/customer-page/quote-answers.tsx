import { Form, useNavigation } from 'react-router'
import { CodeInput } from '#app/features/discount-codes/code-input.tsx'
import { heldUntil } from '#app/features/order-status/date-hold.ts'
import type { CustomerQuote } from './request-status.ts'

/**
 * How long the quote holds her date and its two answers, or that it has
 * expired. Both answers are plain POST forms, so they work before (or
 * without) JavaScript; declining asks again in a disclosure that needs none.
 */
export function QuoteAnswers({ position, quote }: { position: number; quote: CustomerQuote }) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('request') === String(position)
  const [heldBefore, heldExpiry, heldAfter] = heldUntil(
    <time dateTime={quote.expiresAt} className="font-bold">
      {quote.expiresLabel}
    </time>,
    quote.expiresLabel,
  )
  return quote.expired ? (
    <p className="mt-5 font-bold text-raspberry-dark">
      This quote expired on <time dateTime={quote.expiresAt}>{quote.expiresLabel}</time>. Reply to
      our email if you would still like it.
    </p>
  ) : (
    <>
      <p className="mt-5">
        {heldBefore}
        {heldExpiry}
        {heldAfter}
      </p>
      <div className="mt-5 flex flex-wrap items-start gap-3">
        <Form method="post" replace preventScrollReset className="grid gap-3">
          <input type="hidden" name="request" value={position} />
          <input type="hidden" name="quote" value={quote.number} />
          <div className="form-field">
            <label htmlFor={`quote-code-${position}`} className="form-label">
              Discount code<span className="form-optional"> (optional)</span>
            </label>
            <CodeInput id={`quote-code-${position}`} className="max-w-56" />
          </div>
          <button
            type="submit"
            name="intent"
            value="accept"
            className="button-primary justify-self-start"
            disabled={busy}
          >
            Accept quote
          </button>
        </Form>
        <DeclineQuote position={position} quote={quote} busy={busy} />
      </div>
    </>
  )
}

/** "Decline quote", asked again before it is sent. */
function DeclineQuote({
  position,
  quote,
  busy,
}: {
  position: number
  quote: CustomerQuote
  busy: boolean
}) {
  return (
    <details className="quote-decline group">
      <summary className="button-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        Decline quote
      </summary>
      <div className="mt-3 max-w-sm rounded-xl bg-white p-4 shadow-sm">
        <p className="font-bold">Are you sure?</p>
        <p className="mt-1 text-sm text-chocolate">
          Declining lets your date go to other orders. You can always ask us again.
        </p>
        <Form method="post" replace preventScrollReset className="mt-3">
          <input type="hidden" name="request" value={position} />
          <input type="hidden" name="quote" value={quote.number} />
          <button
            type="submit"
            name="intent"
            value="decline"
            className="button-danger"
            disabled={busy}
          >
            Yes, decline the quote
          </button>
        </Form>
      </div>
    </details>
  )
}
