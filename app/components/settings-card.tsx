import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { ANSWER_SCROLL_MARGIN } from './action-status.tsx'
import { type CardAnswerWords, cardAnswerId } from './card-answer.ts'

export { type CardAnswerWords, answerFor, cardAction, cardAnswerId } from './card-answer.ts'

/**
 * A card's answer, beside its Save button: a status when it worked, an alert
 * when it did not, empty (but there, to be announced into) before either.
 * An answer that arrives while the page runs takes focus, so a screen reader
 * reads it and the screen shows it; `focus={false}` leaves focus to the card
 * (its first refused field). Opened at by its fragment, it sits below the
 * middle of the screen with the form above it.
 */
export function CardAnswer({
  cardId,
  answer,
  busy = false,
  busyText,
  focus = true,
  answerRef,
  className = '',
}: {
  cardId: string
  answer: CardAnswerWords | undefined
  /** A post is on its way: the old answer goes, so a repeat is announced again. */
  busy?: boolean
  /** Said while busy, e.g. "Saving…". */
  busyText?: string
  focus?: boolean
  answerRef?: RefObject<HTMLParagraphElement | null>
  className?: string
}) {
  const ownRef = useRef<HTMLParagraphElement>(null)
  const ref = answerRef ?? ownRef
  const shown = busy ? undefined : answer
  // Keyed by the words, not the object: a card that rewrites its answer on every render
  // must not pull focus back to it while she works in another card.
  const words = shown ? (shown.ok ? shown.message : shown.error) : ''
  useEffect(() => {
    if (focus && words) ref.current?.focus({ preventScroll: true })
  }, [words, focus, ref])
  return (
    <p
      ref={ref}
      id={cardAnswerId(cardId)}
      tabIndex={-1}
      role={shown && !shown.ok ? 'alert' : 'status'}
      className={`min-h-6 outline-none ${ANSWER_SCROLL_MARGIN} ${className}`}
    >
      {busy && busyText ? <span>{busyText}</span> : null}
      {shown ? (
        shown.ok ? (
          <span className="status-success">{shown.message}</span>
        ) : (
          <span className="status-error">{shown.error}</span>
        )
      ) : null}
    </p>
  )
}

/**
 * A Settings card: a section named by its heading, with `id` for the links
 * that lead to it. Its forms post with `cardAction(id)`, and its
 * `CardAnswer` says how the last one went.
 */
export function SettingsCard({
  id,
  title,
  level = 2,
  headingClassName = level === 2 ? 'section-heading' : 'font-display text-2xl font-bold',
  className = '',
  children,
}: {
  id: string
  title: ReactNode
  /** The heading's level: 3 for a card under a section's own heading. */
  level?: 2 | 3
  headingClassName?: string
  className?: string
  children: ReactNode
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`card scroll-mt-24 p-5 sm:p-6 ${className}`}
    >
      <Heading id={`${id}-heading`} className={`${headingClassName} scroll-mt-24`}>
        {title}
      </Heading>
      {children}
    </section>
  )
}
