import { Form } from 'react-router'
import { NumberField } from '#app/components/number-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { BALANCE_DUE_DAYS } from '#app/features/order-status/payment-schedule.ts'

/** The settings form's intent for the balance's default date; the settings route dispatches on it. */
export const SAVE_BALANCE_DUE = 'save-balance-due'

export type BalanceDueActionResult =
  | { ok: true; intent: typeof SAVE_BALANCE_DUE; message: string }
  | { ok: false; intent?: typeof SAVE_BALANCE_DUE; error: string }

const CARD = 'payments'

/**
 * The settings page's "Payments": how many days before the order date a
 * quote's balance falls due, unless the owner sets another date on the quote.
 */
export function PaymentScheduleSettings({
  balanceDueDays,
  posted,
}: {
  balanceDueDays: number
  /** The page's action data, whichever form it answered. */
  posted: unknown
}) {
  const answer = answerFor<BalanceDueActionResult>(posted, { intents: [SAVE_BALANCE_DUE] })
  return (
    <SettingsCard id={CARD} title="Payments" className="mt-4">
      <p className="mt-2">
        A quote asks for its balance this many days before the order date. You can pick another date
        on any quote. Customers get a reminder a few days before, and a note if it is late.
      </p>
      <Form method="post" action={cardAction(CARD)} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={SAVE_BALANCE_DUE} />
        <NumberField
          id="balance-due-days"
          name="balance_due_days"
          label="Balance due (days before the order date)"
          value={balanceDueDays}
          limits={BALANCE_DUE_DAYS}
          hint={`From ${BALANCE_DUE_DAYS.min} (on the day) to ${BALANCE_DUE_DAYS.max}.`}
        />
        <div>
          <button type="submit" className="button-primary">
            Save
          </button>
        </div>
      </Form>
      <CardAnswer cardId={CARD} answer={answer} className="mt-2" />
    </SettingsCard>
  )
}
