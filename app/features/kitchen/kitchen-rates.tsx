import { Form, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { centsToInput, currencySymbol } from '#app/utils/money.ts'
import type { KitchenRefusal } from './kitchen-action.server.ts'
import type { KitchenSettings } from './kitchen.server.ts'

export type RatesAnswer = KitchenRefusal | { ok: true; message: string }

/**
 * Her hourly rate, which every cost counts her minutes at, and the margin
 * she aims for, which flags a price that leaves less. The answer shows at
 * the top of the card, focused.
 */
export function KitchenRates({
  settings,
  answer,
}: {
  settings: KitchenSettings
  answer: RatesAnswer | undefined
}) {
  const saving = useNavigation().formMethod === 'POST'
  const refused = answer && !answer.ok ? answer : undefined
  const values = refused?.values ?? {
    hourly_rate: centsToInput(settings.hourlyRateCents),
    target_margin: String(settings.targetMarginPercent),
  }
  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="rates-heading">
      <h2 id="rates-heading" className="font-display text-2xl font-semibold">
        Your time and margin
      </h2>
      <FocusedAnswer answer={answer} fallback="Some of it needs another look." className="mt-2" />
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1" noValidate>
        <FormField
          name="hourly_rate"
          label={`Your hourly rate (${currencySymbol()})`}
          hint="What an hour of your work is worth."
          error={refused?.errors.hourly_rate}
        >
          {(props) => <input {...props} inputMode="decimal" defaultValue={values.hourly_rate} />}
        </FormField>
        <FormField
          name="target_margin"
          label="Margin you aim for (%)"
          hint="A price that leaves less is flagged."
          error={refused?.errors.target_margin}
        >
          {(props) => <input {...props} inputMode="numeric" defaultValue={values.target_margin} />}
        </FormField>
        <div className="sm:col-span-2 lg:col-span-1">
          <button type="submit" className="button-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </Form>
    </section>
  )
}
