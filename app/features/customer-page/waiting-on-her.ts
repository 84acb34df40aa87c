import type { WaitingItem } from '#app/features/order-status/customer-links.ts'
import type { CustomerBookEntry, CustomerRequest } from './request-status.ts'

/**
 * What waits on her, request by request: a quote to answer (not accepted,
 * not lapsed), money still owed on an accepted or booked request, and a
 * proof waiting for her answer. A party's quote and money are its lead's
 * (decision 049), so its members wait on nothing of their own.
 */
export function waitingOnHer({
  requests,
  book,
  proofsWaiting = [],
}: {
  requests: readonly Pick<CustomerRequest, 'position' | 'status'>[]
  book: Readonly<Record<number, CustomerBookEntry>>
  /** Positions whose design proof waits for her answer. */
  proofsWaiting?: readonly number[]
}): WaitingItem[] {
  return requests.flatMap(({ position, status }) => {
    const entry = book[position]
    const items: WaitingItem[] = []
    const quote = entry?.quote
    if (status === 'quoted' && quote && !quote.accepted && !quote.expired) {
      items.push({ kind: 'quote', position })
    }
    if (entry?.card || entry?.owed?.deposit || entry?.owed?.balance) {
      items.push({ kind: 'payment', position })
    }
    if (proofsWaiting.includes(position)) items.push({ kind: 'proof', position })
    return items
  })
}
