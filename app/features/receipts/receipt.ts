/**
 * A request's receipt, every amount and date written out (the order book
 * fills it in, receipt.server.ts). The HTML page and the PDF show the same.
 * The browser may load this file.
 */
export interface Receipt {
  /** 'R-0042': assigned once, never reused. */
  number: string
  /** The request's place in its send, for a link to this receipt alone. */
  position: number
  /** The day it was printed, as people write it. */
  issuedOn: string
  /**
   * The bakery as a customer may know it: never the private street.
   * `place` is her address's public part ('Vancouver, BC V5K 0A1'), or
   * where she says she bakes; empty when she has said neither.
   */
  bakery: { name: string; owner: string; email: string; place: string }
  customer: { name: string; email: string }
  /** 'BB-4821'; null for requests stored before references. */
  reference: string | null
  /** Where the request stands: 'Confirmed', 'Cancelled'… */
  status: string
  /** What was ordered: the treat (its date and servings) at the quote's price, and any delivery fee. */
  lines: { description: string; detail: string; amount: string }[]
  /** The quote's total: the price and any delivery fee. */
  price: string
  /**
   * '$60' with 'due Tuesday, December 1, 2026'; 'Waived' or 'None' with no
   * note. Labelled 'Deposit', or 'Full payment' when it is the whole total
   * (depositWord), and then there is no balance (null).
   */
  deposit: { label: string; amount: string; note: string | null }
  balance: { amount: string; note: string | null } | null
  payments: { on: string; method: string; amount: string }[]
  refunds: { on: string; method: string; amount: string; reason: string }[]
  /** What the payments came to. */
  received: string
  /** What was handed back; null when nothing was. */
  refunded: string | null
  /** What is paid: received less refunded. */
  paid: string
  stillOwed: string
}

/** The line under the bakery's name: who, how to write, and where when she says. */
export function bakeryLineOf(bakery: Receipt['bakery']): string {
  return [bakery.owner, bakery.email, bakery.place].filter(Boolean).join(' · ')
}

/** The receipt's address beside a private link: all its paid requests, or one by its place in the send. */
export function receiptPath(token: string, position?: number): string {
  return `/requests/${token}/receipt${position === undefined ? '' : `?request=${position}`}`
}

/** The PDF's address beside the page's. */
export function receiptPdfPath(token: string, position?: number): string {
  return `/requests/${token}/receipt.pdf${position === undefined ? '' : `?request=${position}`}`
}

/** Reads `?request=<position>`: a small whole number, or null for every paid request. */
export function receiptPosition(url: URL): number | null | undefined {
  const value = url.searchParams.get('request')
  if (value === null) return null
  // Anything else is no request of this link: the page answers 404.
  return /^\d{1,3}$/.test(value) ? Number(value) : undefined
}
