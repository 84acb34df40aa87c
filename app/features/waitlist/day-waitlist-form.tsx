import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatNearDate } from '#app/utils/dates.ts'

type JoinAnswer = { ok: boolean; message?: string; error?: string }

/**
 * Beside a fully booked day: "Tell me if it frees up" (decision 104), which
 * opens a box for her email and "Join the waitlist". Not a form of its own,
 * since it sits inside the order form: its email box has no name, so the
 * order never sends it, and the button posts it to the waitlist with the day
 * and treat. The answer shows beside it. The Order Now route hands it to the
 * order form (`dayWaitlist`), which draws it beside the day.
 */
export function DayWaitlist({
  date,
  product,
  email: knownEmail,
}: {
  date: string
  product: string
  email: string
}) {
  const fetcher = useFetcher<JoinAnswer>()
  const id = useId()
  const [email, setEmail] = useState(knownEmail)
  // Folded until she asks: the order form keeps one email field in view, hers.
  const [open, setOpen] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (open) emailRef.current?.focus()
  }, [open])
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  const joined = answer?.ok === true
  const statusRef = useRef<HTMLParagraphElement>(null)
  // The button she pressed goes once she is on the list: the answer takes the focus.
  useEffect(() => {
    if (answer) statusRef.current?.focus()
  }, [answer])
  const join = () =>
    void fetcher.submit(
      { email, due_date: date, product },
      { method: 'post', action: '/ordernow?waitlist' },
    )
  return (
    <div className="day-waitlist sm:col-span-2" role="group" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="form-label">
        Want {formatNearDate(date)} anyway?
      </p>
      {joined ? null : !open ? (
        <button
          type="button"
          className="button-secondary mt-2"
          aria-expanded="false"
          onClick={() => setOpen(true)}
        >
          Tell me if it frees up
        </button>
      ) : (
        <>
          <p className="form-hint">
            Leave your email: if it frees up for your treat, we tell you and keep it for you for
            half an hour.
          </p>
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <div className="form-field min-w-[14rem] flex-1">
              <label className="sr-only" htmlFor={`${id}-email`}>
                Your email, to tell you about {formatNearDate(date)}
              </label>
              <input
                ref={emailRef}
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                // Enter joins the list; it must not send the order form around it.
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return
                  event.preventDefault()
                  join()
                }}
              />
            </div>
            <button
              type="button"
              className="button-secondary"
              disabled={fetcher.state !== 'idle'}
              onClick={join}
            >
              Join the waitlist
            </button>
          </div>
        </>
      )}
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={
          answer ? `mt-2 [overflow-wrap:anywhere] ${joined ? 'status-success' : 'form-error'}` : ''
        }
      >
        {answer ? (answer.message ?? answer.error) : ''}
      </p>
    </div>
  )
}
