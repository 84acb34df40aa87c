import { type ControlProps, FormField } from '#app/components/form-field.tsx'
import { type AvailabilityDay } from '#app/features/availability/availability.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { WEEKDAY_NAMES, weekdayOf } from '#app/utils/calendar-days.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { ORDER_LIMITS } from './order-options.ts'
import type { OrderField } from './order-schema.ts'

/** A weekday's window as the order page's loader gives it: times only, never the caps. */
export interface WeeklyWindow {
  weekday: number
  value: string
}

interface PickupWindowProps {
  hydrated: boolean
  dueDate: string
  /** The chosen date's answer from /api/availability, once it came. */
  day: AvailabilityDay | undefined
  weekly: readonly WeeklyWindow[]
  delivery: boolean
  defaultValue?: string
  error?: string
  /** The field's name and id; the order form's unless given. */
  name?: string
  id?: string
  /** What the list says without JavaScript. */
  hint?: string
}

/**
 * The pickup (or delivery) time of the chosen date, when its weekday has
 * windows (docs/decisions/043). With JavaScript: the day's windows as
 * choices, a full one shown and not choosable. Without it, or before a date
 * is chosen: the windows of every weekday given in one list, and the
 * server says which ones the date has. The customer's change form on her
 * page uses it too, under its own name and id, given only the weekday of
 * the date the server knows.
 */
export function PickupWindowField({
  name = 'pickup_window',
  id = `field-${name}`,
  hint = 'Needed on days with set times; leave it empty on other days.',
  hydrated,
  dueDate,
  day,
  weekly,
  delivery,
  defaultValue,
  error,
}: PickupWindowProps) {
  if (weekly.length === 0) return null
  const label = delivery ? 'Delivery time' : 'Pickup time'
  if (!hydrated || !dueDate) {
    if (hydrated) return null
    return (
      <FormField name={name} id={id} label={label} optional hint={hint} error={error}>
        {(props) => (
          <WeeklyWindowsSelect props={props} weekly={weekly} defaultValue={defaultValue} />
        )}
      </FormField>
    )
  }
  const own = weekly.filter((window) => window.weekday === weekdayOf(dueDate))
  if (own.length === 0) return null
  const full = new Set(day?.windows?.filter((window) => window.full).map((window) => window.value))
  return (
    <DayWindowsChoice
      name={name}
      id={id}
      label={label}
      own={own}
      full={full}
      delivery={delivery}
      defaultValue={defaultValue}
      error={error}
    />
  )
}

/** Without JavaScript, or before a date: every weekday's windows in one list, grouped by weekday. */
function WeeklyWindowsSelect({
  props,
  weekly,
  defaultValue,
}: {
  props: ControlProps
  weekly: readonly WeeklyWindow[]
  defaultValue: string | undefined
}) {
  return (
    <select {...props} defaultValue={defaultValue ?? ''}>
      <option value="">No set time</option>
      {WEEKDAY_NAMES.map((name, weekday) => {
        const own = weekly.filter((window) => window.weekday === weekday)
        return own.length > 0 ? (
          <optgroup key={name} label={`${name}s`}>
            {own.map((window) => (
              <option key={window.value} value={window.value}>
                {name} {formatWindow(window.value)}
              </option>
            ))}
          </optgroup>
        ) : null
      })}
    </select>
  )
}

/** The chosen date's windows as radios, a full one shown but not choosable. */
function DayWindowsChoice({
  name,
  id,
  label,
  own,
  full,
  delivery,
  defaultValue,
  error,
}: {
  name: string
  id: string
  label: string
  own: readonly WeeklyWindow[]
  full: ReadonlySet<string>
  delivery: boolean
  defaultValue: string | undefined
  error: string | undefined
}) {
  return (
    <fieldset
      className="form-field fulfilment-choice"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
    >
      <legend className="form-label">{label}</legend>
      {own.map((window) => (
        <label key={window.value} className="choice-label">
          <input
            type="radio"
            name={name}
            value={window.value}
            required
            disabled={full.has(window.value)}
            defaultChecked={defaultValue === window.value}
          />
          <span>
            {formatWindow(window.value)}
            {full.has(window.value) ? <span className="form-optional"> (full)</span> : null}
          </span>
        </label>
      ))}
      <p id={`${id}-hint`} className="form-hint">
        {delivery ? 'When we bring your order.' : 'When you collect your order.'}
      </p>
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * Where a delivery goes. With JavaScript it shows once delivery is chosen;
 * without it, whenever the bakery delivers, and a pickup ignores it.
 */
export function DeliveryAddressFields({
  shown,
  values,
  errors,
}: {
  shown: boolean
  values: Partial<Record<OrderField, string>>
  errors: FieldErrors<OrderField>
}) {
  if (!shown) return null
  return (
    <fieldset className="delivery-address sm:col-span-2">
      <legend className="form-label">Delivery address</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField name="delivery_street" label="Street address" error={errors.delivery_street}>
            {(props) => (
              <input
                {...props}
                type="text"
                maxLength={ORDER_LIMITS.delivery_street}
                autoComplete="street-address"
                defaultValue={values.delivery_street}
              />
            )}
          </FormField>
        </div>
        <FormField name="delivery_city" label="Town or city" error={errors.delivery_city}>
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={ORDER_LIMITS.delivery_city}
              autoComplete="address-level2"
              defaultValue={values.delivery_city}
            />
          )}
        </FormField>
        <FormField
          name="delivery_postal_code"
          label="Postal code"
          error={errors.delivery_postal_code}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={ORDER_LIMITS.delivery_postal_code}
              autoComplete="postal-code"
              defaultValue={values.delivery_postal_code}
            />
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            name="delivery_notes"
            label="Delivery notes"
            optional
            hint="A door code, where to park, who receives it."
            error={errors.delivery_notes}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                maxLength={ORDER_LIMITS.delivery_notes}
                defaultValue={values.delivery_notes}
              />
            )}
          </FormField>
        </div>
      </div>
    </fieldset>
  )
}
