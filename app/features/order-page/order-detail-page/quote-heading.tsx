import type { ReactNode } from 'react'

/** The quote card's heading, where focus goes when its folded form opens (decision 074). */
export const QUOTE_HEADING_ID = 'quote-heading'

export function QuoteHeading({ children }: { children: ReactNode }) {
  return (
    <h2
      id={QUOTE_HEADING_ID}
      tabIndex={-1}
      className="font-display text-2xl font-semibold scroll-mt-24 outline-none"
    >
      {children}
    </h2>
  )
}
