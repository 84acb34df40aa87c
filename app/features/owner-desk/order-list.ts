import type { RequestStatus } from '#app/db/schema.ts'
import {
  DISPLAY_STATES,
  type DisplayState,
  isDisplayState,
} from '#app/features/order-status/display-state.ts'
import type { AmountsOwed } from '#app/features/order-status/money-owed.ts'
import { OUTSIDE_DATE_WINDOW, isCalendarDate, isRealDate } from '#app/utils/dates.ts'

/** The states the list filters and counts by: the stored statuses and "accepted, awaiting the deposit". */
export const STATUSES = DISPLAY_STATES
export const SORTS = ['newest', 'due'] as const
export type OrderSort = (typeof SORTS)[number]

/** The list's filters as the page's query string carries them (GET, so they can be shared). */
export interface OrderFilters {
  status: DisplayState | null
  /** YYYY-MM-DD, inclusive */
  from: string | null
  to: string | null
  q: string
  sort: OrderSort
  /** 1 for the first ORDER_PAGE_SIZE rows, and so on. */
  page: number
  /**
   * Only booked requests whose balance is overdue or falls due within
   * BALANCE_REMINDER_DAYS: what Today's "Balances due" counts (`balance=due`).
   */
  balance?: boolean
}

/** Rows a page of the list shows: a phone's few screens, whatever the size of the book. */
export const ORDER_PAGE_SIZE = 50

/**
 * A search counts its matches up to this many, and past it says "more than"
 * (docs/decisions/067): a word the whole book shares, like "gmail", would
 * otherwise read every matching row to count them, where the page needs 50.
 * The whole book and a date range are always counted exactly.
 */
export const SEARCH_COUNT_LIMIT = 200
/** Far past any book's last page; a bound, so no link can ask for an endless skip. */
const MAX_PAGE = 10_000
const MAX_QUERY_LENGTH = 100

/**
 * Reads the filters from the page's URL. Anything it cannot read is left out
 * rather than refused, so a mistyped link still shows the order book, and
 * `problems` says what was ignored.
 */
export function parseOrderFilters(params: URLSearchParams): {
  filters: OrderFilters
  problems: string[]
} {
  const problems: string[] = []
  const status = params.get('status') ?? ''
  const date = (name: 'from' | 'to', label: string) => {
    const value = params.get(name)?.trim() ?? ''
    if (value === '') return null
    if (isCalendarDate(value)) return value
    problems.push(
      isRealDate(value)
        ? `The ${label} date “${value}” is out of range, so it was left out. ${OUTSIDE_DATE_WINDOW}`
        : `The ${label} date “${value.slice(0, 20)}” is not a date, so it was left out.`,
    )
    return null
  }
  let from = date('from', 'from')
  let to = date('to', 'to')
  if (from && to && from > to) [from, to] = [to, from]
  const sort = params.get('sort')
  const pageParam = params.get('page')?.trim() ?? ''
  let page = 1
  if (pageParam !== '') {
    const asked = Number(pageParam)
    if (/^\d{1,6}$/.test(pageParam) && asked >= 1 && asked <= MAX_PAGE) page = asked
    else problems.push(`There is no page “${pageParam.slice(0, 20)}”, so the first is shown.`)
  }
  return {
    filters: {
      status: isDisplayState(status) ? status : null,
      from,
      to,
      q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
      sort: sort === 'due' ? 'due' : 'newest',
      page,
      ...(params.get('balance') === 'due' ? { balance: true } : {}),
    },
    problems,
  }
}

export interface OrderRow {
  id: number
  productType: string
  eventTheme: string
  /** What eventTheme is called (themeLabel): her event, or what she chose at a set price. */
  eventThemeLabel: string
  name: string
  email: string
  /** YYYY-MM-DD */
  dueDate: string
  status: RequestStatus
  /** 'BB-4821': what the customer writes with her e-Transfer; null for requests stored before it. */
  paymentReference: string | null
  /** As the owner reads it (see displayStateOf). */
  state: DisplayState
  /** The deposit had a due date before the bakery's today and is still owed. */
  depositOverdue: boolean
  effort: number
  fulfilment: 'pickup' | 'delivery' | null
  /** The handover window, HH:MM-HH:MM; null when the day has none. */
  window: string | null
  /** ISO timestamp the send arrived. */
  receivedAt: string
  /** What the customer owes in all (price and delivery fee), and what is left of it. */
  money: ({ totalCents: number } & AmountsOwed) | null
  /**
   * The lead of the party it was quoted with, whose row carries the party's
   * money (decision 049); null for a request quoted on its own or a lead.
   */
  partyLeadId?: number | null
}

/** The page's URL for these filters, leaving out what is the default. */
export function orderListHref(filters: Partial<OrderFilters>): string {
  const params = new URLSearchParams()
  if (filters.balance) params.set('balance', 'due')
  if (filters.status) params.set('status', filters.status)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.q) params.set('q', filters.q)
  if (filters.sort && filters.sort !== 'newest') params.set('sort', filters.sort)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  const query = params.toString()
  return `/admin/orders${query ? `?${query}` : ''}`
}
