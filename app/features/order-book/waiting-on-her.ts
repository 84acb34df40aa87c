import type { CustomerBookEntry, CustomerRequest } from './request-status.ts'

/**
 * What waits on the customer on her private page (accept a quote, pay,
 * answer a design proof): shown first on the page, each in a card of its
 * own whose id the emails that ask her to act link to. Pure and
 * browser-safe: the page and the email composers share it.
 */
export type WaitingKind = 'quote' | 'payment' | 'proof'

export interface WaitingItem {
  kind: WaitingKind
  /** The request's position in its send: how the page names it. */
  position: number
}

/** The id of what waits on her: 'waiting-quote-1', 'waiting-payment-2', 'waiting-proof-1'. */
export function waitingId({ kind, position }: WaitingItem): string {
  return `waiting-${kind}-${position}`
}

/**
 * Her private page's address, opening at what waits on her when it is
 * named. Without a position (a request stored before positions) the page
 * opens at its top, where what waits is shown first anyway.
 */
export function requestPageUrl(
  siteUrl: string,
  token: string,
  waiting?: { kind: WaitingKind; position: number | null | undefined },
): string {
  const page = `${siteUrl}/requests/${token}`
  return waiting?.position
    ? `${page}#${waitingId({ ...waiting, position: waiting.position })}`
    : page
}

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
