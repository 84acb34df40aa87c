import { useCallback, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { type AvailabilityDay } from '#app/features/availability/availability.ts'
import { type DateRules } from '#app/features/date-choice/date-choice.ts'
import { OrderDateField } from '#app/features/date-choice/order-date-field.tsx'
import { useAvailability, useNextAvailable } from '#app/features/date-choice/use-availability.ts'
import { DETAIL_FIELDS, type DetailField } from '#app/features/order-book/change-parts.ts'
import { PickupWindowField } from '#app/features/orders/handover-fields.tsx'
import { ORDER_LIMITS } from '#app/features/orders/order-options.ts'
import { WEEKDAY_NAMES, weekdayOf } from '#app/utils/calendar-days.ts'
import { isCalendarDate } from '#app/utils/dates.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type {
  ChangeMember,
  SelfServiceEntry,
  SelfServiceView,
  PostedChange,
} from './self-service.ts'

/** How the change form asks for each detail, as the order form does. */
const DETAIL_INPUTS: Record<DetailField, { label: string; optional: boolean }> = {
  // Named as her page names it: member.eventThemeLabel.
  event_theme: { label: 'Event/Theme', optional: false },
  servings: { label: 'Servings or quantity', optional: true },
  allergies: { label: 'Allergies or dietary needs', optional: true },
  comments: { label: 'Comments', optional: true },
}

/**
 * "Ask for a change" (decisions 054 and 081): what the order form offers,
 * filled in with her order as it is. With JavaScript, the treat's open days
 * in the order form's calendar and the chosen day's own times; without it,
 * the date input and the times of the day the server knows (her date, or
 * the one she sent when it was refused), the server refusing a time that
 * day does not have. Then each request's details and her words. Whatever
 * she leaves as it is stays.
 */
export function ChangeForm({
  position,
  action,
  entry,
  view,
  posted,
  fieldError,
}: {
  position: number
  /** Where it posts: her page's `?change`, opening at the panel's answer. */
  action: string
  entry: SelfServiceEntry
  view: ChangeView
  /** What she sent when it was refused, to fill the form again. */
  posted?: PostedChange
  /** The field a refusal is about, and why. */
  fieldError?: { name: string; message: string }
}) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('request') === String(position)
  const day = useNewDay({ entry, view, posted })
  const id = (name: string) => `change-${position}-${name}`
  const errorOf = (name: string) => (fieldError?.name === name ? fieldError.message : undefined)
  return (
    <Form
      method="post"
      action={action}
      replace
      preventScrollReset
      className="mt-4 grid gap-5"
      onFocus={day.wantCalendar}
    >
      <input type="hidden" name="intent" value="ask-change" />
      <input type="hidden" name="request" value={position} />
      {entry.differentDays ? (
        <p className="form-hint">
          Your orders are on different days: for new dates, please write to us.
        </p>
      ) : (
        <NewDayFields id={id} entry={entry} view={view} posted={posted} day={day} />
      )}
      {entry.members.map((member) => (
        <MemberDetails
          key={member.position}
          member={member}
          party={entry.members.length > 1}
          id={id}
          posted={posted}
          errorOf={errorOf}
        />
      ))}
      <AnythingElseField
        id={id('details')}
        maxLength={view.detailsMax}
        defaultValue={posted?.details ?? ''}
      />
      <div>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send my request'}
        </button>
      </div>
    </Form>
  )
}

type ChangeView = Pick<SelfServiceView, 'weekly' | 'lastBookable' | 'minDate' | 'detailsMax'>

/**
 * The day she moves to: her date (or the one she sent when it was refused),
 * the month the calendar shows, and the treat's open days, asked for once
 * she touches the form.
 */
function useNewDay({
  entry,
  view,
  posted,
}: {
  entry: SelfServiceEntry
  view: ChangeView
  posted?: PostedChange
}) {
  const postedDate = posted?.new_date && isCalendarDate(posted.new_date) ? posted.new_date : null
  const [date, setDate] = useState(postedDate ?? entry.currentDate)
  const [month, setMonth] = useState(date)
  const [calendarWanted, setCalendarWanted] = useState(false)
  const wantCalendar = useCallback(() => setCalendarWanted(true), [])
  // A change is for a day after today: the calendar counts from tomorrow.
  const rules: DateRules = {
    today: view.minDate,
    lastBookable: view.lastBookable,
    noticeDays: entry.noticeDays,
  }
  const loaded = useAvailability({
    product: entry.product,
    month,
    extraDate: isCalendarDate(date) && date >= view.minDate ? date : undefined,
    enabled: calendarWanted,
  })
  const nextAvailable = useNextAvailable({
    product: entry.product,
    today: view.minDate,
    lastBookable: view.lastBookable,
    enabled: calendarWanted,
  })
  const days = withHerOwnPlace(loaded, entry)
  return {
    postedDate,
    date,
    setDate,
    month,
    setMonth,
    calendarWanted,
    wantCalendar,
    rules,
    days,
    nextAvailable,
  }
}

