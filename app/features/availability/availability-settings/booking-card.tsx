import { type ReactNode, useEffect, useRef } from 'react'
import { Link } from 'react-router'
import {
  type BookingCard,
  openCardHref,
} from '#app/features/availability/booking-settings-fields.ts'

/**
 * One booking rule: what is set, and a link that opens its forms in place.
 * Open, its forms replace the summary and Close folds it again. Either way
 * focus goes to its heading, so the tap's outcome is where she is looking and
 * a screen reader names the card.
 */
export function Card({
  id,
  title,
  open,
  openLabel,
  summary,
  children,
  className = '',
}: {
  id: BookingCard
  title: string
  open: boolean
  /** The link that opens the card, e.g. "Change weekly capacity". */
  openLabel: string
  /** What is set now, shown while the card is folded. */
  summary: ReactNode
  /** The card's forms, mounted only while it is open. */
  children: ReactNode
  className?: string
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current === open) return
    wasOpen.current = open
    headingRef.current?.focus()
  }, [open])
  return (
    // Open, it takes the full width on a wide screen, leaving no hole beside it.
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`card p-5 sm:p-6 ${open ? 'lg:col-span-2' : ''} ${className}`}
    >
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-bold scroll-mt-24 outline-none"
      >
        {title}
      </h3>
      {open ? (
        <>
          {children}
          <p className="mt-4 border-t border-chocolate/20 pt-3">
            <Link to={`.#${id}-heading`} preventScrollReset className="text-link inline-block py-2">
              Close<span className="sr-only"> {title}</span>
            </Link>
          </p>
        </>
      ) : (
        <>
          {summary}
          <p className="mt-4">
            <Link to={openCardHref(id)} preventScrollReset className="button-secondary">
              {openLabel}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}

/** A folded card's list of what is set: closed dates, pickup times. */
export function SummaryList({ children }: { children: ReactNode }) {
  return <ul className="mt-4 space-y-2">{children}</ul>
}

/** A folded card's note that nothing is set yet. */
export function NothingSet({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-2xl bg-paper p-4">{children}</p>
}
