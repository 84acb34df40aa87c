import { FormField } from '#app/components/form-field.tsx'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { LIMITS } from '#app/features/order-page/order-form-limits.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'

/**
 * When the quote's money is due: the deposit by a day she picks, the
 * balance by the day her settings give unless she picks another.
 */
export function QuoteDueDates({
  detail,
  today,
  onDepositDue,
  err,
}: {
  detail: OrderDetail
  today: string
  onDepositDue: (day: string) => void
  err: (field: string) => string | undefined
}) {
  const { quote } = detail
  return (
    <>
      <FormField name="deposit_due" label="Deposit due by" optional error={err('deposit_due')}>
        {(props) => (
          <input
            {...props}
            type="date"
            min={today}
            defaultValue={quote?.depositDue ?? ''}
            onChange={(event) => onDepositDue(event.currentTarget.value)}
          />
        )}
      </FormField>
      <FormField
        name="balance_due"
        label="Balance due by"
        optional
        hint={balanceDueHint(detail, today)}
        error={err('balance_due')}
      >
        {(props) => (
          <input
            {...props}
            type="date"
            min={today}
            max={detail.request.dueDate}
            defaultValue={quote?.balanceDue ?? detail.defaultBalanceDue ?? ''}
          />
        )}
      </FormField>
    </>
  )
}

/** The deposit due after the quote expires: said as she picks it, asked again on sending. */
export function DepositDueWarning({ expiresOn }: { expiresOn: string }) {
  return (
    <p className="status-error text-sm" role="status" data-testid="deposit-due-warning">
      The deposit would be due after the quote expires ({formatCalendarDate(expiresOn)}).
    </p>
  )
}

/** How many days the quote stands, and the date with it. */
export function ExpiryField({
  detail,
  onChange,
  error,
}: {
  detail: OrderDetail
  onChange: (days: string) => void
  error: string | undefined
}) {
  return (
    <FormField
      name="expires_in_days"
      label="Expires in (days)"
      hint="The date stays held until then."
      error={error}
    >
      {(props) => (
        <input
          {...props}
          type="number"
          min={LIMITS.expiryDays.min}
          max={LIMITS.expiryDays.max}
          required
          defaultValue={detail.quoteExpiryDays}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </FormField>
  )
}

/**
 * Where the quote's balance date comes from, and a word when that default
 * lands on the day the quote goes out: an order sooner than her rule's days
 * would otherwise owe its balance the moment it is sent.
 */
function balanceDueHint(detail: OrderDetail, today: string): string {
  const days = detail.balanceDueDays
  const rule =
    days === 0
      ? 'Set from Settings: on the order date.'
      : `Set from Settings: ${days} day${days === 1 ? '' : 's'} before the order date.`
  if (
    !detail.quote?.balanceDue &&
    detail.defaultBalanceDue === today &&
    today < detail.request.dueDate
  ) {
    return `${rule} This order is sooner than that, so the balance would be due today, the day the quote goes out: choose a later date up to the order date if you like.`
  }
  return `${rule} Change it for this quote if you like.`
}
