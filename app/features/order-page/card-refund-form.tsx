import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { PRICE_LOWERING_STATUSES, isIn, totalOf } from '#app/features/order-status/order-status.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { currencySymbol, formatMoney } from '#app/utils/money.ts'
import type { OrderActionResult } from './order-actions.ts'
import { ORDER_ANSWER_ACTION } from './order-answer.ts'
import type { OrderDetail } from './order-detail.server.ts'
import { LIMITS, centsToInput } from './order-form-limits.ts'

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
  const { payments, refundsOn } = detail.card
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'card_refund'
  if (payments.length === 0) return null
  // A refused refund keeps its form open, with what was typed and why not.
  const refused = result && !result.ok && result.intent === 'card_refund' && !result.ask
  return (
    <div className="mt-5 border-t border-blush pt-4" data-testid="card-payments">
      <h3 className="font-display text-xl font-semibold">Card payments</h3>
      {outcome}
      <ul className="mt-3 grid gap-3">
        {payments.map((payment) => {
          const mine = refused && result.fieldErrors !== undefined
          const error = mine ? result.fieldErrors?.card_refund_amount : undefined
          return (
            // Keyed by the request's version: after a refund its form starts afresh, closed.
            <li
              key={`${payment.paymentId}-${detail.version}`}
              className="rounded-xl bg-paper px-4 py-3"
            >
              <p className="flex flex-wrap justify-between gap-x-4">
                <span>
                  <span className="font-bold">{formatMoney(payment.amountCents)}</span> by card,{' '}
                  {formatCalendarDate(payment.receivedOn)}
                </span>
                {payment.refundedCents > 0 ? (
                  <span className="text-chocolate">
                    {payment.leftCents === 0 && payment.refundedCents >= payment.amountCents
                      ? 'Refunded in full to the card'
                      : `${formatMoney(payment.refundedCents)} refunded to the card`}
                  </span>
                ) : null}
              </p>
              {!refundsOn ? (
                <p className="mt-1 text-sm text-chocolate">
                  Card payments are off: refund it in Stripe’s dashboard.
                </p>
              ) : !payment.refundable ? (
                <p className="mt-1 text-sm text-chocolate">
                  Refund this one in Stripe’s dashboard; it shows here once Stripe tells the site.
                </p>
              ) : payment.leftCents > 0 ? (
                <details className="card-refund mt-2" open={Boolean(refused) || undefined}>
                  <summary className="button-secondary cursor-pointer">Refund on card</summary>
                  <Form
                    method="post"
                    action={ORDER_ANSWER_ACTION}
                    className="mt-3 grid gap-4"
                    noValidate
                  >
                    <input type="hidden" name="version" value={detail.version} />
                    <input type="hidden" name="payment" value={payment.paymentId} />
                    <FormField
                      name="card_refund_amount"
                      id={`card-refund-amount-${payment.paymentId}`}
                      label={`Refund to the card (${currencySymbol()})`}
                      hint={`Up to ${formatMoney(payment.leftCents)}, what is left of this payment. Stripe keeps its fee.`}
                      error={error}
                    >
                      {(props) => (
                        <input
                          {...props}
                          inputMode="decimal"
                          required
                          defaultValue={centsToInput(payment.leftCents)}
                        />
                      )}
                    </FormField>
                    <FormField
                      name="card_refund_reason"
                      id={`card-refund-reason-${payment.paymentId}`}
                      label="Reason"
                      optional
                      hint="The customer reads it in her email."
                      error={mine ? result.fieldErrors?.card_refund_reason : undefined}
                    >
                      {(props) => (
                        <textarea {...props} rows={2} maxLength={LIMITS.reason} defaultValue="" />
                      )}
                    </FormField>
                    <RefundPriceChoice
                      name="card_refund_lowers_price"
                      idPrefix={`card-refund-price-${payment.paymentId}`}
                      detail={detail}
                      error={mine ? result.fieldErrors?.card_refund_lowers_price : undefined}
                    />
                    <div>
                      <button
                        type="submit"
                        name="intent"
                        value="card_refund"
                        className="button-secondary"
                        disabled={busy}
                      >
                        {busy ? 'Refunding…' : 'Refund on card'}
                      </button>
                    </div>
                  </Form>
                </details>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/**
 * A refund's choice (decision 060): money back at an unchanged price (what
 * was refunded is owed again), or a price that comes down by the refund
 * ("one tier fewer, $25 back"). Shown where the price may still come down;
 * posted as `<name>=no|yes`, money back when absent.
 */
export function RefundPriceChoice({
  name,
  idPrefix,
  detail,
  error,
}: {
  name: 'refund_lowers_price' | 'card_refund_lowers_price'
  /** Ids of its own, for a form repeated on the page. */
  idPrefix: string
  detail: OrderDetail
  error?: string
}) {
  if (!isIn(PRICE_LOWERING_STATUSES, detail.request.status)) return null
  const total = formatMoney(totalOf(detail.money))
  const errorId = `${idPrefix}-error`
  return (
    <fieldset
      className="grid gap-1"
      aria-describedby={error ? errorId : undefined}
      data-testid="refund-price-choice"
    >
      <legend className="form-label">The price</legend>
      <label className="choice-label">
        <input type="radio" name={name} value="no" defaultChecked id={`${idPrefix}-no`} />
        <span>
          Money back, price unchanged
          <span className="block text-sm font-normal text-chocolate">
            The total stays {total}; what is refunded is owed again.
          </span>
        </span>
      </label>
      <label className="choice-label">
        <input type="radio" name={name} value="yes" id={`${idPrefix}-yes`} />
        <span>
          This lowers the price
          <span className="block text-sm font-normal text-chocolate">
            The total comes down from {total} by the refund.
          </span>
        </span>
      </label>
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
