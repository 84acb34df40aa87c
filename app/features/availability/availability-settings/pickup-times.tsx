import { useEffect } from 'react'
import { Link } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { WEEKDAY_NAMES } from '#app/features/availability/booking-settings-fields.ts'
import {
  PICKUP_WINDOW_LIMITS,
  type PickupWindow,
  formatWindow,
  windowValue,
} from '#app/features/availability/pickup-windows.ts'
import { NothingSet, SummaryList } from './booking-card.tsx'
import { type CardProps, type FormsProps, WEEK_ORDER } from './settings-data.ts'
import { SaveRow, type SettingsFetcherForm, Status, useSettingsForm } from './settings-form.tsx'

export function PickupSummary({ data }: CardProps) {
  const windows = WEEK_ORDER.flatMap((weekday) =>
    data.pickupWindows.filter((window) => window.weekday === weekday),
  )
  return (
    <>
      {windows.length === 0 ? (
        <NothingSet>No set times: customers give a date only.</NothingSet>
      ) : (
        <SummaryList>
          {windows.map((window) => (
            <li key={window.id}>
              <span className="font-bold">
                {WEEKDAY_NAMES[window.weekday]} {formatWindow(windowValue(window))}
              </span>
              <span className="text-sm">
                {' '}
                · takes {window.capacity} {window.capacity === 1 ? 'request' : 'requests'}
              </span>
            </li>
          ))}
        </SummaryList>
      )}
      <p className="mt-3 text-sm break-words">
        {data.pickupAddress ? (
          <>
            <strong>Pickup address</strong> (private until you confirm): {data.pickupAddress}
          </>
        ) : (
          'No pickup address yet: confirmed customers are not told where to collect.'
        )}
      </p>
    </>
  )
}

export function PickupWindowsForms({ data, posted }: FormsProps) {
  const { fetcher, statusRef, result, busy, fields, values, formProps, cardId } = useSettingsForm(
    ['pickup-window-add', 'pickup-window-remove'],
    posted,
    'pickup-windows',
  )
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.intent === 'pickup-window-remove') {
      statusRef.current?.focus()
    }
  }, [fetcher.data, statusRef])
  return (
    <>
      <p className="mt-2">
        Set times on the days you hand orders over, e.g. Saturday {formatWindow('10:00-12:00')},
        each taking a few requests. Customers choose one with their date (deliveries too). A day
        without times works as before: no time asked.
      </p>
      <PickupTimeList
        pickupWindows={data.pickupWindows}
        Form={fetcher.Form}
        action={formProps.action}
      />
      <h4 className="mt-6 text-lg font-bold">Add a pickup time</h4>
      <fetcher.Form {...formProps} className="mt-3">
        <input type="hidden" name="intent" value="pickup-window-add" />
        <PickupTimeFields fields={fields} values={values} />
        <SaveRow label="Add pickup time" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} statusRef={statusRef} />
        </SaveRow>
      </fetcher.Form>
      <PickupAddress pickupAddress={data.pickupAddress} />
    </>
  )
}

/** Every pickup time, Monday first, each with the button that removes it. */
function PickupTimeList({
  pickupWindows,
  Form,
  action,
}: {
  pickupWindows: readonly PickupWindow[]
  Form: SettingsFetcherForm
  action: string
}) {
  const days = WEEK_ORDER.map((weekday) => ({
    weekday,
    windows: pickupWindows.filter((window) => window.weekday === weekday),
  })).filter((day) => day.windows.length > 0)
  if (days.length === 0) {
    return (
      <p className="mt-4 rounded-2xl bg-paper p-4">No set times: customers give a date only.</p>
    )
  }
  return (
    <ul className="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
      {days.flatMap(({ weekday, windows }) =>
        windows.map((window) => {
          const name = `${WEEKDAY_NAMES[weekday]} ${formatWindow(windowValue(window))}`
          return (
            <li key={window.id} className="flex items-center justify-between gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-bold">{name}</p>
                <p className="mt-1 text-sm">
                  Takes {window.capacity} {window.capacity === 1 ? 'request' : 'requests'}
                </p>
              </div>
              <Form method="post" action={action} className="shrink-0">
                <input type="hidden" name="intent" value="pickup-window-remove" />
                <input type="hidden" name="id" value={window.id} />
                <button
                  type="submit"
                  className="filter-chip"
                  aria-label={`Remove pickup time ${name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          )
        }),
      )}
    </ul>
  )
}

/** The new pickup time's day, times and requests, as posted when they were refused. */
function PickupTimeFields({
  fields,
  values,
}: {
  fields: Record<string, string>
  values: Record<string, string>
}) {
  return (
    <div className="grid grid-cols-2 gap-4">
      <div className="col-span-2">
        <FormField name="window_weekday" label="Day" error={fields.window_weekday}>
          {(props) => (
            <select {...props} defaultValue={values.window_weekday ?? '6'}>
              {WEEK_ORDER.map((weekday) => (
                <option key={weekday} value={weekday}>
                  {WEEKDAY_NAMES[weekday]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <TimeField
        name="window_start"
        label="From"
        error={fields.window_start}
        value={values.window_start ?? '10:00'}
      />
      <TimeField
        name="window_end"
        label="Until"
        error={fields.window_end}
        value={values.window_end ?? '12:00'}
      />
      <div className="col-span-2">
        <FormField
          name="window_capacity"
          label="Requests it takes"
          hint={`From ${PICKUP_WINDOW_LIMITS.capacity.min} to ${PICKUP_WINDOW_LIMITS.capacity.max}; at most ${PICKUP_WINDOW_LIMITS.perDay} times a day.`}
          error={fields.window_capacity}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={PICKUP_WINDOW_LIMITS.capacity.min}
              max={PICKUP_WINDOW_LIMITS.capacity.max}
              required
              defaultValue={values.window_capacity ?? '4'}
            />
          )}
        </FormField>
      </div>
    </div>
  )
}

/**
 * The browser's own time control: a wheel or clock on her phone, in the way
 * her phone writes times. A list of every quarter hour would add two hundred
 * elements to Settings, the page's largest part, for the same choice.
 */
function TimeField({
  name,
  label,
  error,
  value,
}: {
  name: string
  label: string
  error?: string
  value: string
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => (
        <input
          {...props}
          type="time"
          step={PICKUP_WINDOW_LIMITS.stepMinutes * 60}
          required
          defaultValue={value}
        />
      )}
    </FormField>
  )
}

/**
 * The pickup address is the street of her bakery's address, which she fills
 * in once with its city and postal code in Settings › Your site (decision
 * 084): this card says where, and links there.
 */
function PickupAddress({ pickupAddress }: { pickupAddress: string }) {
  return (
    <p className="mt-6 break-words">
      <strong>Pickup address</strong> (private until you confirm): {pickupAddress || 'none yet'}. It
      is the street of your bakery’s address:{' '}
      <Link to="/admin/settings/site#site-address" className="text-link">
        change it in Your site › Address
      </Link>
      .
    </p>
  )
}
