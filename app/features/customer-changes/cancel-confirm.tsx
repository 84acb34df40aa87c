import { Form, Link, useNavigation } from 'react-router'
import type { SelfServiceEntry } from './self-service.ts'

type CancelPreview = NonNullable<SelfServiceEntry['cancelPreview']>

/** Whether this request's cancel is on its way to the server, so its button says so and waits. */
function useCancelling(position: number): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('request') === String(position)
}

/**
 * The confirm step of "Cancel" (GET ?cancel=<position>): what she would get
 * back and how, then the one button that cancels, or the way back.
 */
export function CancelConfirm({
  position,
  action,
  pageHref,
  preview,
}: {
  position: number
  /** Where the cancel posts to. */
  action: string
  /** Her page, without the confirm step. */
  pageHref: string
  preview: CancelPreview
}) {
  const busy = useCancelling(position)
  return (
    <div
      id={`cancel-${position}`}
      className="mt-4 rounded-2xl border-2 border-raspberry bg-cream p-5"
      data-testid="cancel-confirm"
    >
      <h4 className="font-display text-lg font-semibold">Cancel this order?</h4>
      <p className="mt-2">{preview.sentence}</p>
      {preview.card || preview.giftCard || preview.manual ? <RefundWays preview={preview} /> : null}
      <p className="mt-3 text-sm text-chocolate">
        Your date is released for other orders. This can’t be undone.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action={action} replace preventScrollReset>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="request" value={position} />
          <input type="hidden" name="expected_refund" value={preview.refundCents} />
          <button type="submit" className="button-danger" disabled={busy}>
            {busy ? 'Cancelling…' : 'Yes, cancel my order'}
          </button>
        </Form>
        <Link to={pageHref} className="button-secondary" preventScrollReset>
          Keep my order
        </Link>
      </div>
    </div>
  )
}

/** How much would come back each way: to her card, onto her gift card, by e-Transfer or cash. */
function RefundWays({ preview }: { preview: CancelPreview }) {
  return (
    <dl className="mt-3 grid gap-1">
      {preview.card ? <RefundWay label="Back to your card" amount={preview.card} /> : null}
      {preview.giftCard ? (
        <RefundWay label="Back on your gift card" amount={preview.giftCard} />
      ) : null}
      {preview.manual ? <RefundWay label="By e-Transfer or cash" amount={preview.manual} /> : null}
    </dl>
  )
}

function RefundWay({ label, amount }: { label: string; amount: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="font-bold">{amount}</dd>
    </div>
  )
}
