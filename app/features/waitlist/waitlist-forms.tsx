import { useEffect, useId, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { EMAIL_MAX_LENGTH } from '#app/utils/email-address.ts'
import type { WaitlistAnswer } from './drop-post.server.ts'

/** What may be waited for: a sold-out item, or a full pickup time. */
export interface Waitable {
  /** 'item:<id>' or 'window:HH:MM-HH:MM', as the waitlist keeps it. */
  want: string
  /** 'Sourdough loaf' or 'the 10:00 a.m.–11:00 a.m. pickup'. */
  label: string
}

/**
 * "Tell me if one comes free": a short form for each sold-out item and full
 * pickup time of an open drop. Its answer is said beside the form she used,
 * and read out.
 */
export function WaitlistForms({
  waitables,
  answer,
}: {
  waitables: readonly Waitable[]
  answer?: WaitlistAnswer
}) {
  if (waitables.length === 0) return null
  return (
    <section className="card mt-8 max-w-2xl p-6 sm:p-7" aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading" className="font-display text-2xl font-semibold">
        Sold out? Wait for one
      </h2>
      <p className="mt-2">
        Leave your email and we will tell you the moment one comes free, and keep it for you for
        half an hour. First come, first offered.
      </p>
      <ul className="mt-4 grid gap-4">
        {waitables.map((waitable) => (
          <li key={waitable.want}>
            <WaitForm
              waitable={waitable}
              answer={answer?.waitlist.want === waitable.want ? answer : undefined}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

function WaitForm({ waitable, answer }: { waitable: Waitable; answer?: WaitlistAnswer }) {
  const id = useId()
  const sending = useNavigation().state !== 'idle'
  const [kind, value] = splitWant(waitable.want)
  const emailRef = useRef<HTMLInputElement>(null)
  const answerRef = useRef<HTMLParagraphElement>(null)
  const badEmail = answer && !answer.ok && answer.waitlist.field === 'email'
  // The answer shows where she tapped: in view, and her email field focused if it needs her.
  useEffect(() => {
    if (!answer) return
    answerRef.current?.scrollIntoView({ block: 'nearest' })
    if (badEmail) emailRef.current?.focus()
  }, [answer, badEmail])
  return (
    <Form
      method="post"
      preventScrollReset
      className="waitlist-form form-field"
      aria-label={`Waitlist for ${waitable.label}`}
    >
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name={kind} value={value} />
      <label htmlFor={`${id}-email`} className="form-label">
        {waitable.label}: your email
      </label>
      <div className="waitlist-row">
        <input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          name="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          autoComplete="email"
          aria-invalid={badEmail ? true : undefined}
          aria-describedby={answer ? `${id}-answer` : undefined}
        />
        <button type="submit" className="button-secondary" disabled={sending}>
          Tell me
        </button>
      </div>
      {answer ? (
        <p
          ref={answerRef}
          id={`${id}-answer`}
          className={answer.ok ? 'status-success mt-2' : 'form-error mt-2'}
          role="status"
        >
          {answer.waitlist.message}
        </p>
      ) : null}
    </Form>
  )
}

/** 'item:12' → ['item', '12']; 'window:10:00-11:00' → ['pickup_window', '10:00-11:00']. */
function splitWant(want: string): ['item' | 'pickup_window', string] {
  const at = want.indexOf(':')
  return [want.slice(0, at) === 'item' ? 'item' : 'pickup_window', want.slice(at + 1)]
}
