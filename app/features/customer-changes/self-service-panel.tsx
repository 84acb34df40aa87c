import { Link } from 'react-router'
import { endSentence } from '#app/utils/clock-times.ts'
import { CancelConfirm } from './cancel-confirm.tsx'
import { ChangeForm } from './change-form.tsx'
import type { SelfServiceEntry, SelfServiceResult, SelfServiceView } from './self-service.ts'

type PanelView = Pick<
  SelfServiceView,
  'policy' | 'weekly' | 'lastBookable' | 'minDate' | 'detailsMax'
>
type Refused = Extract<SelfServiceResult, { ok: false }>

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
  view: PanelView
  result: SelfServiceResult | undefined
}) {
  const headingId = `changes-${position}`
  const answerId = `changes-answer-${position}`
  const pageHref = `/requests/${token}`
  // Posted without JavaScript, the answer opens where she was looking (decision 068).
  const action = `${pageHref}?change#${answerId}`
  const refusedChange = result && !result.ok && result.posted ? result : undefined
  if (!showsAnything(entry, result)) return null
  return (
    <section
      className="mt-6 border-t border-chocolate/15 pt-5"
      aria-labelledby={headingId}
      data-testid="self-service"
    >
      <h3 id={headingId} className="font-display text-xl font-semibold">
        Changes and cancelling
      </h3>
      {result ? <PanelAnswer id={answerId} result={result} /> : null}
      {entry.cancelled ? <SelfCancelled cancelled={entry.cancelled} /> : null}
      {entry.pending ? <PendingChange pending={entry.pending} /> : null}
      {entry.lastAnswer ? <LastChangeAnswer answer={entry.lastAnswer} /> : null}
      {entry.tooLate && !entry.cancelled ? (
        <p className="mt-3" data-testid="too-late">
          Your date is close, so changes and cancellations are made by writing to us: just reply to
          our email.
        </p>
      ) : null}
      {entry.cancelPreview ? (
        <CancelConfirm
          position={position}
          action={action}
          pageHref={pageHref}
          preview={entry.cancelPreview}
        />
      ) : null}
      {!entry.cancelPreview && (entry.canChange || entry.canCancel) ? (
        <ChangeOrCancel
          position={position}
          action={action}
          pageHref={pageHref}
          entry={entry}
          view={view}
          refusedChange={refusedChange}
        />
      ) : null}
      <p className="mt-4 text-sm text-chocolate" data-testid="policy">
        {view.policy}
      </p>
    </section>
  )
}

/** The panel has something to say or offer: otherwise the card shows no panel at all. */
function showsAnything(entry: SelfServiceEntry, result: SelfServiceResult | undefined) {
  return (
    entry.canChange ||
    entry.canCancel ||
    entry.tooLate ||
    entry.pending ||
    entry.lastAnswer ||
    entry.cancelled ||
    result
  )
}

/** How her change or cancel just went, where the posted page opens. */
function PanelAnswer({ id, result }: { id: string; result: SelfServiceResult }) {
  if (result.ok) {
    return (
      <p
        id={id}
        role="status"
        className="mt-3 scroll-mt-24 rounded-xl bg-[#d7ead9] px-4 py-3 font-bold text-[#1f4f29]"
      >
        {result.message}
      </p>
    )
  }
  return (
    <p
      id={id}
      role="alert"
      className="mt-3 scroll-mt-24 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark"
    >
      {result.error}
    </p>
  )
}

/** Her cancellation, and what comes back to her and how. */
function SelfCancelled({ cancelled }: { cancelled: NonNullable<SelfServiceEntry['cancelled']> }) {
  return (
    <div className="mt-3 rounded-xl bg-paper px-4 py-3" data-testid="self-cancelled">
      <p className="font-bold">You cancelled this order.</p>
      <p className="mt-1">
        Coming back to you: <strong>{cancelled.refund}</strong>
        {cancelledParts(cancelled)}.
      </p>
    </div>
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

/** The change she asked for that waits on the bakery: each part from and to, and her words. */
function PendingChange({ pending }: { pending: NonNullable<SelfServiceEntry['pending']> }) {
  return (
    <div className="mt-3 rounded-xl bg-butter px-4 py-3" data-testid="change-pending">
      <p>
        <strong>Waiting for our answer:</strong>{' '}
        {pending.changes.length > 0 ? 'you asked to change' : 'you asked for a change.'}
      </p>
      {pending.changes.length > 0 ? (
        <ul className="mt-1 grid gap-1">
          {pending.changes.map((part) => (
            <li key={part.label} className="break-words">
              <span className="font-bold">{part.label}</span> from {part.from} to {part.to}
            </li>
          ))}
        </ul>
      ) : null}
      {pending.details ? (
        <p className="mt-1 whitespace-pre-wrap break-words">Your words: {pending.details}</p>
      ) : null}
    </div>
  )
}

/** The bakery's answer to her last change, made or not, with its note. */
function LastChangeAnswer({ answer }: { answer: NonNullable<SelfServiceEntry['lastAnswer']> }) {
  return (
    <div
      className={`mt-3 rounded-xl px-4 py-3 ${answer.accepted ? 'bg-[#d7ead9] text-[#1f4f29]' : 'bg-blush-100 text-raspberry-dark'}`}
      data-testid="change-answer"
    >
      <p className="font-bold">
        {answer.accepted
          ? endSentence(`We made your change${answer.asked ? `: ${answer.asked}` : ''}`)
          : `We couldn’t make your change${answer.asked ? ` (${answer.asked})` : ''}.`}
      </p>
      {answer.note ? <p className="mt-1 whitespace-pre-wrap break-words">{answer.note}</p> : null}
    </div>
  )
}

/**
 * "Ask for a change", open again with what she posted when it was refused,
 * and "Cancel this order", which opens the confirm step.
 */
function ChangeOrCancel({
  position,
  action,
  pageHref,
  entry,
  view,
  refusedChange,
}: {
  position: number
  action: string
  pageHref: string
  entry: SelfServiceEntry
  view: PanelView
  refusedChange: Refused | undefined
}) {
  return (
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
  )
}
