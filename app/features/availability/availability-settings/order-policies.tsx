import { FormField } from '#app/components/form-field.tsx'
import { BOOKING_CARDS, LIMITS } from '#app/features/availability/booking-settings-fields.ts'
import { formatCount } from '#app/utils/count.ts'
import type { CardProps, FormsProps } from './settings-data.ts'
import { SaveRow, Status, useSettingsForm } from './settings-form.tsx'

export function PoliciesSummary({ data }: CardProps) {
  return (
    <>
      <p className="mt-3 line-clamp-3 whitespace-pre-line break-words">{data.policies}</p>
      <p className="mt-2 text-sm">
        {formatCount(data.policies.length)} characters; customers tick that they have read them.
      </p>
    </>
  )
}

export function OrderPoliciesForms({ data, posted }: FormsProps) {
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
