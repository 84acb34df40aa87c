/** The cart icon with a badge counting queued orders; toggles the 'Your Orders' panel. */
export function CartButton({
  count,
  expanded,
  controls,
  onToggle,
  onIntent,
}: {
  count: number
  expanded: boolean
  controls: string
  onToggle: () => void
  /** The pointer or focus arrived: a good moment to fetch the panel. */
  onIntent?: () => void
}) {
  return (
    <button
      type="button"
      className="cart-button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <svg
        viewBox="0 0 24 24"
        width="26"
        height="26"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 7h14l-1.5 8.5a2 2 0 0 1-2 1.5H9.3a2 2 0 0 1-2-1.6L5 3H2" />
        <circle cx="9.5" cy="20.5" r="1.2" />
        <circle cx="16.5" cy="20.5" r="1.2" />
      </svg>
      <span className="sr-only">Your cart,</span>
      <span className="cart-badge" data-testid="cart-count">
        {count}
      </span>
      <span className="sr-only">{count === 1 ? 'order' : 'orders'}</span>
    </button>
  )
}
