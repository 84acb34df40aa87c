import { type RefObject, Suspense, lazy, useEffect, useRef } from 'react'
import { FormField } from '#app/components/form-field.tsx'
import type { AvailabilityDay } from '#app/features/availability/availability.ts'
import { formatNearDate, isCalendarDate } from '#app/utils/dates.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useValueBeforeHydration } from '#app/utils/use-value-before-hydration.ts'
import { type DateNote, type DateRules, dateNote } from './date-choice.ts'

// The calendar and its library load when the visitor reaches the date or
// first touches the form, not with the page (docs/decisions/004).
const loadCalendar = () => import('./order-calendar.tsx')
const OrderCalendar = lazy(() =>
  loadCalendar().then(({ OrderCalendar }) => ({ default: OrderCalendar })),
)

interface OrderDateFieldProps {
  /** What an open day means on this form (see dateNote); a request's words unless given. */
  openWords?: string
  /** The field's name and label; the order form's unless given. */
  name?: string
  /** The input's id, for a form repeated on one page; `field-<name>` unless given. */
  id?: string
  label?: string
  hint?: string
  /** The first date the input takes; the rules' today unless given. */
  min?: string
  value: string
  onChange: (date: string) => void
  days: ReadonlyMap<string, AvailabilityDay>
  rules: DateRules
  month: string
  /** The first open day for the chosen treat (null: none; undefined: still looking). */
  nextAvailable?: string | null
  onMonthChange: (month: string) => void
  /** Whether the calendar has been asked for (the form was touched, or the field seen). */
  wanted: boolean
  onWanted: () => void
  error?: string
  /**
   * Whether a treat is chosen: each treat has its own notice, so until one is
   * the calendar cannot say which days can be had, and says so instead.
   */
  treatChosen?: boolean
}

/**
 * 'Order Date': the real date input the form submits (it is what works
 * without JavaScript and on every phone), and with JavaScript a month
 * calendar of the product's open days beside it, with a line saying why a
 * chosen or typed day cannot be had and which day can. The customer's
 * change form on her page uses it too, under its own name and id.
 */
export function OrderDateField({
  name = 'due_date',
  id,
  label = 'Order Date',
  hint = 'Pick an open day in the calendar, or type a date.',
  min,
  value,
  onChange,
  days,
  rules,
  month,
  nextAvailable,
  onMonthChange,
  wanted,
  onWanted,
  error,
  treatChosen = true,
  openWords,
}: OrderDateFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  // Without scripts nothing is checked here ("Checking…" would stay): the server says it on send.
  const hydrated = useHydrated()
  const note = hydrated ? dateNote(value, days, rules, openWords) : null
  const calendarLabel = `${id ?? `field-${name}`}-calendar-label`

  function typed(date: string) {
    onChange(date)
    if (isCalendarDate(date) && date >= rules.today && date <= rules.lastBookable) {
      onMonthChange(date)
    }
  }
  useValueBeforeHydration(inputRef, value, typed)
  const slotRef = useCalendarWhenNear({ wanted, onWanted })

  function choose(date: string) {
    onChange(date)
  }

  return (
    <div className="date-choice sm:col-span-2">
      <DateInputColumn
        field={{ name, id, label, error, hint }}
        min={min ?? rules.today}
        inputRef={inputRef}
        value={value}
        onTyped={typed}
        note={note}
        onSuggestion={(date) => {
          choose(date)
          onMonthChange(date)
        }}
      />
      <CalendarSlot
        slotRef={slotRef}
        labelId={calendarLabel}
        treatChosen={treatChosen}
        wanted={wanted}
        days={days}
        rules={rules}
        value={value}
        month={month}
        nextAvailable={nextAvailable}
        onMonthChange={onMonthChange}
        onPick={choose}
      />
    </div>
  )
}

/** The calendar's place, which asks for the calendar as it scrolls near, even if nothing was touched. */
function useCalendarWhenNear({ wanted, onWanted }: { wanted: boolean; onWanted: () => void }) {
  const slotRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const slot = slotRef.current
    if (wanted || !slot || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onWanted()
      },
      { rootMargin: '200px' },
    )
    observer.observe(slot)
    return () => observer.disconnect()
  }, [wanted, onWanted])
  return slotRef
}

/** The date input the form submits, with the line about the day under it. */
function DateInputColumn({
  field,
  min,
  inputRef,
  value,
  onTyped,
  note,
  onSuggestion,
}: {
  field: Pick<OrderDateFieldProps, 'name' | 'id' | 'label' | 'error' | 'hint'> & {
    name: string
    label: string
  }
  min: string
  inputRef: RefObject<HTMLInputElement | null>
  value: string
  onTyped: (date: string) => void
  note: DateNote | null
  onSuggestion: (date: string) => void
}) {
  return (
    <div className="date-choice-field">
      <FormField {...field}>
        {(props) => (
          <input
            {...props}
            type="date"
            required
            min={min}
            ref={inputRef}
            value={value}
            onChange={(event) => onTyped(event.target.value)}
          />
        )}
      </FormField>
      <DateNoteLine note={note} onSuggestion={onSuggestion} />
    </div>
  )
}

/** Why the chosen day cannot be had, announced, and a button for the day that can. */
function DateNoteLine({
  note,
  onSuggestion,
}: {
  note: DateNote | null
  onSuggestion: (date: string) => void
}) {
  return (
    <>
      <div className="date-note" aria-live="polite">
        {note ? <p className={`date-note-${note.tone}`}>{note.text}</p> : null}
      </div>
      {note?.suggestion ? (
        <button
          type="button"
          className="button-secondary date-suggestion"
          onClick={() => onSuggestion(note.suggestion!)}
        >
          Choose {formatNearDate(note.suggestion)}
        </button>
      ) : null}
    </>
  )
}

/**
 * The month calendar's place beside the input: a word to choose a treat
 * first, the calendar once wanted, and a placeholder of its size until then.
 */
function CalendarSlot({
  slotRef,
  labelId,
  treatChosen,
  wanted,
  value,
  ...calendar
}: Pick<
  OrderDateFieldProps,
  'days' | 'rules' | 'month' | 'nextAvailable' | 'onMonthChange' | 'value'
> & {
  slotRef: RefObject<HTMLDivElement | null>
  labelId: string
  treatChosen: boolean
  wanted: boolean
  onPick: (date: string) => void
}) {
  return (
    <div ref={slotRef} className={`calendar-slot${treatChosen ? '' : ' calendar-slot-waiting'}`}>
      <p id={labelId} className="sr-only">
        Open days for your order
      </p>
      {!treatChosen ? (
        <p className="calendar-first">
          Choose a treat first: the calendar then shows the days we can make it.
        </p>
      ) : wanted ? (
        <Suspense fallback={<div className="calendar-loading" aria-hidden="true" />}>
          <OrderCalendar
            days={calendar.days}
            rules={calendar.rules}
            selected={isCalendarDate(value) ? value : ''}
            month={calendar.month}
            nextAvailable={calendar.nextAvailable}
            onMonthChange={calendar.onMonthChange}
            onPick={calendar.onPick}
            labelledBy={labelId}
          />
        </Suspense>
      ) : (
        <div className="calendar-loading" aria-hidden="true" />
      )}
    </div>
  )
}
