import { type ComponentType, type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { Link, useFetcher } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { formatCount } from '#app/utils/count.ts'
import { formatDateRange } from '#app/utils/dates.ts'
import { focusFirstInvalid } from '#app/utils/field-errors.ts'
import { formatMoney } from '#app/utils/money.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { ClosedPeriod } from './availability.server.ts'
import {
  BOOKING_CARDS,
  type BookingCard,
  LIMITS,
  SETTINGS_INTENTS,
  type SettingsIntent,
  WEEKDAY_NAMES,
  capacityField,
  cardOfIntent,
  openCardHref,
} from './booking-settings-fields.ts'
import {
  PICKUP_WINDOW_LIMITS,
  type PickupWindow,
  formatWindow,
  windowValue,
} from './pickup-windows.ts'
import type { SettingsActionResult } from './settings-action.server.ts'

/** What the settings page's loader reads for these forms. */
export interface AvailabilitySettingsData {
  today: string
  weekdayCapacity: readonly number[]
  /** Closed periods not yet over, soonest first. */
  closedPeriods: readonly ClosedPeriod[]
  horizonDays: number
  policies: string
  deliveryEnabled: boolean
  deliveryNote: string
  pickupWindows: readonly PickupWindow[]
  /** Private until the owner confirms a request. */
  pickupAddress: string
}

/** Monday first, as a week is planned; index 0 = Sunday as stored. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const

/**
 * One card's forms: with JavaScript they post through a fetcher, so the page
 * stays where it is; without it they post the page, whose action data
 * (`posted`) carries the answer when it was for this card, and which opens at
 * the card's answer (`cardId`'s, decision 083).
 */
function useSettingsForm(intents: readonly SettingsIntent[], posted: unknown, cardId: string) {
  const fetcher = useFetcher<SettingsActionResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  const result = fetcher.data ?? answerFor<SettingsActionResult>(posted, { intents })
  const busy = fetcher.state !== 'idle'
  const fields = result && !result.ok ? (result.fields ?? {}) : {}
  const values = result && !result.ok ? (result.values ?? {}) : {}

  // An answer arrived: focus goes to the first field in error, the field
  // announced with its message.
  useEffect(() => {
    const data = fetcher.data
    if (!data || data.ok || !data.fields || !formRef.current) return
    focusFirstInvalid(formRef.current, data.fields)
  }, [fetcher.data])

  // The browser's own checks until React runs; then the server's messages, beside each field.
  const hydrated = useHydrated()
  const formProps = {
    ref: formRef,
    method: 'post',
    action: cardAction(cardId),
    noValidate: hydrated,
  } as const
  return { fetcher, formRef, statusRef, result, busy, fields, values, formProps, cardId }
}

/**
 * The card's answer; empty while a post is on its way so a repeat is
 * announced again. Its forms take focus where they need it (the first
 * refused field, the answer after a removal), so it takes none itself.
 */
function Status({
  cardId,
  result,
  busy,
  statusRef,
}: {
  cardId: string
  result: SettingsActionResult | undefined
  busy: boolean
  statusRef?: RefObject<HTMLParagraphElement | null>
}) {
  return (
    <CardAnswer cardId={cardId} answer={result} busy={busy} focus={false} answerRef={statusRef} />
  )
}

/**
 * One booking rule: what is set, and a link that opens its forms in place.
 * Open, its forms replace the summary and Close folds it again. Either way
 * focus goes to its heading, so the tap's outcome is where she is looking and
 * a screen reader names the card.
 */
function Card({
  id,
  title,
  open,
  openLabel,
  summary,
  children,
  className = '',
}: {
  id: BookingCard
  title: string
  open: boolean
  /** The link that opens the card, e.g. "Change weekly capacity". */
  openLabel: string
  /** What is set now, shown while the card is folded. */
  summary: ReactNode
  /** The card's forms, mounted only while it is open. */
  children: ReactNode
  className?: string
}) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const wasOpen = useRef(open)
  useEffect(() => {
    if (wasOpen.current === open) return
    wasOpen.current = open
    headingRef.current?.focus()
  }, [open])
  return (
    // Open, it takes the full width on a wide screen, leaving no hole beside it.
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`card p-5 sm:p-6 ${open ? 'lg:col-span-2' : ''} ${className}`}
    >
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-bold scroll-mt-24 outline-none"
      >
        {title}
      </h3>
      {open ? (
        <>
          {children}
          <p className="mt-4 border-t border-chocolate/20 pt-3">
            <Link to={`.#${id}-heading`} preventScrollReset className="text-link inline-block py-2">
              Close<span className="sr-only"> {title}</span>
            </Link>
          </p>
        </>
      ) : (
        <>
          {summary}
          <p className="mt-4">
            <Link to={openCardHref(id)} preventScrollReset className="button-secondary">
              {openLabel}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}

/** A folded card's list of what is set: closed dates, pickup times. */
function SummaryList({ children }: { children: ReactNode }) {
  return <ul className="mt-4 space-y-2">{children}</ul>
}

/** A folded card's note that nothing is set yet. */
function NothingSet({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-2xl bg-paper p-4">{children}</p>
}

function SaveRow({ label, busy, children }: { label: string; busy: boolean; children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
      <button type="submit" className="button-primary" aria-disabled={busy || undefined}>
        {label}
      </button>
      {children}
    </div>
  )
}

function WeeklyCapacityForms({
  data,
  posted,
}: {
  data: AvailabilitySettingsData
  posted: unknown
}) {
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

function ClosedDatesForms({ data, posted }: { data: AvailabilitySettingsData; posted: unknown }) {
  const { fetcher, formRef, statusRef, result, busy, fields, values, formProps, cardId } =
    useSettingsForm(BOOKING_CARDS['closed-dates'], posted, 'closed-dates')

  // Added: the form empties for the next dates. Removed: the button that had
  // focus is gone, so focus goes to the message saying what happened.
  useEffect(() => {
    const data = fetcher.data
    if (!data?.ok) return
    if (data.intent === 'close-dates') formRef.current?.reset()
    if (data.intent === 'reopen') statusRef.current?.focus()
  }, [fetcher.data, formRef, statusRef])

  return (
    <>
      <p className="mt-2">
        Holidays and days off: customers cannot choose these dates, whatever the weekly capacity.
      </p>
      {data.closedPeriods.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-paper p-4">No closed dates coming up.</p>
      ) : (
        <ul className="mt-4 divide-y divide-[#ecdcd2] rounded-2xl border-2 border-[#ecdcd2]">
          {data.closedPeriods.map((period) => {
            const range = formatDateRange(period.start, period.end)
            return (
              <li key={period.id} className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-bold">{range}</p>
                  {period.note ? (
                    <p className="mt-1 text-sm break-words">
                      <span className="mr-2 inline-block rounded-full bg-blush-100 px-2 py-0.5 text-xs font-bold tracking-wide text-raspberry-dark uppercase">
                        Private
                      </span>
                      {period.note}
                    </p>
                  ) : null}
                </div>
                <fetcher.Form method="post" action={formProps.action} className="shrink-0">
                  <input type="hidden" name="intent" value="reopen" />
                  <input type="hidden" name="id" value={period.id} />
                  <button
                    type="submit"
                    className="filter-chip"
                    aria-label={`Remove closed dates ${range}`}
                  >
                    Remove
                  </button>
                </fetcher.Form>
              </li>
            )
          })}
        </ul>
      )}

      <h4 className="mt-6 text-lg font-bold">Add closed dates</h4>
      <fetcher.Form {...formProps} className="mt-3">
        <input type="hidden" name="intent" value="close-dates" />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="from" label="From" error={fields.from}>
            {(props) => (
              <input
                {...props}
                type="date"
                required
                min={data.today}
                defaultValue={values.from ?? ''}
              />
            )}
          </FormField>
          <FormField
            name="to"
            label="To"
            optional
            hint="Leave empty to close one day."
            error={fields.to}
          >
            {(props) => (
              <input {...props} type="date" min={data.today} defaultValue={values.to ?? ''} />
            )}
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              name="note"
              label="Note"
              optional
              hint="Only you see this, e.g. “Family wedding”."
              error={fields.note}
            >
              {(props) => (
                <input
                  {...props}
                  type="text"
                  maxLength={LIMITS.closedNote}
                  defaultValue={values.note ?? ''}
                />
              )}
            </FormField>
          </div>
        </div>
        <SaveRow label="Add closed dates" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} statusRef={statusRef} />
        </SaveRow>
      </fetcher.Form>
    </>
  )
}

function BookingHorizonForms({
  data,
  posted,
}: {
  data: AvailabilitySettingsData
  posted: unknown
}) {
  const { fetcher, result, busy, fields, values, formProps, cardId } = useSettingsForm(
    BOOKING_CARDS['booking-horizon'],
    posted,
    'booking-horizon',
  )
  return (
    <>
      <p className="mt-2">How far ahead customers can ask for a date.</p>
      <fetcher.Form {...formProps} className="mt-4">
        <input type="hidden" name="intent" value="horizon" />
        <FormField
          name="horizon_days"
          label="Customers can book up to … days ahead"
          hint="From 1 to 730 days; 180 is about six months."
          error={fields.horizon_days}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={LIMITS.horizonDays.min}
              max={LIMITS.horizonDays.max}
              step={1}
              required
              className="max-w-40"
              defaultValue={values.horizon_days ?? data.horizonDays}
            />
          )}
        </FormField>
        <SaveRow label="Save booking horizon" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} />
        </SaveRow>
      </fetcher.Form>
    </>
  )
}

