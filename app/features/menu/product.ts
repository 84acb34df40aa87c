import { formatMoney } from '#app/utils/money.ts'

/** The menu as the pages show it; the browser may load this file. */

/** The longest a treat's name and description may be: the settings' schema and form share them. */
export const PRODUCT_LIMITS = { name: 60, description: 300 } as const

/** The menu forms' intents on Settings; each answer names its own, so its card shows it. */
export const MENU_INTENTS = ['add', 'update', 'move', 'deactivate', 'activate'] as const
export type MenuIntent = (typeof MENU_INTENTS)[number]

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
  /** Sold now at this price ("buy now", decision 103); null when it is quoted. */
  buyNowCents: number | null
}

/** "from $45" or "from $12.50"; '' without a price. */
export function formatPriceFrom(cents: number | null): string {
  return cents === null ? '' : `from ${formatMoney(cents)}`
}
