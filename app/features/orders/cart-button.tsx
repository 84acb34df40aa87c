import { CartIcon } from '#app/components/icons.tsx'
import { CART_STORAGE_KEY } from './cart.ts'

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
      className="cart-button with-script"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      // A returning visitor's queued orders are counted as the page opens, not on first touch.
      // (the attribute is HYDRATION.storedStateAttribute, read by the page's loader).
      data-hydrate-if-stored={CART_STORAGE_KEY}
    >
      <CartIcon width="26" height="26" />
      <span className="sr-only">Your cart,</span>
      <span className="cart-badge" data-testid="cart-count">
        {count}
      </span>
      <span className="sr-only">{count === 1 ? 'order' : 'orders'}</span>
    </button>
  )
}
