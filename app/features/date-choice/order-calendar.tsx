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
  const tapped = useTappedDay(days, rules)
  return (
    <div className="order-calendar">
      <NextAvailable date={nextAvailable} />
      <MonthGrid
        days={days}
        rules={rules}
        selected={selected}
        month={month}
        labelledBy={labelledBy}
        onMonthChange={(shown) => {
          tapped.clear()
          onMonthChange(shown)
        }}
        onSelect={(iso) => {
          // An unavailable day stays tappable, so a finger learns why it cannot be had.
          if (tapped.tap(iso)) return
          onPick(iso)
        }}
      />
      <p className="calendar-tapped" aria-live="polite">
        {tapped.note}
      </p>
      <CalendarLegend />
    </div>
  )
}

/** The unavailable day she last tapped, and the words that say why it cannot be had. */
function useTappedDay(days: ReadonlyMap<string, AvailabilityDay>, rules: DateRules) {
  const [tapped, setTapped] = useState<string | null>(null)
  return {
    note: tapped ? tappedDayNote(tapped, days, rules) : null,
    clear: () => setTapped(null),
    /** Keeps `iso` when it cannot be had (true), else forgets the last one tapped (false). */
    tap: (iso: string) => {
      const cannot = Boolean(tappedDayNote(iso, days, rules))
      setTapped(cannot ? iso : null)
      return cannot
    },
  }
}

/** The first open day for the chosen treat, or that there is none. */
function NextAvailable({ date }: { date: string | null | undefined }) {
  return (
    <p className="calendar-next" aria-live="polite">
      {date ? (
        <>
          Next available: <strong>{formatNearDate(date)}</strong>
        </>
      ) : date === null ? (
        'No open days yet in the months we book. Please write to us.'
      ) : null}
    </p>
  )
}

/** The month's days, each kind of unavailable day marked its own way and named with its reason. */
function MonthGrid({
  days,
  rules,
  selected,
  month,
  labelledBy,
  onMonthChange,
  onSelect,
}: {
  days: ReadonlyMap<string, AvailabilityDay>
  rules: DateRules
  selected: string
  month: string
  labelledBy: string
  onMonthChange: (month: string) => void
  onSelect: (date: string) => void
}) {
  const kindOf = (date: Date) => dayKind(isoDateOf(date), days, rules)
  const is = (kind: DayKind) => (date: Date) => kindOf(date) === kind
  return (
    <DayPicker
      mode="single"
      required
      aria-labelledby={labelledBy}
      navLayout="around"
      weekStartsOn={0}
      today={localDateOf(rules.today)}
      selected={selected ? localDateOf(selected) : undefined}
      month={localDateOf(month)}
      onMonthChange={(shown) => onMonthChange(isoDateOf(shown))}
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
      onSelect={(date) => onSelect(isoDateOf(date))}
    />
  )
}

/** What each look of a day means. */
function CalendarLegend() {
  return (
    <ul className="calendar-legend" aria-label="What the days show">
      {LEGEND.map(({ status, label }) => (
        <li key={status}>
          <span className={`legend-swatch legend-${status}`} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  )
}

/** A day's button; one that cannot be had says so to assistive technology, yet answers a tap. */
function CalendarDayButton(props: DayButtonProps) {
  return <DayButton {...props} aria-disabled={props.modifiers.unavailable || undefined} />
}
