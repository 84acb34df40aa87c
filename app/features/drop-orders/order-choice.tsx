import { useId } from 'react'
import { Form, useNavigation } from 'react-router'
import { PoliciesTick } from '#app/features/orders/policies-tick.tsx'
import type { SetPricePayment } from '#app/features/set-price-orders/payment-choices.ts'

const CHOICE_WORDS: Record<SetPricePayment, { label: string; hint: (total: string) => string }> = {
  card: {
    label: 'Pay by card now',
    hint: () => 'On Stripe’s secure page. Your treats stay yours while you pay.',
  },
  pickup: {
    label: 'Pay at pickup',
    hint: (total) => `Bring ${total} when you collect them.`,
  },
}

/**
 * The hold's last step: how she pays and the policies she ticks, then one
 * button that makes the order. One way to pay is said, not offered.
 */
export function OrderChoice({
  payments,
  policiesHtml,
  total,
  totalCents,
}: {
  payments: readonly SetPricePayment[]
  policiesHtml: string
  total: string
  totalCents: number
}) {
  const id = useId()
  const sending = useNavigation().state !== 'idle'
  const only = payments.length === 1 ? payments[0] : undefined
  return (
    <Form
      method="post"
      className="card mt-6 grid gap-5 p-6 sm:p-7"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold">
        Order them
      </h2>
      <input type="hidden" name="intent" value="order" />
      <input type="hidden" name="total_cents" value={totalCents} />
      {only ? (
        <>
          <input type="hidden" name="payment" value={only} />
          <p>
            <strong>{CHOICE_WORDS[only].label}.</strong> {CHOICE_WORDS[only].hint(total)}
          </p>
        </>
      ) : (
        <fieldset className="form-field fulfilment-choice">
          <legend className="form-label">How you will pay</legend>
          {payments.map((payment, index) => (
            <div key={payment} className="pay-choice">
              <label className="choice-label">
                <input
                  type="radio"
                  name="payment"
                  value={payment}
                  defaultChecked={index === 0}
                  aria-describedby={`${id}-${payment}`}
                />
                <span>{CHOICE_WORDS[payment].label}</span>
              </label>
              <p id={`${id}-${payment}`} className="form-hint pay-choice-hint">
                {CHOICE_WORDS[payment].hint(total)}
              </p>
            </div>
          ))}
        </fieldset>
      )}
      <PoliciesTick policiesHtml={policiesHtml} />
      <button type="submit" className="button-primary justify-self-start" disabled={sending}>
        Order for {total}
      </button>
    </Form>
  )
}
