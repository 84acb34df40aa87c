/**
 * What waits on the customer on her private page (accept a quote, pay,
 * answer a design proof) is shown first, each in a card of its own: the
 * card's id, and her page's address opening at it, are what the emails
 * that ask her to act link to. Pure and browser-safe.
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
