import { DayPicker } from 'react-day-picker'
import type { AvailabilityDay, DayStatus } from '#app/features/availability/availability.ts'
import {
  type DateRules,
  dayLabel,
  dayReason,
  isoDateOf,
  knownDay,
  localDateOf,
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
 * arrow-key navigation). Days that cannot be picked are disabled and say why
 * in their accessible names; picking a day hands it to the date field.
 * Loaded on demand by OrderDateField, with the library, so the page's first
 * load does not carry it.
 */
export function OrderCalendar({
  days,
  rules,
  selected,
  month,
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
  onMonthChange: (month: string) => void
  onPick: (date: string) => void
  labelledBy: string
}) {
  const statusOf = (date: Date) => knownDay(isoDateOf(date), days, rules)?.status ?? 'open'
  const is = (status: DayStatus) => (date: Date) => statusOf(date) === status
  return (
    <div className="order-calendar">
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
        disabled={(date) => statusOf(date) !== 'open'}
        modifiers={{ full: is('full'), closed: is('closed'), tooSoon: is('too-soon') }}
        modifiersClassNames={{ full: 'day-full', closed: 'day-closed', tooSoon: 'day-too-soon' }}
        labels={{
          labelDayButton: (date, modifiers) => {
            const iso = isoDateOf(date)
            const label = dayLabel(iso, dayReason(knownDay(iso, days, rules), rules))
            return modifiers.selected ? `${label}, selected` : label
          },
        }}
        onSelect={(date) => {
          if (date) onPick(isoDateOf(date))
        }}
      />
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