/** Her new date, in the order form's date field, and the time on it. */
function NewDayFields({
  id,
  entry,
  view,
  posted,
  day,
}: {
  id: (name: string) => string
  entry: SelfServiceEntry
  view: ChangeView
  posted?: PostedChange
  day: ReturnType<typeof useNewDay>
}) {
  const hydrated = useHydrated()
  const { date, days } = day
  // Without JavaScript, the times of the day the server knows; the server says which the sent date has.
  const knownWeekday = weekdayOf(day.postedDate ?? entry.currentDate)
  const weekly = hydrated
    ? view.weekly
    : view.weekly.filter((window) => window.weekday === knownWeekday)
  return (
    <>
      {/* Its own box: the order form's date spans that form's two columns. */}
      <div>
        <OrderDateField
          name="new_date"
          id={id('new_date')}
          label="Date"
          hint="Your date as it is now: keep it, or choose another open day."
          min={view.minDate}
          value={date}
          onChange={day.setDate}
          days={days}
          rules={day.rules}
          month={day.month}
          nextAvailable={day.nextAvailable}
          onMonthChange={day.setMonth}
          wanted={day.calendarWanted}
          onWanted={day.wantCalendar}
        />
      </div>
      <PickupWindowField
        name="new_window"
        id={id('new_window')}
        hint={`The times of ${WEEKDAY_NAMES[knownWeekday]}s. Moving to another day of the week? Send it, and we show that day’s times if it has any.`}
        hydrated={hydrated}
        dueDate={isCalendarDate(date) ? date : ''}
        day={days.get(date)}
        weekly={weekly}
        delivery={entry.delivery}
        defaultValue={posted ? (posted.new_window ?? '') : (entry.currentWindow ?? '')}
      />
    </>
  )
}

/** One request's details, filled in as they are; a party's each under its treat. */
function MemberDetails({
  member,
  party,
  id,
  posted,
  errorOf,
}: {
  member: ChangeMember
  party: boolean
  id: (name: string) => string
  posted?: PostedChange
  errorOf: (name: string) => string | undefined
}) {
  const fields = DETAIL_FIELDS.map((detail) => {
    const name = `${detail}_${member.position}`
    const { optional } = DETAIL_INPUTS[detail]
    const label = detail === 'event_theme' ? member.eventThemeLabel : DETAIL_INPUTS[detail].label
    const value = posted?.[name] ?? member.details[detail]
    return (
      <FormField
        key={detail}
        name={name}
        id={id(name)}
        label={label}
        optional={optional}
        error={errorOf(name)}
      >
        {(props) =>
          detail === 'comments' ? (
            <textarea {...props} rows={3} maxLength={ORDER_LIMITS.comments} defaultValue={value} />
          ) : (
            <input
              {...props}
              required={!optional}
              maxLength={ORDER_LIMITS[detail]}
              defaultValue={value}
            />
          )
        }
      </FormField>
    )
  })
  if (!party) return <div className="grid gap-4">{fields}</div>
  return (
    <fieldset className="grid gap-4 rounded-xl bg-paper p-4">
      <legend className="form-label">
        {member.position}. {member.productType}
      </legend>
      {fields}
    </fieldset>
  )
}

/** Her own words: why she is changing it, or what the fields do not cover. */
function AnythingElseField({
  id,
  maxLength,
  defaultValue,
}: {
  id: string
  maxLength: number
  defaultValue: string
}) {
  return (
    <FormField
      name="details"
      id={id}
      label="Anything else to tell us?"
      optional
      hint="Why you are changing it, or what the fields above don’t cover."
    >
      {(props) => (
        <textarea {...props} rows={3} maxLength={maxLength} defaultValue={defaultValue} />
      )}
    </FormField>
  )
}

/**
 * The calendar's days with her own place kept open: her date and time
 * count her order as taken (and may be nearer than a new order's notice),
 * yet keeping them takes no one's place.
 */
function withHerOwnPlace(
  days: ReadonlyMap<string, AvailabilityDay>,
  entry: SelfServiceEntry,
): ReadonlyMap<string, AvailabilityDay> {
  const hers = days.get(entry.currentDate)
  if (!hers || hers.status === 'closed') return days
  const own = new Map(days)
  own.set(entry.currentDate, {
    ...hers,
    status: 'open',
    windows: hers.windows?.map((window) =>
      window.value === entry.currentWindow ? { ...window, full: false } : window,
    ),
  })
  return own
}
