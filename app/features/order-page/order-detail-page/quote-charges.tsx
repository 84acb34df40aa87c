import { useState } from 'react'
import { FormField } from '#app/components/form-field.tsx'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { centsToInput } from '#app/features/order-page/order-form-limits.ts'
import { taxLabel, withTaxes } from '#app/features/order-status/tax-rules.ts'
import { currencyName, currencySymbol, formatMoney, readMoney } from '#app/utils/money.ts'

type Quote = OrderDetail['quote']

/** A delivery's fee: one for a party, added to its total; none when left empty. */
export function DeliveryFeeField({
  quote,
  party,
  error,
}: {
  quote: Quote
  party: boolean
  error: string | undefined
}) {
  return (
    <FormField
      name="delivery_fee"
      label={`Delivery fee (${currencySymbol()})`}
      optional
      hint={
        party
          ? 'One fee for the party, added to its total. Leave empty for free delivery.'
          : 'Added to the price. Leave empty for free delivery.'
      }
      error={error}
    >
      {(props) => (
        <input
          {...props}
          inputMode="decimal"
          defaultValue={quote && quote.deliveryFeeCents ? centsToInput(quote.deliveryFeeCents) : ''}
        />
      )}
    </FormField>
  )
}

/**
 * The deposit, in money or as a percent of the price (of the total, when a
 * delivery fee or a party's lines make one); none when left empty.
 */
export function DepositFields({
  quote,
  ofTotal,
  error,
}: {
  quote: Quote
  ofTotal: boolean
  error: string | undefined
}) {
  const [depositKind, setDepositKind] = useState<'amount' | 'percent'>('amount')
  return (
    <fieldset className="grid gap-2">
      <legend className="form-label">Deposit</legend>
      <div className="flex flex-wrap gap-4">
        <label className="choice-label">
          <input
            type="radio"
            name="deposit_kind"
            value="amount"
            checked={depositKind === 'amount'}
            onChange={() => setDepositKind('amount')}
          />
          In {currencyName()}
        </label>
        <label className="choice-label">
          <input
            type="radio"
            name="deposit_kind"
            value="percent"
            checked={depositKind === 'percent'}
            onChange={() => setDepositKind('percent')}
          />
          {ofTotal ? 'Percent of the total' : 'Percent of the price'}
        </label>
      </div>
      <FormField
        name="deposit"
        label={depositKind === 'percent' ? 'Deposit (%)' : `Deposit (${currencySymbol()})`}
        optional
        hint="Leave empty for no deposit."
        error={error}
      >
        {(props) => (
          <input
            {...props}
            inputMode="decimal"
            defaultValue={quote && quote.depositCents ? centsToInput(quote.depositCents) : ''}
          />
        )}
      </FormField>
    </fieldset>
  )
}

/**
 * What a quote sent now adds in tax, under its price as she types it: the
 * customer's total before any delivery fee or code ("With HST 13% the
 * customer pays $101.70"). A party's members may be of other classes, so it
 * is said, not worked out.
 */
export function TaxNote({
  taxes,
  priceText,
  party,
}: {
  taxes: OrderDetail['taxesNow']
  priceText: string
  party: boolean
}) {
  if (taxes.length === 0) return null
  const names = taxes.map(taxLabel).join(' and ')
  const price = readMoney(priceText)
  const words =
    party || !price.ok || price.cents <= 0
      ? `${names} ${taxes.length > 1 ? 'are' : 'is'} added on top, by each treat’s tax class.`
      : `With ${names} the customer pays ${formatMoney(withTaxes({ totalCents: price.cents, lines: [] }, taxes).totalCents)}, before any delivery fee or code.`
  return (
    <p className="form-hint -mt-2" data-testid="quote-tax-note">
      {words}
    </p>
  )
}
