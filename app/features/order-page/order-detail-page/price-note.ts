import { type ReactNode, createContext } from 'react'

/**
 * Said under the quote's price as she types it: what the treat costs her and
 * what this price leaves (the kitchen's note, given by the page's route, so
 * the order page knows nothing of recipes). Null: nothing is said.
 */
export const PriceNote = createContext<((priceText: string) => ReactNode) | null>(null)
