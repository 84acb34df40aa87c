import { useState } from 'react'
import { DayButton, type DayButtonProps, DayPicker } from 'react-day-picker'
import type { AvailabilityDay, DayStatus } from '#app/features/availability/availability.ts'
import { formatNearDate } from '#app/utils/dates.ts'
import {
  type DateRules,
  type DayKind,
  dayKind,
  dayLabel,
  dayReason,
  isoDateOf,
  localDateOf,
  tappedDayNote,
} from './date-choice.ts'

/** How each kind of day looks in the calendar and its legend. */
const LEGEND: { status: DayStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'full', label: 'Fully booked' },
  { status: 'closed', label: 'Closed' },
  { status: 'too-soon', label: 'Needs more notice' },
]

/**
 * The month grid of the date choice (react-day-picker: a labelled grid with
 * arrow-key navigation), with the first open day for the chosen treat above
 * it. Days that cannot be had look quiet, each kind its own way, and say why
 * in their accessible names; tapping one says why in words under the grid
 * instead of choosing it. Picking an open day hands it to the date field.
 * Loaded on demand by OrderDateField, with the library, so the page's first
 * load does not carry it.
 */
export function OrderCalendar({
  days,
  rules,
  selected,
  month,
  nextAvailable,
  onMonthChange,
  onPick,
  labelledBy,
}: {
  days: ReadonlyMap<string, AvailabilityDay>
  rules: DateRules
  /** The field's date (YYYY-MM-DD), or '' for none. */
  selected: string
  /** Any date in the month shown. */
  month: string
  /** The first open day for the treat; null when none is, undefined while looking. */
  nextAvailable: string | null | undefined
  onMonthChange: (month: string) => void
  onPick: (date: string) => void
  labelledBy: string
}) {
  const [tapped, setTapped] = useState<string | null>(null)
  const kindOf = (date: Date) => dayKind(isoDateOf(date), days, rules)
  const is = (kind: DayKind) => (date: Date) => kindOf(date) === kind
  const tappedNote = tapped ? tappedDayNote(tapped, days, rules) : null
  return (
    <div className="order-calendar">
      <p className="calendar-next" aria-live="polite">
        {nextAvailable ? (
          <>
            Next available: <strong>{formatNearDate(nextAvailable)}</strong>
          </>
        ) : nextAvailable === null ? (
          'No open days yet in the months we book. Please write to us.'
        ) : null}
      </p>
      <DayPicker
        mode="single"
        required
        aria-labelledby={labelledBy}
        navLayout="around"
        weekStartsOn={0}
        today={localDateOf(rules.today)}
        selected={selected ? localDateOf(selected) : undefined}
        month={localDateOf(month)}
        onMonthChange={(shown) => {
          setTapped(null)
          onMonthChange(isoDateOf(shown))
        }}
        startMonth={localDateOf(rules.today)}
        endMonth={localDateOf(rules.lastBookable)}
        modifiers={{
          unavailable: (date) => (kindOf(date) ?? 'open') !== 'open',
          past: is('past'),
          full: is('full'),
          closed: is('closed'),
          tooSoon: is('too-soon'),
        }}
        modifiersClassNames={{
          unavailable: 'day-unavailable',
          past: 'day-past',
          full: 'day-full',
          closed: 'day-closed',
          tooSoon: 'day-too-soon',
        }}
        components={{ DayButton: CalendarDayButton }}
        labels={{
          labelDayButton: (date, modifiers) => {
            const iso = isoDateOf(date)
            const label = dayLabel(iso, dayReason(iso, days, rules))
            return modifiers.selected ? `${label}, selected` : label
          },
        }}
        onSelect={(date) => {
          const iso = isoDateOf(date)
          // An unavailable day stays tappable, so a finger learns why it cannot be had.
          if (tappedDayNote(iso, days, rules)) return setTapped(iso)
          setTapped(null)
          onPick(iso)
        }}
      />
      <p className="calendar-tapped" aria-live="polite">
        {tappedNote}
      </p>
      <ul className="calendar-legend" aria-label="What the days show">
        {LEGEND.map(({ status, label }) => (
          <li key={status}>
            <span className={`legend-swatch legend-${status}`} aria-hidden="true" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** A day's button; one that cannot be had says so to assistive technology, yet answers a tap. */
function CalendarDayButton(props: DayButtonProps) {
  return <DayButton {...props} aria-disabled={props.modifiers.unavailable || undefined} />
}
