/** The menu as the pages show it; the browser may load this file. */

/** One treat on the menu, as the pages and the owner's settings show it. */
export interface Product {
  id: number
  name: string
  description: string
  /** The "from" price in cents, or null when none is shown. */
  priceFromCents: number | null
  noticeDays: number
  effort: number
  active: boolean
}

/** "from $45" or "from $12.50"; '' without a price. */
export function formatPriceFrom(cents: number | null): string {
  if (cents === null) return ''
  const dollars = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
  return `from $${dollars}`
}
