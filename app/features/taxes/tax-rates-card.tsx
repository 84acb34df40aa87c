import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, SettingsCard, cardAction } from '#app/components/settings-card.tsx'
import { TAX_NUMBER_MAX, ratePercent, taxLabel } from '#app/features/order-status/tax-rules.ts'
import { AskFirst } from './ask-first.tsx'
import { type TaxRefusal, answerTo, refusalOf } from './tax-answers.ts'
import { TAX_LIMITS } from './tax-input.ts'
import type { TaxAnswer, TaxesPage } from './tax-settings.server.ts'

const RATES = 'tax-rates'

/** Her rates, each changed or removed in its row, and the form that adds one. */
export function RatesCard({ page, answer }: { page: TaxesPage; answer: TaxAnswer | undefined }) {
  return (
    <SettingsCard id={RATES} title="Your rates" className="mt-6">
      {page.rates.length === 0 ? (
        <p className="mt-2">None yet: without a rate in a class, no tax is charged.</p>
      ) : (
        <ul className="mt-3 grid gap-2" aria-label="Your rates">
          {page.rates.map((rate) => (
            <li
              key={rate.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-blush-100 pb-3"
            >
              <span className="min-w-24">
                <span className="font-bold">{taxLabel(rate)}</span>
                {rate.number ? (
                  <span className="block text-sm text-chocolate">No. {rate.number}</span>
                ) : null}
              </span>
              <RateChange
                // Saved, it closes: a changed rate is a new form.
                key={`${rate.name}-${rate.ppm}-${rate.number}`}
                rate={rate}
                refused={refusalOf(answer, 'save-rate', rate.id)}
                saved={answer?.ok && answer.intent === 'save-rate' ? answer : undefined}
              />
              <AskFirst
                label={
                  <>
                    Remove…<span className="sr-only"> {taxLabel(rate)}</span>
                  </>
                }
                question={`Remove ${taxLabel(rate)}? Your classes stop charging it; orders already priced keep it.`}
                fields={{ intent: 'remove-rate', id: String(rate.id) }}
                cardId={RATES}
              />
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="rate-new-heading">
        <h3 id="rate-new-heading" className="mt-5 font-display text-xl font-bold">
          Add a rate
        </h3>
        <Form
          // A new form once a rate is added: what she typed is kept only when refused.
          key={page.rates.length}
          method="post"
          action={cardAction(RATES)}
          className="mt-2 grid gap-4"
        >
          <input type="hidden" name="intent" value="add-rate" />
          <RateFields idPrefix="rate" values={refusalOf(answer, 'add-rate')?.values ?? {}} />
          <button type="submit" className="button-primary justify-self-start">
            Add the rate
          </button>
        </Form>
      </section>
      <CardAnswer
        cardId={RATES}
        answer={
          answer?.ok
            ? answerTo(answer, 'add-rate', 'save-rate', 'remove-rate')
            : answerTo(answer, 'add-rate', 'remove-rate')
        }
        className="mt-2"
      />
    </SettingsCard>
  )
}

/** A rate changed in place (a province's new rate): opened by a tap, with its own answer when refused. */
function RateChange({
  rate,
  refused,
  saved,
}: {
  rate: TaxesPage['rates'][number]
  refused?: TaxRefusal
  /** A rate's save that went through: a new answer each time she saves. */
  saved?: TaxAnswer
}) {
  const key = `rate-${rate.id}`
  const details = useRef<HTMLDetailsElement>(null)
  // Saved, it closes, even when she saved it unchanged and the row stays as it was.
  useEffect(() => {
    if (saved && details.current) details.current.open = false
  }, [saved])
  return (
    // Open, it takes the row's whole width.
    <details ref={details} className="ask-first open:basis-full" open={refused !== undefined}>
      <summary className="button-secondary">
        Change…<span className="sr-only"> {taxLabel(rate)}</span>
      </summary>
      <Form method="post" action={cardAction(RATES)} className="mt-2 grid gap-3">
        <input type="hidden" name="intent" value="save-rate" />
        <input type="hidden" name="id" value={rate.id} />
        {refused ? (
          <p className="status-error" role="alert">
            {refused.error}
          </p>
        ) : null}
        <RateFields
          idPrefix={key}
          values={
            refused?.values ?? { name: rate.name, rate: ratePercent(rate.ppm), number: rate.number }
          }
        />
        <button type="submit" className="button-primary justify-self-start">
          Save
        </button>
      </Form>
    </details>
  )
}

/** A rate's three fields, as adding one and changing one both ask them. */
function RateFields({
  idPrefix,
  values,
}: {
  idPrefix: string
  values: Partial<Record<'name' | 'rate' | 'number', string>>
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_8rem_1fr] sm:items-start">
      <FormField
        name="name"
        id={`${idPrefix}-name`}
        label="Name"
        hint="As receipts show it: HST, GST, QST."
      >
        {(control) => (
          <input
            {...control}
            required
            maxLength={TAX_LIMITS.name}
            defaultValue={values.name ?? ''}
          />
        )}
      </FormField>
      <FormField name="rate" id={`${idPrefix}-percent`} label="Rate" hint="A percent: 13 or 9.975.">
        {(control) => (
          <input {...control} required inputMode="decimal" defaultValue={values.rate ?? ''} />
        )}
      </FormField>
      <FormField
        name="number"
        id={`${idPrefix}-number`}
        label="Registration number"
        hint="Printed on receipts: 123456789 RT0001."
        optional
      >
        {(control) => (
          <input {...control} maxLength={TAX_NUMBER_MAX} defaultValue={values.number ?? ''} />
        )}
      </FormField>
    </div>
  )
}
