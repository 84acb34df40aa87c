import { useEffect } from 'react'
import { FormField } from '#app/components/form-field.tsx'
import { BOOKING_CARDS, LIMITS } from '#app/features/availability/booking-settings-fields.ts'
import { formatCount } from '#app/utils/count.ts'
import { formatDateRange } from '#app/utils/dates.ts'
import { NothingSet, SummaryList } from './booking-card.tsx'
import type { AvailabilitySettingsData, CardProps, FormsProps } from './settings-data.ts'
import { SaveRow, type SettingsFetcherForm, Status, useSettingsForm } from './settings-form.tsx'

/** Closed periods shown on the folded card; the rest are counted. */
const CLOSED_SHOWN = 4

export function ClosedDatesSummary({ data }: CardProps) {
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

export function ClosedDatesForms({ data, posted }: FormsProps) {
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
      <ClosedPeriodList data={data} Form={fetcher.Form} action={formProps.action} />

      <h4 className="mt-6 text-lg font-bold">Add closed dates</h4>
      <fetcher.Form {...formProps} className="mt-3">
        <input type="hidden" name="intent" value="close-dates" />
        <ClosedDatesFields today={data.today} fields={fields} values={values} />
        <SaveRow label="Add closed dates" busy={busy}>
          <Status cardId={cardId} result={result} busy={busy} statusRef={statusRef} />
        </SaveRow>
      </fetcher.Form>
    </>
  )
}

/** The closed periods coming up, each with the button that removes it. */
function ClosedPeriodList({
  data,
  Form,
  action,
}: {
  data: AvailabilitySettingsData
  Form: SettingsFetcherForm
  action: string
}) {
  if (data.closedPeriods.length === 0) {
    return <p className="mt-4 rounded-2xl bg-paper p-4">No closed dates coming up.</p>
  }
  return (
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
            <Form method="post" action={action} className="shrink-0">
              <input type="hidden" name="intent" value="reopen" />
              <input type="hidden" name="id" value={period.id} />
              <button
                type="submit"
                className="filter-chip"
                aria-label={`Remove closed dates ${range}`}
              >
                Remove
              </button>
            </Form>
          </li>
        )
      })}
    </ul>
  )
}

/** The dates to close and her private note, as posted when they were refused. */
function ClosedDatesFields({
  today,
  fields,
  values,
}: {
  today: string
  fields: Record<string, string>
  values: Record<string, string>
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField name="from" label="From" error={fields.from}>
        {(props) => (
          <input {...props} type="date" required min={today} defaultValue={values.from ?? ''} />
        )}
      </FormField>
      <FormField
        name="to"
        label="To"
        optional
        hint="Leave empty to close one day."
        error={fields.to}
      >
        {(props) => <input {...props} type="date" min={today} defaultValue={values.to ?? ''} />}
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
  )
}