function DeliveryForms({ data, posted }: { data: AvailabilitySettingsData; posted: unknown }) {
  const { fetcher, result, busy, fields, values, formProps, cardId } = useSettingsForm(
    BOOKING_CARDS.delivery,
    posted,
    'delivery',
  )
  // Refused without JavaScript: the box as it was posted.
  const enabled =
    result && !result.ok && result.values
      ? values.delivery_enabled !== undefined
      : data.deliveryEnabled
  return (
    <>
      <p className="mt-2">Customers can always pick up; offer delivery too if you do it.</p>
      <fetcher.Form {...formProps} className="mt-4">
        <input type="hidden" name="intent" value="delivery" />
        <label className="flex min-h-12 cursor-pointer items-center gap-3 font-bold text-cocoa">
          <input
            type="checkbox"
            name="delivery_enabled"
            defaultChecked={enabled}
            className="size-6 accent-raspberry"
          />
          We deliver
        </label>
        <div className="mt-3">
          <FormField
            name="delivery_note"
            label="Delivery area and fee"
            optional
            hint={`Shown to customers beside the pickup or delivery choice, e.g. “Within 10 miles of town, ${formatMoney(1500)}”.`}
            error={fields.delivery_note}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                maxLength={LIMITS.deliveryNote}
                defaultValue={values.delivery_note ?? data.deliveryNote}
              />
            )}
          </FormField>
        </div>
        <SaveRow label="Save delivery" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} />
        </SaveRow>
      </fetcher.Form>
    </>
  )
}

