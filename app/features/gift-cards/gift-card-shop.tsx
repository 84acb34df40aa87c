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
  return (
    <section className="page-section grid gap-10 lg:grid-cols-[1fr_1.4fr]">
      <div>
        <p className="eyebrow">Give something sweet</p>
        <h1 className="page-heading mt-2">Gift cards</h1>
        <p className="lede mt-4">
          A {bakeryName} gift card is emailed with its own code to the person you choose, with your
          message. They spend it on any order, across as many orders as it lasts.
        </p>
        <HowItWorks />
        <PaymentNotice notice={notice} />
      </div>
      <div className="card p-6 sm:p-8">
        {refusal ? <FocusedAnswer answer={refusal} className="mb-4" /> : null}
        <PurchaseForm attempt={attempt} refusal={refusal} />
      </div>
    </section>
  )
}

/** The three steps from choosing a card to its being spent. */
function HowItWorks() {
  return (
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
  )
}

/** Back from Stripe's page: her thanks, or word that nothing was charged. */
function PaymentNotice({ notice }: { notice: 'bought' | 'cancelled' | null }) {
  if (notice === 'bought') {
    return (
      <p role="status" className="status-success mt-6">
        Thank you! Your payment went through. We email the gift card as soon as it reaches us,
        usually within a minute, and send you a receipt.
      </p>
    )
  }
  if (notice === 'cancelled') {
    return (
      <p
        role="status"
        className="mt-6 rounded-2xl bg-paper px-4 py-3 font-bold ring-1 ring-chocolate/25"
      >
        You left the card payment page, so nothing was charged.
      </p>
    )
  }
  return null
}

/**
 * The purchase: the amount, whom it is for, who buys it and her message,
 * with what she wrote and why it was refused when the server sent it back.
 */
function PurchaseForm({
  attempt,
  refusal,
}: {
  attempt: string
  refusal: GiftCardShopRefusal | undefined
}) {
  const values = refusal?.values ?? {}
  const errors = refusal?.errors ?? {}
  const [amount, setAmount] = useState(values.amount ?? String(GIFT_CARD_CHOICES_CENTS[1]))
  const busy = useNavigation().state !== 'idle'
  return (
    <Form method="post" className="grid gap-5" noValidate>
      <input type="hidden" name="attempt" value={attempt} />
      <AmountChoice amount={amount} onChange={setAmount} error={errors.amount} />
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
      <PeopleFields values={values} errors={errors} />
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
  )
}

/** The card's amount: one of the set amounts, or another she types below. */
function AmountChoice({
  amount,
  onChange,
  error,
}: {
  /** The chosen amount in cents, as the radio's value, or 'other'. */
  amount: string
  onChange: (amount: string) => void
  error: string | undefined
}) {
  return (
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
              onChange={() => onChange(String(cents))}
              aria-describedby={error ? 'amount-error' : undefined}
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
            onChange={() => onChange('other')}
            aria-describedby={error ? 'amount-error' : undefined}
          />
          <span>Another amount</span>
        </label>
      </div>
      {error ? (
        <p id="amount-error" className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Whom the card is for and who buys it: a name and an email each. */
function PeopleFields({
  values,
  errors,
}: {
  values: Record<string, string>
  errors: NonNullable<GiftCardShopRefusal['errors']>
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField name="recipient_name" label="Their name" error={errors.recipient_name}>
        {(props) => <input {...props} autoComplete="off" defaultValue={values.recipient_name} />}
      </FormField>
      <FormField
        name="recipient_email"
        label="Their email"
        hint="The card and its code go here."
        error={errors.recipient_email}
      >
        {(props) => (
          <input {...props} type="email" autoComplete="off" defaultValue={values.recipient_email} />
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
          <input {...props} type="email" autoComplete="email" defaultValue={values.buyer_email} />
        )}
      </FormField>
    </div>
  )
}
