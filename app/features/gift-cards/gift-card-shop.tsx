import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { currencySymbol, formatMoney } from '#app/utils/money.ts'
import {
  GIFT_CARD_CHOICES_CENTS,
  GIFT_CARD_MESSAGE_MAX,
  type GiftCardPurchaseField,
  amountBoundsMessage,
} from './gift-card-rules.ts'

/** A purchase the server refused: why, beside each field, with what she wrote. */
export interface GiftCardShopRefusal {
  ok: false
  error: string
  errors?: Partial<Record<GiftCardPurchaseField, string>>
  values?: Record<string, string>
}

/**
 * /gift-cards: a gift card bought by card on Stripe's page and emailed to the
 * person it is for (decision 114). A plain POST form, so it works without
 * JavaScript; with it, the button says what she will pay.
 */
export function GiftCardShop({
  bakeryName,
  attempt,
  notice,
  refusal,
}: {
  bakeryName: string
  /** This page's own purchase: a double click is one payment. */
  attempt: string
  /** Back from Stripe's page: paid, or changed her mind. */
  notice: 'bought' | 'cancelled' | null
  refusal: GiftCardShopRefusal | undefined
}) {
  const values = refusal?.values ?? {}
  const errors = refusal?.errors ?? {}
  const [amount, setAmount] = useState(values.amount ?? String(GIFT_CARD_CHOICES_CENTS[1]))
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="page-section grid gap-10 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <p className="eyebrow">Give something sweet</p>
        <h1 className="page-heading mt-2">Gift cards</h1>
        <p className="lede mt-4">
          A {bakeryName} gift card is emailed with its own code to the person you choose, with your
          message. They spend it on any order, across as many orders as it lasts.
        </p>
        <ol className="mt-6 grid gap-3" aria-label="How it works">
          {[
            'Choose an amount and who it is for.',
            'Pay by card on Stripe’s secure page; we email you a receipt.',
            'They get the card by email, with its code, and use it on their order’s page.',
          ].map((step, index) => (
            <li key={step} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="grid h-8 w-8 flex-none place-items-center rounded-full bg-blush-100 font-bold text-raspberry-dark"
              >
                {index + 1}
              </span>
              <span className="pt-1">{step}</span>
            </li>
          ))}
        </ol>
        {notice === 'bought' ? (
          <p role="status" className="status-success mt-6">
            Thank you! Your payment went through. We email the gift card as soon as it reaches us,
            usually within a minute, and send you a receipt.
          </p>
        ) : notice === 'cancelled' ? (
          <p
            role="status"
            className="mt-6 rounded-2xl bg-paper px-4 py-3 font-bold ring-1 ring-chocolate/25"
          >
            You left the card payment page, so nothing was charged.
          </p>
        ) : null}
      </div>
      <div className="card p-6 sm:p-8">
        {refusal ? <FocusedAnswer answer={refusal} className="mb-4" /> : null}
        <Form method="post" className="grid gap-5" noValidate>
          <input type="hidden" name="attempt" value={attempt} />
          <fieldset className="grid gap-2">
            <legend className="form-label">Amount</legend>
            <div className="flex flex-wrap gap-2">
              {GIFT_CARD_CHOICES_CENTS.map((cents) => (
                <label key={cents} className="choice-chip">
                  <input
                    type="radio"
                    name="amount"
                    value={cents}
                    checked={amount === String(cents)}
                    onChange={() => setAmount(String(cents))}
                    aria-describedby={errors.amount ? 'amount-error' : undefined}
                  />
                  <span>{formatMoney(cents)}</span>
                </label>
              ))}
              <label className="choice-chip">
                <input
                  type="radio"
                  name="amount"
                  value="other"
                  checked={amount === 'other'}
                  onChange={() => setAmount('other')}
                  aria-describedby={errors.amount ? 'amount-error' : undefined}
                />
                <span>Another amount</span>
              </label>
            </div>
            {errors.amount ? (
              <p id="amount-error" className="form-error">
                {errors.amount}
              </p>
            ) : null}
          </fieldset>
          <FormField
            name="other_amount"
            label={`Another amount (${currencySymbol()})`}
            hint={amountBoundsMessage()}
            error={errors.other_amount}
            optional
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                defaultValue={values.other_amount}
                onFocus={() => setAmount('other')}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField name="recipient_name" label="Their name" error={errors.recipient_name}>
              {(props) => (
                <input {...props} autoComplete="off" defaultValue={values.recipient_name} />
              )}
            </FormField>
            <FormField
              name="recipient_email"
              label="Their email"
              hint="The card and its code go here."
              error={errors.recipient_email}
            >
              {(props) => (
                <input
                  {...props}
                  type="email"
                  autoComplete="off"
                  defaultValue={values.recipient_email}
                />
              )}
            </FormField>
            <FormField name="buyer_name" label="Your name" error={errors.buyer_name}>
              {(props) => <input {...props} autoComplete="name" defaultValue={values.buyer_name} />}
            </FormField>
            <FormField
              name="buyer_email"
              label="Your email"
              hint="For your receipt."
              error={errors.buyer_email}
            >
              {(props) => (
                <input
                  {...props}
                  type="email"
                  autoComplete="email"
                  defaultValue={values.buyer_email}
                />
              )}
            </FormField>
          </div>
          <FormField
            name="message"
            label="Your message"
            hint={`Up to ${GIFT_CARD_MESSAGE_MAX} characters, in the email that brings their card.`}
            error={errors.message}
            optional
          >
            {(props) => (
              <textarea
                {...props}
                rows={3}
                maxLength={GIFT_CARD_MESSAGE_MAX}
                defaultValue={values.message}
              />
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <button type="submit" className="button-primary" disabled={busy}>
              {busy
                ? 'Opening the payment page…'
                : amount === 'other'
                  ? 'Pay by card'
                  : `Pay ${formatMoney(Number(amount))} by card`}
            </button>
            <span className="text-sm text-chocolate">On Stripe’s secure page.</span>
          </div>
        </Form>
      </div>
    </section>
  )
}
