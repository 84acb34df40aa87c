import { type ReactNode, useCallback, useState } from 'react'
import { Form, Link, useNavigation, useRevalidator } from 'react-router'
import { clockOf, useTimeLeft } from './countdown.tsx'
import type { HoldAnswer } from './drop-api.server.ts'
import type { HoldPageView } from './drop-pages.server.ts'

/** The warning comes this long before a hold ends (WCAG 2.2.1: time to ask for more). */
export const WARN_BEFORE_MS = 2 * 60_000

/**
 * A hold's page: what is kept for her, until when, and one tap for more
 * time. With JavaScript the minutes count down, a warning is read out two
 * minutes before the end, and the page says so the moment the hold ends.
 */
export function HoldPage({
  view,
  answer,
  orderForm,
  orderPage,
  orderHeading,
}: {
  view: HoldPageView
  answer?: HoldAnswer
  /** The last step, shown while the hold is live: how she pays, and the order button. */
  orderForm?: ReactNode
  /** Her order's own page, once the hold has become one. */
  orderPage?: string | null
  /** Once an order, its heading as the order stands ('Your order is in'). */
  orderHeading?: string | null
}) {
  const { revalidate } = useRevalidator()
  const [ended, setEnded] = useState(false)
  const end = useCallback(() => {
    setEnded(true)
    void revalidate()
  }, [revalidate])
  const held = view.state === 'held' && !ended
  const left = useTimeLeft(view.expiresAt, view.now, view.state === 'held' ? end : undefined)
  return (
    <section className="page-section max-w-3xl" aria-labelledby="hold-heading">
      <p className="eyebrow">
        {view.dropName} · pickup {view.pickupDay}
      </p>
      <h1 id="hold-heading" className="page-heading mt-2">
        {held
          ? 'Your treats are held'
          : view.state === 'ordered' && orderHeading
            ? orderHeading
            : stateHeading(view.state, ended)}
      </h1>
      {answer && !held ? <Answer answer={answer} /> : null}
      <div className="card mt-6 p-6 sm:p-7">
        <h2 className="font-display text-2xl font-semibold">
          {view.lines.length === 1 ? 'Your item' : 'Your items'}
        </h2>
        <ul className="mt-4 grid gap-2">
          {view.lines.map((line) => (
            <li key={line.name} className="hold-line">
              <span>{`${line.quantity} × ${line.name}`}</span>
              <span>{line.amount}</span>
            </li>
          ))}
          {(view.charges ?? []).map((charge) => (
            <li key={charge.label} className="hold-line">
              <span>{charge.label}</span>
              <span>{charge.amount}</span>
            </li>
          ))}
          <li className="hold-line hold-total">
            <span>Total</span>
            <span>{view.total}</span>
          </li>
        </ul>
        <p className="mt-4">
          Pickup {view.pickupDay}, {view.windowWords}, for {view.name}.
        </p>
      </div>
      {held ? (
        <>
          <HoldTime view={view} left={left} answer={answer} />
          {orderForm}
        </>
      ) : (
        <Ended view={view} answered={Boolean(answer)} orderPage={orderPage ?? null} />
      )}
    </section>
  )
}

function stateHeading(state: HoldPageView['state'], endedHere: boolean): string {
  if (state === 'ordered') return 'Your order is in'
  if (state === 'released') return 'Your treats are back on sale'
  return endedHere || state === 'expired' ? 'Your hold has ended' : 'Your treats are held'
}

/** What a tap came to, said where she tapped. */
function Answer({ answer }: { answer: HoldAnswer }) {
  return (
    <p className={answer.ok ? 'status-success mt-4' : 'status-error mt-4'} role="status">
      {answer.message}
    </p>
  )
}

function HoldTime({
  view,
  left,
  answer,
}: {
  view: HoldPageView
  left: number | null
  answer: HoldAnswer | undefined
}) {
  const sending = useNavigation().state === 'submitting'
  const warn = left !== null && left <= WARN_BEFORE_MS
  return (
    <div className="mt-6 grid gap-4">
      <p className={warn ? 'hold-time hold-time-warn' : 'hold-time'}>
        Held until <strong>{view.expiresAtWords}</strong>
        {left !== null ? <span aria-hidden="true"> · {clockOf(left)} left</span> : null}
      </p>
      {/* An answer to ordering is said beside the order button instead. */}
      {answer && !answer.order ? <Answer answer={answer} /> : null}
      {/* Read out once, when it appears: two minutes before the end. */}
      <p role="alert" className={warn ? 'font-bold' : 'sr-only'}>
        {warn ? 'Less than two minutes left on your hold.' : ''}
      </p>
      <div className="flex flex-wrap gap-3">
        {view.extensionsLeft > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="extend" />
            <input type="hidden" name="extensions" value={view.extensions} />
            <button type="submit" className="button-secondary" disabled={sending}>
              More time ({view.holdMinutes} minutes)
            </button>
          </Form>
        ) : (
          <p>This hold cannot be made longer again.</p>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="release" />
          <button type="submit" className="button-secondary" disabled={sending}>
            Let them go
          </button>
        </Form>
      </div>
    </div>
  )
}

function Ended({
  view,
  answered,
  orderPage,
}: {
  view: HoldPageView
  answered: boolean
  orderPage: string | null
}) {
  if (view.state === 'ordered') {
    return orderPage ? (
      <p className="mt-6">
        <Link to={orderPage} className="button-primary">
          See your order
        </Link>
      </p>
    ) : null
  }
  return (
    <p className="mt-6">
      {/* Letting them go just said it. */}
      {answered ? null : 'Nothing was charged. '}
      <Link to={`/drops/${view.slug}`} className="text-link">
        Back to {view.dropName}
      </Link>{' '}
      to see what is left.
    </p>
  )
}
