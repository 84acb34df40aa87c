import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import {
  AmountField,
  DayField,
  MethodField,
  MoneyFormCard,
  ReasonField,
  RefundPriceChoice,
  SendButton,
} from './money-fields.tsx'
import { errorOf } from './page-forms.tsx'

/**
 * Money handed back to the customer: never more than is paid net (the
 * server refuses more, with a 409 that says how much), asked about before
 * the customer is emailed.
 */
export function RefundForm({
  detail,
  result,
  today,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const { money } = detail
  const err = (field: string) => errorOf(result, 'refund', field)
  return (
    <MoneyFormCard id="refund" heading="Record a refund" result={result} intents={['refund']}>
      <AmountField
        name="refund_amount"
        label="Refund"
        hint={`Up to ${formatMoney(money.paidCents)}, what is paid`}
        error={err('refund_amount')}
      />
      <DayField name="refunded_on" label="Sent on" error={err('refunded_on')} today={today} />
      <div className="sm:col-span-2">
        <MethodField
          name="refund_method"
          label="How it was refunded"
          hint="e-Transfer, cash…"
          error={err('refund_method')}
        />
      </div>
      <div className="sm:col-span-2">
        <ReasonField name="refund_reason" label="Reason (optional)" error={err('refund_reason')} />
      </div>
      <div className="sm:col-span-2">
        <RefundPriceChoice
          name="refund_lowers_price"
          idPrefix="refund-price"
          detail={detail}
          error={err('refund_lowers_price')}
        />
      </div>
      <div className="sm:col-span-2">
        <SendButton intent="refund" className="button-secondary" sending="Saving…">
          Record refund
        </SendButton>
      </div>
    </MoneyFormCard>
  )
}
