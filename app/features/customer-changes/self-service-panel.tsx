import { Form, Link, useNavigation } from 'react-router'
import { endSentence } from '#app/utils/clock-times.ts'
import { ChangeForm } from './change-form.tsx'
import type { SelfServiceEntry, SelfServiceResult, SelfServiceView } from './self-service.ts'

/**
 * "Changes and cancelling" on a request's card (decision 054): the change
 * she is waiting on and the bakery's last answer, "Ask for a change" (a
 * disclosure that needs no script) and "Cancel", whose confirm step is a
 * page of its own (GET ?cancel=<position>) showing what she would get back
 * before the one button that cancels. Within the policy's window both give
 * way to a sentence to write to the bakery.
 */
export function SelfServicePanel({
  position,
  token,
  entry,
  view,
  result,
}: {
  position: number
  token: string
  entry: SelfServiceEntry
  view: Pick<SelfServiceView, 'policy' | 'weekly' | 'lastBookable' | 'minDate' | 'detailsMax'>
  result: SelfServiceResult | undefined
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('request') === String(position)
  const headingId = `changes-${position}`
  const answerId = `changes-answer-${position}`
  const pageHref = `/requests/${token}`
  // Posted without JavaScript, the answer opens where she was looking (decision 068).
  const action = `${pageHref}?change#${answerId}`
  const refusedChange = result && !result.ok && result.posted ? result : undefined
  const showsAnything =
    entry.canChange ||
    entry.canCancel ||
    entry.tooLate ||
    entry.pending ||
    entry.lastAnswer ||
    entry.cancelled ||
    result
  if (!showsAnything) return null
  return (
    <section
      className="mt-6 border-t border-chocolate/15 pt-5"
      aria-labelledby={headingId}
      data-testid="self-service"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold">
        Changes and cancelling
      </h3>
      {result?.ok ? (
        <p
          id={answerId}
          role="status"
          className="mt-3 scroll-mt-24 rounded-xl bg-[#d7ead9] px-4 py-3 font-bold text-[#1f4f29]"
        >
          {result.message}
        </p>
      ) : result ? (
        <p
          id={answerId}
          role="alert"
          className="mt-3 scroll-mt-24 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark"
        >
          {result.error}
        </p>
      ) : null}
      {entry.cancelled ? (
        <div className="mt-3 rounded-xl bg-paper px-4 py-3" data-testid="self-cancelled">
          <p className="font-bold">You cancelled this order.</p>
          <p className="mt-1">
            Coming back to you: <strong>{entry.cancelled.refund}</strong>
            {cancelledParts(entry.cancelled)}.
          </p>
        </div>
      ) : null}
      {entry.pending ? (
        <div className="mt-3 rounded-xl bg-butter px-4 py-3" data-testid="change-pending">
          <p>
            <strong>Waiting for our answer:</strong>{' '}
            {entry.pending.changes.length > 0 ? 'you asked to change' : 'you asked for a change.'}
          </p>
          {entry.pending.changes.length > 0 ? (
            <ul className="mt-1 grid gap-1">
              {entry.pending.changes.map((part) => (
                <li key={part.label} className="break-words">
                  <span className="font-bold">{part.label}</span> from {part.from} to {part.to}
                </li>
              ))}
            </ul>
          ) : null}
          {entry.pending.details ? (
            <p className="mt-1 whitespace-pre-wrap break-words">
              Your words: {entry.pending.details}
            </p>
          ) : null}
        </div>
      ) : null}
      {entry.lastAnswer ? (
        <div
          className={`mt-3 rounded-xl px-4 py-3 ${entry.lastAnswer.accepted ? 'bg-[#d7ead9] text-[#1f4f29]' : 'bg-blush-100 text-raspberry-dark'}`}
          data-testid="change-answer"
        >
          <p className="font-bold">
            {entry.lastAnswer.accepted
              ? endSentence(
                  `We made your change${entry.lastAnswer.asked ? `: ${entry.lastAnswer.asked}` : ''}`,
                )
              : `We couldn’t make your change${entry.lastAnswer.asked ? ` (${entry.lastAnswer.asked})` : ''}.`}
          </p>
          {entry.lastAnswer.note ? (
            <p className="mt-1 whitespace-pre-wrap break-words">{entry.lastAnswer.note}</p>
          ) : null}
        </div>
      ) : null}
      {entry.tooLate && !entry.cancelled ? (
        <p className="mt-3" data-testid="too-late">
          Your date is close, so changes and cancellations are made by writing to us: just reply to
          our email.
        </p>
      ) : null}
      {entry.cancelPreview ? (
        <div
          id={`cancel-${position}`}
          className="mt-4 rounded-2xl border-2 border-raspberry bg-cream p-5"
          data-testid="cancel-confirm"
        >
          <h4 className="font-display text-lg font-semibold">Cancel this order?</h4>
          <p className="mt-2">{entry.cancelPreview.sentence}</p>
          {entry.cancelPreview.card ||
          entry.cancelPreview.giftCard ||
          entry.cancelPreview.manual ? (
            <dl className="mt-3 grid gap-1">
              {entry.cancelPreview.card ? (
                <div className="flex justify-between gap-4">
                  <dt>Back to your card</dt>
                  <dd className="font-bold">{entry.cancelPreview.card}</dd>
                </div>
              ) : null}
              {entry.cancelPreview.giftCard ? (
                <div className="flex justify-between gap-4">
                  <dt>Back on your gift card</dt>
                  <dd className="font-bold">{entry.cancelPreview.giftCard}</dd>
                </div>
              ) : null}
              {entry.cancelPreview.manual ? (
                <div className="flex justify-between gap-4">
                  <dt>By e-Transfer or cash</dt>
                  <dd className="font-bold">{entry.cancelPreview.manual}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          <p className="mt-3 text-sm text-chocolate">
            Your date is released for other orders. This can’t be undone.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" action={action} replace preventScrollReset>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="request" value={position} />
              <input type="hidden" name="expected_refund" value={entry.cancelPreview.refundCents} />
              <button type="submit" className="button-danger" disabled={busy}>
                {busy ? 'Cancelling…' : 'Yes, cancel my order'}
              </button>
            </Form>
            <Link to={pageHref} className="button-secondary" preventScrollReset>
              Keep my order
            </Link>
          </div>
        </div>
      ) : null}
      {!entry.cancelPreview && (entry.canChange || entry.canCancel) ? (
        <div className="mt-4 flex flex-wrap items-start gap-3">
          {entry.canChange ? (
            <details className="group w-full" open={Boolean(refusedChange) || undefined}>
              <summary className="button-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
                Ask for a change
              </summary>
              <ChangeForm
                position={position}
                action={action}
                entry={entry}
                view={view}
                posted={refusedChange?.posted}
                fieldError={
                  refusedChange?.field
                    ? { name: refusedChange.field, message: refusedChange.error }
                    : undefined
                }
              />
            </details>
          ) : null}
          {entry.canCancel ? (
            <Link
              to={`${pageHref}?cancel=${position}#cancel-${position}`}
              className="button-secondary"
              preventScrollReset
            >
              Cancel this order
            </Link>
          ) : null}
        </div>
      ) : null}
      <p className="mt-4 text-sm text-chocolate" data-testid="policy">
        {view.policy}
      </p>
    </section>
  )
}

/** ' ($40 to your card, $20 by e-Transfer or cash, sent to you shortly)', or nothing. */
function cancelledParts(cancelled: NonNullable<SelfServiceEntry['cancelled']>): string {
  const parts = [
    cancelled.card ? `${cancelled.card} to your card` : '',
    cancelled.giftCard ? `${cancelled.giftCard} back on your gift card` : '',
    cancelled.manual ? `${cancelled.manual} by e-Transfer or cash, sent to you shortly` : '',
  ].filter(Boolean)
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
}
