import {
  BOOKING_CARDS,
  LIMITS,
  WEEKDAY_NAMES,
  capacityField,
} from '#app/features/availability/booking-settings-fields.ts'
import { type CardProps, type FormsProps, WEEK_ORDER } from './settings-data.ts'
import { SaveRow, Status, useSettingsForm } from './settings-form.tsx'

/** How much she bakes each weekday, Monday first, a day at a glance. */
export function CapacitySummary({ data }: CardProps) {
  return (
    <>
      <dl className="mt-4 grid grid-cols-7 gap-1 text-center">
        {WEEK_ORDER.map((weekday) => {
          const units = data.weekdayCapacity[weekday] ?? 0
          return (
            <div
              key={weekday}
              className={`rounded-xl py-2 ${units > 0 ? 'bg-blush-100' : 'bg-paper'}`}
            >
              <dt className="text-xs font-bold uppercase">
                <span aria-hidden="true">{WEEKDAY_NAMES[weekday]?.slice(0, 3)}</span>
                <span className="sr-only">{WEEKDAY_NAMES[weekday]}</span>
              </dt>
              <dd className="font-display text-xl font-bold">
                {units}
                {units === 0 ? <span className="sr-only"> (closed)</span> : null}
              </dd>
            </div>
          )
        })}
      </dl>
      <p className="mt-2 text-sm">Effort units each day; 0 is closed.</p>
    </>
  )
}

export function WeeklyCapacityForms({ data, posted }: FormsProps) {
  const { fetcher, result, busy, fields, values, formProps, cardId } = useSettingsForm(
    BOOKING_CARDS['weekly-capacity'],
    posted,
    'weekly-capacity',
  )
  return (
    <>
      <p className="mt-2">
        How much you can bake each weekday, in <strong>effort units</strong>. Each product on the
        menu says how many units one order takes (its Effort): a tiered cake may use 3, a dozen
        cupcakes 1. A day takes requests until its units are used up.{' '}
        <strong>0 means closed</strong> that weekday.
      </p>
      <fetcher.Form {...formProps} className="mt-4">
        <input type="hidden" name="intent" value="capacity" />
        <fieldset>
          <legend className="sr-only">Effort units each weekday</legend>
          {/* A row per day, the day's name beside its box: short on a phone, two columns wider. */}
          <div className="grid gap-x-8 gap-y-2 sm:grid-cols-2">
            {WEEK_ORDER.map((weekday) => {
              const name = capacityField(weekday)
              const id = `field-${name}`
              const error = fields[name]
              return (
                <div
                  key={weekday}
                  className="form-field grid-cols-[minmax(0,1fr)_6rem] items-center gap-x-3"
                >
                  <label htmlFor={id} className="form-label">
                    {WEEKDAY_NAMES[weekday]}
                  </label>
                  <input
                    id={id}
                    name={name}
                    type="number"
                    inputMode="numeric"
                    min={LIMITS.capacity.min}
                    max={LIMITS.capacity.max}
                    step={1}
                    required
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    defaultValue={values[name] ?? data.weekdayCapacity[weekday]}
                  />
                  {error ? (
                    <p id={`${id}-error`} className="form-error col-span-2">
                      {error}
                    </p>
                  ) : null}
                </div>
              )
            })}
          </div>
        </fieldset>
        <SaveRow label="Save weekly capacity" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} />
        </SaveRow>
      </fetcher.Form>
    </>
  )
}
