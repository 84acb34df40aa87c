import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  parseCalendarQuery,
  readBakeList,
  readCalendarMonth,
} from '#app/features/owner-desk/owner-calendar.server.ts'
import {
  BakeList,
  ClosedThisMonth,
  OwnerCalendarMonth,
} from '#app/features/owner-desk/owner-calendar.tsx'
import { approvedProofsFor } from '#app/features/proof-steps/proof-steps.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import type { Route } from './+types/admin.calendar'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Calendar', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb()
  const today = bakeryToday()
  const query = parseCalendarQuery(new URL(request.url), today)
  const [calendar, bakeList] = await Promise.all([
    readCalendarMonth(db, { month: query.month, today }),
    query.day ? readBakeList(db, query.day) : Promise.resolve(null),
  ])
  const body = {
    calendar,
    day: query.day,
    bakeList,
    approvedProofs: await approvedProofsFor(db, bakeList?.map((item) => item.id) ?? []),
    problem: query.ok ? null : query.error,
  }
  // A month or day that cannot be read still shows this month, with the reason, as a 400.
  return data(body, { status: query.ok ? 200 : 400 })
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { calendar, day, bakeList, problem } = loaderData
  const selected = day
    ? calendar.weeks.flat().find((candidate) => candidate.date === day)
    : undefined
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Calendar</h1>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="lede">What each day holds. Choose a day for its bake list.</p>
        <div className="flex flex-wrap gap-2">
          <a
            href={`?month=${calendar.today.slice(0, 7)}&day=${calendar.today}#bake-list`}
            className="filter-chip"
          >
            Today
          </a>
          <a href="/admin/orders.csv" className="filter-chip" download>
            Download CSV<span className="sr-only"> of every order</span>
          </a>
        </div>
      </div>
      {problem ? (
        <p className="status-error mt-4" role="alert">
          {problem}
        </p>
      ) : null}
      <OwnerCalendarMonth calendar={calendar} selectedDay={day} />
      {day && bakeList ? (
        <BakeList
          date={day}
          day={selected}
          items={bakeList}
          approvedProofs={loaderData.approvedProofs}
        />
      ) : null}
      <ClosedThisMonth calendar={calendar} />
    </section>
  )
}
