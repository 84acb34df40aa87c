import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { centsToInput } from '#app/features/order-page/order-form-limits.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { AmountField, ReasonField, RefundPriceChoice, SendButton } from './money-fields.tsx'
import { errorOf } from './page-forms.tsx'

type CardPayment = OrderDetail['card']['payments'][number]

/**
 * The money card's card payments (decision 050): each with what has gone
 * back to the card, and "Refund on card" for what is left of it, whole by
 * default or part. It posts `card_refund`; the server asks first (the
 * page's confirmation dialog, shown by `outcome`) and then refunds through
 * Stripe. Without JavaScript the disclosure and the form work as they are.
 */
export function CardRefunds({
  detail,
  result,
  outcome,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  /** The page's answer to a card refund (its question, or what was done), at the top. */
  outcome: ReactNode
}) {
  const { payments } = detail.card
  if (payments.length === 0) return null
  return (
    <div className="mt-5 border-t border-blush pt-4" data-testid="card-payments">
      <h3 className="font-display text-xl font-semibold">
        {payments.every((payment) => payment.giftCard) ? 'Gift card payments' : 'Card payments'}
      </h3>
      {outcome}
      <ul className="mt-3 grid gap-3">
        {payments.map((payment) => (
          // Keyed by the request's version: after a refund its form starts afresh, closed.
          <li
            key={`${payment.paymentId}-${detail.version}`}
            className="rounded-xl bg-paper px-4 py-3"
          >
            <p className="flex flex-wrap justify-between gap-x-4">
              <span>
                <span className="font-bold">{formatMoney(payment.amountCents)}</span>{' '}
                {payment.giftCard ? `with gift card ${payment.giftCard}` : 'by card'},{' '}
                {formatCalendarDate(payment.receivedOn)}
              </span>
              {payment.refundedCents > 0 ? (
                <span className="text-chocolate">
                  {payment.leftCents === 0 && payment.refundedCents >= payment.amountCents
                    ? `Refunded in full to the ${payment.giftCard ? 'gift card' : 'card'}`
                    : `${formatMoney(payment.refundedCents)} refunded to the ${payment.giftCard ? 'gift card' : 'card'}`}
                </span>
              ) : null}
            </p>
            <CardRefundStep detail={detail} payment={payment} result={result} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** What the owner can do about one card payment from here: refund what is left, or where not. */
function CardRefundStep({
  detail,
  payment,
  result,
}: {
  detail: OrderDetail
  payment: CardPayment
  result: OrderActionResult | undefined
}) {
  // A gift card's payment goes back onto that card, without Stripe (decision 114).
  const gift = payment.giftCard !== null
  if (!gift && !detail.card.refundsOn) {
    return (
      <p className="mt-1 text-sm text-chocolate">
        Card payments are off: refund it in Stripe’s dashboard.
      </p>
    )
  }
  if (!gift && !payment.refundable) {
    return (
      <p className="mt-1 text-sm text-chocolate">
        Refund this one in Stripe’s dashboard; it shows here once Stripe tells the site.
      </p>
    )
  }
  if (payment.leftCents <= 0) return null
  // A refused refund keeps its form open, with what was typed and why not.
  const refused = result && !result.ok && result.intent === 'card_refund' && !result.ask
  const err = (field: string) => errorOf(result, 'card_refund', field)
  const words = gift
    ? { action: 'Refund to the gift card', amount: 'Put back on the gift card' }
    : { action: 'Refund on card', amount: 'Refund to the card' }
  return (
    <details className="card-refund mt-2" open={Boolean(refused) || undefined}>
      <summary className="button-secondary cursor-pointer">{words.action}</summary>
      <Form method="post" action={ORDER_ANSWER_ACTION} className="mt-3 grid gap-4" noValidate>
        <input type="hidden" name="version" value={detail.version} />
        <input type="hidden" name="payment" value={payment.paymentId} />
        <AmountField
          name="card_refund_amount"
          id={`card-refund-amount-${payment.paymentId}`}
          label={words.amount}
          hint={`Up to ${formatMoney(payment.leftCents)}, what is left of this payment.${gift ? '' : ' Stripe keeps its fee.'}`}
          error={err('card_refund_amount')}
          defaultValue={centsToInput(payment.leftCents)}
        />
        <ReasonField
          name="card_refund_reason"
          id={`card-refund-reason-${payment.paymentId}`}
          label="Reason"
          optional
          error={err('card_refund_reason')}
        />
        <RefundPriceChoice
          name="card_refund_lowers_price"
          idPrefix={`card-refund-price-${payment.paymentId}`}
          detail={detail}
          error={err('card_refund_lowers_price')}
        />
        <div>
          <SendButton intent="card_refund" className="button-secondary" sending="Refunding…">
            {words.action}
          </SendButton>
        </div>
      </Form>
    </details>
  )
}
