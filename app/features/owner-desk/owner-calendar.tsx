import { Link } from 'react-router'
import { formatDeliveryAddress, handoverLabel } from '#app/features/order-book/handover.ts'
import { STATUS_LABELS } from '#app/features/order-status/order-status.ts'
import { servingsPhrase } from '#app/features/order-status/servings.ts'
import { ApprovedProofFigure, ownerProofSrc } from '#app/features/proofs/approved-proof.tsx'
import type { ApprovedProof } from '#app/features/proofs/proof-rules.ts'
import { calendarDayFormat, formatCalendarDate, formatShortDateRange } from '#app/utils/dates.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import type { BakeListItem, CalendarDay, CalendarMonth } from './owner-calendar.server.ts'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const monthName = () => calendarDayFormat({ month: 'long', year: 'numeric' })
const shortMonthName = () => calendarDayFormat({ month: 'short' })

/** 'December 2026' for '2026-12'. */
export function formatMonth(month: string): string {
  return monthName().format(new Date(`${month}-01T00:00:00Z`))
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** What a screen reader hears for a day: everything the cell shows in small marks, in words. */
function describeDay(day: CalendarDay, selected: boolean): string {
  const parts = [formatCalendarDate(day.date)]
  if (day.isToday) parts.push('today')
  if (selected) parts.push('selected')
  if (day.closed) {
    const note = day.closed.kind === 'period' && day.closed.note ? `: ${day.closed.note}` : ''
    parts.push(`closed${note}`)
  }
  if ((day.capacity > 0 && !day.closed) || day.booked > 0)
    parts.push(`${day.booked} of ${day.capacity} booked`)
  if (day.held > 0) parts.push(plural(day.held, 'request held', 'requests held'))
  return parts.join(', ')
}

function dayLink(month: string, date: string) {
  return `?month=${month}&day=${date}#bake-list`
}

function DayCell({ day, month, selected }: { day: CalendarDay; month: string; selected: boolean }) {
  const dayNumber = Number(day.date.slice(8))
  if (!day.inMonth) {
    // Days of the months either side only pad the weeks; they are read in their own month.
    return (
      <td className="owner-day-outside">
        <span aria-hidden="true">{dayNumber}</span>
      </td>
    )
  }
  const full = day.capacity > 0 && day.booked >= day.capacity
  return (
    <td>
      <Link
        to={dayLink(month, day.date)}
        className="owner-day"
        data-closed={day.closed ? '' : undefined}
        data-full={full ? '' : undefined}
        data-today={day.isToday ? '' : undefined}
        data-selected={selected ? '' : undefined}
        aria-current={day.isToday ? 'date' : undefined}
      >
        <span className="sr-only">{describeDay(day, selected)}</span>
        <span aria-hidden="true" className="owner-day-body">
          <span className="flex items-baseline justify-between gap-1">
            <span className="owner-day-number">{dayNumber}</span>
            {day.isToday ? <span className="owner-day-today">Today</span> : null}
          </span>
          {day.closed ? <span className="owner-day-closed">Closed</span> : null}
          {day.closed?.kind === 'period' && day.closed.note ? (
            <span className="owner-day-note">{day.closed.note}</span>
          ) : null}
          {/* A closed day shows its effort only when something is still booked on it. */}
          {(day.capacity > 0 && !day.closed) || day.booked > 0 ? (
            <span className="owner-day-effort" data-empty={day.booked === 0 ? '' : undefined}>
              {day.booked} / {day.capacity}
            </span>
          ) : null}
          {day.held > 0 ? (
            <span className="owner-day-held">
              <span className="owner-day-held-count">{day.held}</span>
              <span className="owner-day-held-word">
                {day.held === 1 ? ' request' : ' requests'}
              </span>
            </span>
          ) : null}
        </span>
      </Link>
    </td>
  )
}

/** The month's grid: a table with a header per weekday, one link per day to its bake list. */
export function OwnerCalendarMonth({
  calendar,
  selectedDay,
}: {
  calendar: CalendarMonth
  selectedDay: string | null
}) {
  const monthLabel = formatMonth(calendar.month)
  const shortMonth = (month: string) => shortMonthName().format(new Date(`${month}-01T00:00:00Z`))
  return (
    <div className="card mt-6 p-2 sm:p-6">
      <nav
        aria-label="Months"
        className="flex items-center justify-between gap-2 px-1 pt-1 sm:px-0 sm:pt-0"
      >
        <Link to={`?month=${calendar.previous}`} className="filter-chip shrink-0 whitespace-nowrap">
          {/* The visible month starts the name, so voice control finds it by what it shows. */}
          <span aria-hidden="true">‹ </span>
          {shortMonth(calendar.previous)}
          <span className="sr-only">, previous month: {formatMonth(calendar.previous)}</span>
        </Link>
        <h2 id="calendar-month" className="text-center font-display text-lg font-bold sm:text-2xl">
          {monthLabel}
        </h2>
        <Link to={`?month=${calendar.next}`} className="filter-chip shrink-0 whitespace-nowrap">
          {shortMonth(calendar.next)}
          <span className="sr-only">, next month: {formatMonth(calendar.next)}</span>
          <span aria-hidden="true"> ›</span>
        </Link>
      </nav>
      <table className="owner-calendar mt-4" aria-labelledby="calendar-month">
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday} scope="col">
                <abbr title={weekday} className="no-underline">
                  {weekday.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => (
                <DayCell
                  key={day.date}
                  day={day}
                  month={calendar.month}
                  selected={day.date === selectedDay}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="calendar-legend" aria-label="How to read the calendar">
        <li>
          <span className="owner-legend-effort" aria-hidden="true">
            3 / 4
          </span>
          effort booked of the day’s capacity
        </li>
        <li>
          <span className="owner-day-held-count" aria-hidden="true">
            2
          </span>
          requests holding the day
        </li>
        <li>
          <span className="owner-legend-closed" aria-hidden="true" />
          closed
        </li>
      </ul>
    </div>
  )
}

/** The month's closed days in words, with the owner's own notes. */
export function ClosedThisMonth({ calendar }: { calendar: CalendarMonth }) {
  if (calendar.closedPeriods.length === 0 && calendar.closedWeekdays.length === 0) return null
  const weekdays = calendar.closedWeekdays.map((weekday) => `${WEEKDAYS[weekday]}s`)
  return (
    <section aria-labelledby="closed-heading" className="mt-8">
      <h2 id="closed-heading" className="section-heading">
        Closed in {formatMonth(calendar.month)}
      </h2>
      <ul className="mt-3 space-y-2">
        {weekdays.length > 0 ? (
          <li>
            Every week:{' '}
            <strong>
              {weekdays.length > 1
                ? `${weekdays.slice(0, -1).join(', ')} and ${weekdays.at(-1)}`
                : weekdays[0]}
            </strong>
          </li>
        ) : null}
        {calendar.closedPeriods.map((period) => (
          <li key={period.id}>
            <strong>{formatShortDateRange(period.start, period.end)}</strong>
            {period.note ? ` — ${period.note}` : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** One day's bake list: what to make, for whom, and what to keep out of it. */
export function BakeList({
  date,
  day,
  items,
  id = 'bake-list',
  eyebrow = 'Bake list',
  approvedProofs = {},
}: {
  date: string
  day: CalendarDay | undefined
  items: BakeListItem[]
  /** Each request's approved design proof, by request id (features/proofs). */
  approvedProofs?: Record<number, ApprovedProof>
  /** The section's id, unique on the page (the Today page shows two days). */
  id?: string
  eyebrow?: string
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-10 scroll-mt-24">
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={`${id}-heading`} className="section-heading mt-1">
        {formatCalendarDate(date)}
      </h2>
      {day ? <BakeDaySummary day={day} count={items.length} /> : null}
      {items.length === 0 ? (
        <p className="card mt-4 p-5">Nothing is due this day.</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {items.map((item) => (
            <BakeItemCard key={item.id} item={item} proof={approvedProofs[item.id]} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** Whether the day is closed, how much of its effort is booked and how many requests it holds. */
function BakeDaySummary({ day, count }: { day: CalendarDay; count: number }) {
  return (
    <p className="mt-2">
      {day.closed
        ? `Closed${day.closed.kind === 'period' && day.closed.note ? ` — ${day.closed.note}` : ''}. `
        : ''}
      {day.booked} of {day.capacity} effort booked ·{' '}
      {plural(count, 'request to make', 'requests to make')}
    </p>
  )
}

/** One request to make: the treat, its allergies, its facts, its approved proof and its link. */
function BakeItemCard({ item, proof }: { item: BakeListItem; proof: ApprovedProof | undefined }) {
  return (
    <li className="card bake-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-display text-xl font-bold">
          {item.product}
          {item.servings ? (
            <span className="font-sans text-base font-bold text-chocolate">
              {' '}
              · {servingsPhrase(item.servings)}
            </span>
          ) : null}
        </h3>
        <span className={`request-status-badge request-status-${item.status}`}>
          {STATUS_LABELS[item.status]}
        </span>
      </div>
      {item.allergies ? (
        <p className="allergy-callout mt-3">
          <strong>Allergies:</strong> {item.allergies}
        </p>
      ) : (
        <p className="mt-3 text-sm font-bold text-chocolate">No allergies noted</p>
      )}
      <BakeItemFacts item={item} />
      {proof ? <ApprovedProofFigure className="mt-3" proof={proof} src={ownerProofSrc} /> : null}
      <Link to={`/admin/orders/${item.id}`} className="text-link mt-4 inline-block">
        Open request #{item.id}
        <span className="sr-only"> for {item.name}</span>
      </Link>
    </li>
  )
}

/** Who it is for, how it is handed over, where it goes, its theme and her phone. */
function BakeItemFacts({ item }: { item: BakeListItem }) {
  return (
    <dl className="bake-facts mt-3">
      <dt>Customer</dt>
      <dd>{item.name}</dd>
      <dt>Handover</dt>
      <dd>
        {item.window ? (
          <strong>{handoverLabel(item.fulfilment, item.window)}</strong>
        ) : (
          handoverLabel(item.fulfilment, item.window)
        )}
      </dd>
      {formatDeliveryAddress(item.delivery) ? (
        <>
          <dt>Deliver to</dt>
          <dd>
            {formatDeliveryAddress(item.delivery)}
            {item.delivery.notes ? (
              <span className="block text-sm">{item.delivery.notes}</span>
            ) : null}
          </dd>
        </>
      ) : null}
      {item.eventTheme ? (
        <>
          <dt>{item.eventThemeLabel}</dt>
          <dd>{item.eventTheme}</dd>
        </>
      ) : null}
      <dt>Phone</dt>
      <dd>
        <a href={`tel:${item.phone.replace(/[^\d+]/g, '')}`} className="text-link">
          {formatPhoneNumber(item.phone)}
        </a>
      </dd>
    </dl>
  )
}
