import { type RefObject, useEffect, useId, useRef, useState } from 'react'
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
  // Its fetcher takes the first id: this one comes second, as the markup expects.
  const waitlist = useWaitlistJoin({ date, product, knownEmail })
  const id = useId()
  const { answer, joined, statusRef } = waitlist
  // Folded until she asks: the order form keeps one email field in view, hers.
  const [open, setOpen] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (open) emailRef.current?.focus()
  }, [open])
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
        <WaitlistEmailBox
          id={id}
          date={date}
          emailRef={emailRef}
          email={waitlist.email}
          setEmail={waitlist.setEmail}
          join={waitlist.join}
          busy={waitlist.busy}
        />
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

/**
 * Her email and the list she joins: the answer, once it comes, and the
 * status line it is said in, which takes the focus from the button she pressed.
 */
function useWaitlistJoin({
  date,
  product,
  knownEmail,
}: {
  date: string
  product: string
  knownEmail: string
}) {
  const fetcher = useFetcher<JoinAnswer>()
  const [email, setEmail] = useState(knownEmail)
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
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
  return {
    email,
    setEmail,
    answer,
    joined: answer?.ok === true,
    busy: fetcher.state !== 'idle',
    statusRef,
    join,
  }
}

/** The opened box: a word on what happens, her email, and the button that joins. */
function WaitlistEmailBox({
  id,
  date,
  emailRef,
  email,
  setEmail,
  join,
  busy,
}: {
  id: string
  date: string
  emailRef: RefObject<HTMLInputElement | null>
  email: string
  setEmail: (email: string) => void
  join: () => void
  busy: boolean
}) {
  return (
    <>
      <p className="form-hint">
        Leave your email: if it frees up for your treat, we tell you and keep it for you for half an
        hour.
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
        <button type="button" className="button-secondary" disabled={busy} onClick={join}>
          Join the waitlist
        </button>
      </div>
    </>
  )
}