function OrderPoliciesForms({ data, posted }: { data: AvailabilitySettingsData; posted: unknown }) {
  const { fetcher, result, busy, fields, values, formProps, cardId } = useSettingsForm(
    BOOKING_CARDS['order-policies'],
    posted,
    'order-policies',
  )
  return (
    <>
      <p className="mt-2">
        Customers tick that they have read these before sending a request. They open with the terms
        written from your rules in{' '}
        <a href="/admin/settings/payments" className="text-link">
          Settings › Payments
        </a>{' '}
        (the deposit, when the balance is due, changes and cancellations); here go your own words:
        notice, allergens in a home kitchen, anything else. Each request keeps the text as it read
        when it was sent, so a change applies to new requests only. They are the page{' '}
        <a href="/policies" className="text-link">
          /policies
        </a>{' '}
        too; Settings › Your site edits the same text with a preview.
      </p>
      <fetcher.Form {...formProps} className="mt-4">
        <input type="hidden" name="intent" value="policies" />
        <FormField
          name="policies"
          label="Order policies"
          hint={`Up to ${formatCount(LIMITS.policies)} characters; a blank line starts a new paragraph.`}
          error={fields.policies}
        >
          {(props) => (
            <textarea
              {...props}
              required
              rows={10}
              maxLength={LIMITS.policies}
              defaultValue={values.policies ?? data.policies}
            />
          )}
        </FormField>
        <SaveRow label="Save order policies" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} />
        </SaveRow>
      </fetcher.Form>
    </>
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

function PickupWindowsForms({ data, posted }: { data: AvailabilitySettingsData; posted: unknown }) {
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
  const days = WEEK_ORDER.map((weekday) => ({
    weekday,
    windows: data.pickupWindows.filter((window) => window.weekday === weekday),
  })).filter((day) => day.windows.length > 0)
  return (
    <>
      <p className="mt-2">
        Set times on the days you hand orders over, e.g. Saturday {formatWindow('10:00-12:00')},
        each taking a few requests. Customers choose one with their date (deliveries too). A day
        without times works as before: no time asked.
      </p>
      {days.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-paper p-4">No set times: customers give a date only.</p>
      ) : (
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
                  <fetcher.Form method="post" action={formProps.action} className="shrink-0">
                    <input type="hidden" name="intent" value="pickup-window-remove" />
                    <input type="hidden" name="id" value={window.id} />
                    <button
                      type="submit"
                      className="filter-chip"
                      aria-label={`Remove pickup time ${name}`}
                    >
                      Remove
                    </button>
                  </fetcher.Form>
                </li>
              )
            }),
          )}
        </ul>
      )}
      <h4 className="mt-6 text-lg font-bold">Add a pickup time</h4>
      <fetcher.Form {...formProps} className="mt-3">
        <input type="hidden" name="intent" value="pickup-window-add" />
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
        <SaveRow label="Add pickup time" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} statusRef={statusRef} />
        </SaveRow>
      </fetcher.Form>
      <PickupAddress data={data} />
    </>
  )
}

