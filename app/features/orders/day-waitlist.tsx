import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { shortDate } from './cart-send.ts'

interface JoinAnswer {
  ok: boolean
  message?: string
  error?: string
}

/**
 * Beside a fully booked day: "Tell me if it frees up" (decision 104). Not a
 * form of its own, since it sits inside the order form: its email box has
 * no name, so the order never sends it, and the button posts it to the
 * waitlist with the day and treat. The answer shows beside it.
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
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  const joined = answer?.ok === true
  return (
    <div className="day-waitlist sm:col-span-2" role="group" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="form-label">
        Want {shortDate(date)} anyway?
      </p>
      {joined ? null : (
        <>
          <p className="form-hint">
            Leave your email: if it frees up for your treat, we tell you and keep it for you for
            half an hour.
          </p>
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <label className="sr-only" htmlFor={`${id}-email`}>
              Your email for {shortDate(date)}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              className="min-w-0 flex-1"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <button
              type="button"
              className="button-secondary"
              disabled={fetcher.state !== 'idle'}
              onClick={() =>
                void fetcher.submit(
                  { email, due_date: date, product },
                  { method: 'post', action: '/ordernow?waitlist' },
                )
              }
            >
              Tell me if it frees up
            </button>
          </div>
        </>
      )}
      <p
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
