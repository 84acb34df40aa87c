import { useEffect, useRef } from 'react'
import { PhoneWords } from './phone-words.tsx'

/** What an owner's form answered: a message when it worked, an error when it did not. */
export type ActionAnswer = { ok: true; message: string } | { ok: false; error: string }

/** The answer's words, in the colour that says how it went; nothing without one. */
export function ActionAnswerText({ answer }: { answer: ActionAnswer | undefined }) {
  if (!answer) return null
  return answer.ok ? (
    <span className="status-success">{answer.message}</span>
  ) : (
    <span className="status-error">{answer.error}</span>
  )
}

/**
 * The `action` of a form whose answer shows beside it, at the element with
 * this id. Without JavaScript (or tapped before the page's scripts run) the
 * answer is a new page; the fragment opens it at the answer, where she was
 * looking, instead of at the top of a long page. With JavaScript the page
 * stays where it is, as before.
 */
export function answeredAt(answerId: string): string {
  return `#${answerId}`
}

/**
 * Opened at by its fragment, an answer sits below the middle of the screen,
 * the form she used in view above it.
 */
export const ANSWER_SCROLL_MARGIN = 'scroll-mt-[45vh]'

/** A form's answer beside it, announced politely; `id` names it for `answeredAt`. */
export function ActionStatus({
  answer,
  id,
  className = '',
}: {
  answer: ActionAnswer | undefined
  id?: string
  className?: string
}) {
  return (
    <p id={id} aria-live="polite" className={`${className} min-h-6 ${ANSWER_SCROLL_MARGIN}`}>
      <ActionAnswerText answer={answer} />
    </p>
  )
}

/**
 * A form's answer at the top of its card, taking the focus as it comes, so
 * the outcome of her tap is where she is looking and is read out: a status
 * when it worked, an alert (with `fallback` when it names no error) when not.
 */
export function FocusedAnswer({
  answer,
  fallback = '',
  className = '',
}: {
  answer: { ok: true; message: string } | { ok: false; error?: string } | undefined
  fallback?: string
  className?: string
}) {
  const said = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (answer) said.current?.focus()
  }, [answer])
  if (!answer) return null
  return (
    <p
      ref={said}
      tabIndex={-1}
      role={answer.ok ? 'status' : 'alert'}
      className={`${answer.ok ? 'status-success' : 'status-error'} ${className}`}
    >
      <PhoneWords text={answer.ok ? answer.message : (answer.error ?? fallback)} />
    </p>
  )
}