/**
 * The pickup address is the street of her bakery's address, which she fills
 * in once with its city and postal code in Settings › Your site (decision
 * 084): this card says where, and links there.
 */
function PickupAddress({ data }: { data: AvailabilitySettingsData }) {
  return (
    <p className="mt-6 break-words">
      <strong>Pickup address</strong> (private until you confirm):{' '}
      {data.pickupAddress || 'none yet'}. It is the street of your bakery’s address:{' '}
      <Link to="/admin/settings/site#site-address" className="text-link">
        change it in Your site › Address
      </Link>
      .
    </p>
  )
}

/** How much she bakes each weekday, Monday first, a day at a glance. */
function CapacitySummary({ data }: { data: AvailabilitySettingsData }) {
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

/** Closed periods shown on the folded card; the rest are counted. */
const CLOSED_SHOWN = 4

function ClosedDatesSummary({ data }: { data: AvailabilitySettingsData }) {
  const { closedPeriods } = data
  if (closedPeriods.length === 0) return <NothingSet>No closed dates coming up.</NothingSet>
  const more = closedPeriods.length - CLOSED_SHOWN
  return (
    <SummaryList>
      {closedPeriods.slice(0, CLOSED_SHOWN).map((period) => (
        <li key={period.id}>
          <span className="font-bold">{formatDateRange(period.start, period.end)}</span>
          {period.note ? <span className="text-sm break-words"> · {period.note}</span> : null}
        </li>
      ))}
      {more > 0 ? <li className="text-sm">and {formatCount(more)} more</li> : null}
    </SummaryList>
  )
}

function HorizonSummary({ data }: { data: AvailabilitySettingsData }) {
  return (
    <p className="mt-3">
      Customers can book up to <strong>{formatCount(data.horizonDays)} days</strong> ahead.
    </p>
  )
}

function DeliverySummary({ data }: { data: AvailabilitySettingsData }) {
  return data.deliveryEnabled ? (
    <p className="mt-3">
      <strong>You deliver</strong>
      {data.deliveryNote ? <>: {data.deliveryNote}</> : ', with no area or fee given.'}
    </p>
  ) : (
    <p className="mt-3">
      <strong>Pickup only.</strong> Customers collect their orders.
    </p>
  )
}

function PickupSummary({ data }: { data: AvailabilitySettingsData }) {
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

function PoliciesSummary({ data }: { data: AvailabilitySettingsData }) {
  return (
    <>
      <p className="mt-3 line-clamp-3 whitespace-pre-line break-words">{data.policies}</p>
      <p className="mt-2 text-sm">
        {formatCount(data.policies.length)} characters; customers tick that they have read them.
      </p>
    </>
  )
}

type CardProps = { data: AvailabilitySettingsData }
type FormsProps = CardProps & { posted: unknown }

/** Settings' booking cards, in order: what each shows folded and the forms it opens. */
const CARDS: readonly {
  id: BookingCard
  title: string
  /** The link that opens it. */
  openLabel: string
  Summary: ComponentType<CardProps>
  Forms: ComponentType<FormsProps>
  /** The full width on a wide screen, folded too. */
  wide?: boolean
}[] = [
  {
    id: 'weekly-capacity',
    title: 'Weekly capacity',
    openLabel: 'Change weekly capacity',
    Summary: CapacitySummary,
    Forms: WeeklyCapacityForms,
  },
  {
    id: 'closed-dates',
    title: 'Closed dates',
    openLabel: 'Add or remove closed dates',
    Summary: ClosedDatesSummary,
    Forms: ClosedDatesForms,
  },
  {
    id: 'booking-horizon',
    title: 'Booking horizon',
    openLabel: 'Change booking horizon',
    Summary: HorizonSummary,
    Forms: BookingHorizonForms,
  },
  {
    id: 'delivery',
    title: 'Delivery',
    openLabel: 'Change delivery',
    Summary: DeliverySummary,
    Forms: DeliveryForms,
  },
  {
    id: 'pickup-windows',
    title: 'Pickup times',
    openLabel: 'Change pickup times',
    Summary: PickupSummary,
    Forms: PickupWindowsForms,
  },
  {
    id: 'order-policies',
    title: 'Order policies',
    openLabel: 'Edit order policies',
    Summary: PoliciesSummary,
    Forms: OrderPoliciesForms,
    wide: true,
  },
]

/** The card a page answering a post without JavaScript shows the answer in. */
function cardPostedFrom(posted: unknown): BookingCard | null {
  const answer = answerFor<SettingsActionResult>(posted, { intents: SETTINGS_INTENTS })
  return answer?.intent ? cardOfIntent(answer.intent) : null
}

/**
 * The owner's booking rules: capacity, closed dates, horizon, delivery, pickup
 * times and policies, each folded to what is set until she opens it.
 */
export function AvailabilitySettings({
  data,
  posted,
  open,
}: {
  data: AvailabilitySettingsData
  /** The page's action data, when a form posted without JavaScript. */
  posted: unknown
  /** The card she opened (`?open=`), if any. */
  open: BookingCard | null
}) {
  const opened = cardPostedFrom(posted) ?? open
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2">
      {CARDS.map(({ id, title, openLabel, Summary, Forms, wide }) => (
        <Card
          key={id}
          id={id}
          title={title}
          open={opened === id}
          openLabel={openLabel}
          summary={<Summary data={data} />}
          className={wide ? 'lg:col-span-2' : ''}
        >
          <Forms data={data} posted={posted} />
        </Card>
      ))}
    </div>
  )
}
