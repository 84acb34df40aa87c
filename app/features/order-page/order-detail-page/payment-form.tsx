import { Form } from 'react-router'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { depositWord } from '#app/features/order-status/money-owed.ts'
import { formatMoney } from '#app/utils/money.ts'
import { AmountField, DayField, MethodField, MoneyFormCard, SendButton } from './money-fields.tsx'
import { VersionField, errorOf } from './page-forms.tsx'

/**
 * Money the customer paid by hand (e-Transfer, cash), and, while a deposit
 * is owed, confirming the order without it.
 */
export function PaymentForm({
  detail,
  result,
  today,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const { money } = detail
  const err = (field: string) => errorOf(result, 'payment', field)
  // Said, not typed in: a field that fills itself after each payment would be
  // recorded twice by a second tap.
  const owed =
    money.depositOwed > 0
      ? `${depositWord(money)} owed: ${formatMoney(money.depositOwed)}`
      : money.balanceOwed > 0
        ? `Balance owed: ${formatMoney(money.balanceOwed)}`
        : undefined
  return (
    <MoneyFormCard
      id="payment"
      heading="Record a payment"
      result={result}
      intents={['payment', 'waive']}
      after={!money.depositWaived && money.depositOwed > 0 ? <WaiveDeposit /> : null}
    >
      <AmountField name="amount" label="Amount" hint={owed} error={err('amount')} />
      <DayField name="received_on" label="Received on" error={err('received_on')} today={today} />
      <div className="sm:col-span-2">
        <MethodField
          name="method"
          label="How it was paid"
          hint="e-Transfer, cash, card…"
          error={err('method')}
        />
      </div>
      <div className="sm:col-span-2">
        <SendButton intent="payment" className="button-primary" sending="Saving…">
          Record payment
        </SendButton>
      </div>
    </MoneyFormCard>
  )
}

/** Confirming an accepted quote without its deposit. */
function WaiveDeposit() {
  return (
    <Form method="post" action={ORDER_ANSWER_ACTION} className="mt-4 border-t border-blush pt-4">
      <VersionField />
      <p className="text-sm text-chocolate">
        Confirm without the deposit: an accepted quote is booked at once.
      </p>
      <button type="submit" name="intent" value="waive" className="button-secondary mt-2">
        Waive deposit
      </button>
    </Form>
  )
}
