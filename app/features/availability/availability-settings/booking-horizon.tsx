import { FormField } from '#app/components/form-field.tsx'
import { BOOKING_CARDS, LIMITS } from '#app/features/availability/booking-settings-fields.ts'
import { formatCount } from '#app/utils/count.ts'
import type { CardProps, FormsProps } from './settings-data.ts'
import { SaveRow, Status, useSettingsForm } from './settings-form.tsx'

export function HorizonSummary({ data }: CardProps) {
  return (
    <p className="mt-3">
      Customers can book up to <strong>{formatCount(data.horizonDays)} days</strong> ahead.
    </p>
  )
}

export function BookingHorizonForms({ data, posted }: FormsProps) {
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
