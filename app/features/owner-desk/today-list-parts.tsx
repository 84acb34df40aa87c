import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { DisplayState } from '#app/features/order-status/display-state.ts'
import { formatCount } from '#app/utils/count.ts'
import { formatCalendarDate, formatShortDateRange } from '#app/utils/dates.ts'
import { orderListHref } from './order-list.ts'
import { type TodayFullList, type TodayList, type TodayRequest, todayFullHref } from './today.ts'

/** A day as the Today page's lines say it: "Dec 1". */
export const shortDate = (date: string) => formatShortDateRange(date, date)

/** One list of the Today page, with what it says when there is nothing in it. */
export function TodaySection({
  id,
  title,
  count,
  overdue = 0,
  empty,
  more,
  children,
}: {
  id: string
  title: string
  count: number
  /** How many of them are past their date, said beside the count. */
  overdue?: number
  empty: string
  more?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="section-heading">
        {title} <span className="today-count">{formatCount(count)}</span>
        {overdue > 0 ? (
          <>
            {' '}
            <span className="today-count today-overdue">{formatCount(overdue)} overdue</span>
          </>
        ) : null}
      </h2>
      {count === 0 ? <p className="card mt-4 p-5">{empty}</p> : children}
      {more ? <p className="mt-1">{more}</p> : null}
    </section>
  )
}

/** The link to the rest of a list the page shows only the first of, or nothing when it shows all. */
export function SeeAll({
  list,
  status,
  href = orderListHref({ status }),
  where = 'Orders',
}: {
  list: TodayList<unknown>
  status?: DisplayState
  /** The list filtered to what this one counts, when a status alone does not say it. */
  href?: string
  /** The page it opens. */
  where?: string
}) {
  if (list.total <= list.items.length) return null
  return (
    <Link to={href} className="text-link inline-block py-3">
      See all {formatCount(list.total)} in {where}
    </Link>
  )
}

/**
 * The rest of a list only Today holds: a link to it whole, or, once whole
 * and still longer than a page may be, how many wait beyond it.
 */
export function SeeAllHere({
  list,
  name,
  full,
}: {
  list: TodayList<unknown>
  name: TodayFullList
  full: TodayFullList | null
}) {
  const rest = list.total - list.items.length
  if (rest <= 0) return null
  if (full === name) {
    return (
      <span className="inline-block py-3">
        {formatCount(rest)} more after these: they show here as you deal with these.
      </span>
    )
  }
  return (
    <Link to={todayFullHref(name)} className="text-link inline-block py-3">
      See all {formatCount(list.total)} ({formatCount(rest)} more)
    </Link>
  )
}

/** A request on one line of a list: the whole row is its link, for a thumb. */
export function RequestItem({
  request,
  at = '',
  children,
}: {
  request: TodayRequest
  /** Where on the order's page she acts on it: '#change-heading'. */
  at?: string
  children: ReactNode
}) {
  return (
    <li className="card today-item">
      <Link to={`/admin/orders/${request.id}${at}`} className="today-item-link">
        <span className="font-bold">
          {request.productType} for {request.name}
        </span>
        <span className="text-sm">
          Due {formatCalendarDate(request.dueDate)} · {children}
        </span>
      </Link>
    </li>
  )
}
