import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { DeliveryFee } from '#app/features/menu/option-prices.ts'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { DELIVERY_FEE_ROWS } from './delivery-fee-form.ts'

/** Spare rows after her fees, for new ones. */
const SPARE_ROWS = 2

/** The form's fields for the fees kept. */
export function deliveryFeeValues(fees: readonly DeliveryFee[]): Record<string, string> {
  return Object.fromEntries(
    fees.flatMap((fee, row) => [
      [`fee.${row}.prefix`, fee.prefix],
      [`fee.${row}.amount`, (fee.feeCents / 100).toFixed(2)],
    ]),
  )
}

/**
 * Her delivery fees by the start of a postal code, for every treat bought
 * now (decision 102): the longest start that matches a customer's code sets
 * her fee, and a code none matches is not delivered to.
 */
export function DeliveryFeeForm({
  values,
  errors,
  saved,
  currencySymbol,
}: {
  values: Record<string, string>
  errors: FieldErrors<string>
  /** "Saved…", shown beside the button she pressed. */
  saved?: string
  currencySymbol: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const sending = useNavigation().state !== 'idle'
  const refused = Object.keys(errors).length > 0
  useEffect(() => {
    if (refused && formRef.current) focusFirstInvalid(formRef.current, errors)
  }, [refused, errors])
  const used = Object.keys(values)
    .map((key) => /^fee\.(\d+)\.prefix$/.exec(key))
    .filter((match) => match && values[match.input]?.trim())
    .map((match) => Number(match![1]))
  const rows = Math.min(DELIVERY_FEE_ROWS, Math.max(-1, ...used) + 1 + SPARE_ROWS)
  return (
    <Form
      method="post"
      ref={formRef}
      className="drop-form grid gap-4"
      noValidate
      preventScrollReset
    >
      <input type="hidden" name="intent" value="delivery-fees" />
      <fieldset className="card grid gap-4 p-5 sm:p-6">
        <legend className="drop-form-legend">Delivery fees</legend>
        <p className="form-hint">
          For every treat bought now, when delivery is on. The longest start that matches her postal
          code sets the fee: M4C before M. Codes that match none are not delivered to.
        </p>
        {Array.from({ length: rows }, (_, row) => {
          const field = (part: string) => `fee.${row}.${part}`
          return (
            <fieldset key={row} className="drop-form-pair">
              <legend className="sr-only">Delivery fee {row + 1}</legend>
              {[
                [field('prefix'), 'Postal codes starting', 'text'],
                [field('amount'), `Fee (${currencySymbol})`, 'decimal'],
              ].map(([name, label, mode]) => (
                <FormField key={name} name={name!} label={label!} error={errors[name!]}>
                  {(control) => (
                    <input
                      {...control}
                      inputMode={mode === 'decimal' ? 'decimal' : undefined}
                      autoCapitalize={mode === 'text' ? 'characters' : undefined}
                      defaultValue={values[name!] ?? ''}
                    />
                  )}
                </FormField>
              ))}
            </fieldset>
          )
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="button-secondary" disabled={sending}>
          Save delivery fees
        </button>
        {saved && !sending ? (
          <p className="status-success" role="status">
            {saved}
          </p>
        ) : refused ? (
          <p className="status-error" role="alert">
            Some of it needs another look: see the notes above.
          </p>
        ) : null}
      </div>
    </Form>
  )
}
