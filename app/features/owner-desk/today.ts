/**
 * What the Today page's lists share, on the server and in the browser: the
 * shape of a list, how much of it shows, and the lists only Today holds,
 * which open there in full.
 */

/** A request as the Today page lists it: whose, what and for when, with a link by id. */
export interface TodayRequest {
  id: number
  name: string
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
}

/** One of the page's lists: its first items, and how many there are in all. */
export interface TodayList<T> {
  items: T[]
  total: number
}

/**
 * The most items a list shows: a glance, not the order book. The rest are
 * one tap away in the order list, filtered to the same state, or on Today
 * itself for the lists no other page holds.
 */
export const TODAY_LIST_LIMIT = 10

/**
 * The lists no other page holds whole (card payments to look at, customers'
 * changes and cancellations, proofs to send again): `/admin?all=<list>`
 * shows one of them up to TODAY_FULL_LIMIT.
 */
export const TODAY_FULL_LISTS = ['cards', 'changes', 'proofs'] as const
export type TodayFullList = (typeof TODAY_FULL_LISTS)[number]

/** Still a bound: a list this long is a day's work, and the page stays one query a list. */
export const TODAY_FULL_LIMIT = 50

/** Each list's heading, the page's anchor for it. */
export const TODAY_HEADINGS = {
  cards: 'card-look-heading',
  changes: 'changes-heading',
  proofs: 'proof-answers-heading',
} as const satisfies Record<TodayFullList, string>

/** The list the page's address asks to see whole (`?all=changes`); null for none or a stray word. */
export function readFullList(params: URLSearchParams): TodayFullList | null {
  const asked = params.get('all')
  return TODAY_FULL_LISTS.find((list) => list === asked) ?? null
}

/** Today with one of its lists whole, opened at that list. */
export function todayFullHref(list: TodayFullList): string {
  return `/admin?all=${list}#${TODAY_HEADINGS[list]}`
}
