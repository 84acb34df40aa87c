import { FormField } from '#app/components/form-field.tsx'
import { BOOKING_CARDS, LIMITS } from '#app/features/availability/booking-settings-fields.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { CardProps, FormsProps } from './settings-data.ts'
import { SaveRow, Status, useSettingsForm } from './settings-form.tsx'

export function DeliverySummary({ data }: CardProps) {
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

export function DeliveryForms({ data, posted }: FormsProps) {
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
