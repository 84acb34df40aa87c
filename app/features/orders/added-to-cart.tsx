import { formatNearDate } from '#app/utils/dates.ts'

/** The order just queued, for the line beside 'Add to Cart'. */
export interface AddedOrder {
  product: string
  /** YYYY-MM-DD */
  date: string
}

/**
 * What 'Add to Cart' did, said beside the button where the visitor is
 * looking: 'Added: Cupcakes for Friday, December 11 · View cart (2)'. Her
 * details stay with the cart (the form folds them into one line), so the
 * next treat asks only for the treat. The line is a live region, so a
 * screen reader hears it too.
 */
export function AddedToCart({
  added,
  cartCount,
  onViewCart,
}: {
  added: AddedOrder | null
  cartCount: number
  onViewCart: () => void
}) {
  return (
    <div className="added-to-cart">
      <p role="status" className="added-note">
        {added ? (
          <>
            <span className="added-what">
              Added: {added.product} for {formatNearDate(added.date)}
            </span>{' '}
            <span className="whitespace-nowrap">
              <span aria-hidden="true">·</span>{' '}
              <button type="button" className="added-view-cart" onClick={onViewCart}>
                View cart ({cartCount})
              </button>
            </span>
          </>
        ) : null}
      </p>
    </div>
  )
}
