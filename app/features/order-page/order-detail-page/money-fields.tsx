import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { LIMITS } from '#app/features/order-page/order-form-limits.ts'
import { totalOf } from '#app/features/order-status/money-owed.ts'
import { PRICE_LOWERING_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import type { OrderIntent } from '#app/features/order-status/owner-intents.ts'
import { currencySymbol, formatMoney } from '#app/utils/money.ts'
import { Outcome } from './outcome.tsx'
import { VersionField, useBusy } from './page-forms.tsx'

/*
 * What the page's money forms share: a payment recorded, a refund recorded,
 * a refund on a card. Each form names its own fields, as the server reads
 * them.
 */

/**
 * A card of one money form recorded by hand: its heading, the answer to it,
 * and its fields two to a row on a wide screen; `after` below the form.
 */
export function MoneyFormCard({
  id,
  heading,
  result,
  intents,
  after,
  children,
}: {
  /** Names the heading: `<id>-heading`. */
  id: string
  heading: string
  result: OrderActionResult | undefined
  /** The intents the card answers for. */
  intents: OrderIntent[]
  after?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold">
        {heading}
      </h2>
      <Outcome result={result} intents={intents} />
      <Form
        method="post"
        action={ORDER_ANSWER_ACTION}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        noValidate
      >
        <VersionField />
        {children}
      </Form>
      {after}
    </section>
  )
}

/** An amount of money, typed as the owner writes it ("60" or "60.50"), in the site's currency. */
export function AmountField({
  name,
  id,
  label,
  hint,
  error,
  defaultValue = '',
  onChange,
}: {
  name: string
  /** For a form repeated on the page. */
  id?: string
  /** Its word, before the currency's symbol: "Amount", "Refund". */
  label: string
  hint?: string
  error?: string
  defaultValue?: string
  /** Told each change, as typed. */
  onChange?: (typed: string) => void
}) {
  return (
    <FormField
      name={name}
      id={id}
      label={`${label} (${currencySymbol()})`}
      hint={hint}
      error={error}
    >
      {(props) => (
        <input
          {...props}
          inputMode="decimal"
          required
          defaultValue={defaultValue}
          onChange={onChange && ((event) => onChange(event.currentTarget.value))}
        />
      )}
    </FormField>
  )
}

/** The day money changed hands, today unless she says otherwise. */
export function DayField({
  name,
  label,
  error,
  today,
}: {
  name: string
  label: string
  error?: string
  today: string
}) {
  return (
    <FormField name={name} label={label} error={error}>
      {(props) => <input {...props} type="date" required defaultValue={today} />}
    </FormField>
  )
}

/** How money was paid or sent back, e-Transfer unless she says otherwise. */
export function MethodField({
  name,
  label,
  hint,
  error,
}: {
  name: string
  label: string
  hint: string
  error?: string
}) {
  return (
    <FormField name={name} label={label} hint={hint} error={error}>
      {(props) => <input {...props} required maxLength={LIMITS.method} defaultValue="e-Transfer" />}
    </FormField>
  )
}

/** A refund's reason, for the customer's email. */
export function ReasonField({
  name,
  id,
  label,
  optional,
  error,
}: {
  name: string
  id?: string
  label: string
  optional?: boolean
  error?: string
}) {
  return (
    <FormField
      name={name}
      id={id}
      label={label}
      optional={optional}
      hint="The customer reads it in her email."
      error={error}
    >
      {(props) => <textarea {...props} rows={2} maxLength={LIMITS.reason} defaultValue="" />}
    </FormField>
  )
}

/** A form's button, which says it is working while its post is on its way. */
export function SendButton({
  intent,
  className,
  sending,
  children,
}: {
  intent: OrderIntent
  className: string
  /** What it says meanwhile: "Saving…". */
  sending: string
  children: ReactNode
}) {
  const busy = useBusy(intent)
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
      {busy ? sending : children}
    </button>
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
