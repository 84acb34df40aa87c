import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, SettingsCard, answerFor, cardAction } from '#app/components/settings-card.tsx'
import { TAX_NUMBER_MAX, ratePercent, taxLabel } from '#app/features/order-status/tax-rules.ts'
import { TAX_INTENTS, TAX_LIMITS } from './tax-input.ts'
import type { TaxAnswer, TaxClassRow, TaxesPage } from './tax-settings.server.ts'

const RATES = 'tax-rates'
const CLASSES = 'tax-classes'
const TREATS = 'tax-treats'

/**
 * Settings › Taxes: how tax is worked out, her rates, her classes each with
 * the rule she follows, and which class each treat is in. Each card says
 * how its own last post went.
 */
export function TaxesSettings({ page, posted }: { page: TaxesPage; posted: unknown }) {
  const answer = answerFor<TaxAnswer>(posted, { intents: TAX_INTENTS })
  const answerOf = (...intents: string[]) =>
    answer && intents.includes(answer.intent ?? '') ? answer : undefined
  const refused = answer && !answer.ok ? answer : undefined
  return (
    <>
      <SettingsCard id="tax-rule" title="How tax is added" className="mt-6">
        <ul className="mt-3 grid list-disc gap-2 pl-5">
          <li>Tax is added on top of your prices, on quotes, drops and treats bought now.</li>
          <li>
            Each rate is charged once per order on what it applies to: after a discount code, with a
            delivery fee taxed as the goods it carries. It is rounded to the nearest cent, half a
            cent up.
          </li>
          <li>
            An order keeps the rates it was priced with: changing a rate or a class changes new
            orders and quotes only.
          </li>
          <li>
            What is taxable is yours to decide: write the rule you follow beside each class (in
            Canada many baked goods are zero-rated basic groceries, single servings often are not).
          </li>
        </ul>
      </SettingsCard>
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
                  refused={
                    refused?.intent === 'save-rate' && refused.id === rate.id ? refused : undefined
                  }
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
        <h3 className="mt-5 font-display text-xl font-bold">Add a rate</h3>
        <Form
          // A new form once a rate is added: what she typed is kept only when refused.
          key={page.rates.length}
          method="post"
          action={cardAction(RATES)}
          className="mt-2 grid gap-4"
        >
          <input type="hidden" name="intent" value="add-rate" />
          <RateFields
            idPrefix="rate"
            values={answerOf('add-rate')?.ok === false ? (refused?.values ?? {}) : {}}
          />
          <button type="submit" className="button-primary justify-self-start">
            Add the rate
          </button>
        </Form>
        <CardAnswer
          cardId={RATES}
          answer={
            answer?.ok
              ? answerOf('add-rate', 'save-rate', 'remove-rate')
              : answerOf('add-rate', 'remove-rate')
          }
          className="mt-2"
        />
      </SettingsCard>
      <SettingsCard id={CLASSES} title="Classes of what you sell" className="mt-6">
        <p className="mt-2">
          A class is the rates a kind of treat carries. A class with no rates charges no tax.
        </p>
        <CardAnswer
          cardId={CLASSES}
          // A refused class form says why in the form itself, beside what she wrote.
          answer={
            answer?.ok
              ? answerOf('add-class', 'save-class', 'remove-class')
              : answerOf('remove-class')
          }
          className="mt-2"
        />
        <div className="mt-3 grid gap-4">
          {page.classes.map((taxClass) => (
            <ClassForm
              key={taxClass.id}
              page={page}
              taxClass={taxClass}
              refused={
                refused?.intent === 'save-class' && refused.id === taxClass.id ? refused : undefined
              }
            />
          ))}
          <ClassForm
            // A fresh form once a class is added.
            key={`new-${page.classes.length}`}
            page={page}
            refused={refused?.intent === 'add-class' ? refused : undefined}
          />
        </div>
      </SettingsCard>
      <SettingsCard id={TREATS} title="Your treats" className="mt-6">
        {page.treats.length === 0 ? (
          <p className="mt-2">
            Your menu has no treats yet: add them in Settings, then choose their classes here.
          </p>
        ) : page.classes.length === 0 ? (
          <p className="mt-2">Add a class first, then choose each treat’s class here.</p>
        ) : (
          <Form method="post" action={cardAction(TREATS)} className="mt-3 grid gap-3">
            <input type="hidden" name="intent" value="save-treats" />
            {page.treats.map((treat) => (
              <div
                key={treat.id}
                className="form-field sm:grid sm:grid-cols-[1fr_18rem] sm:items-center"
              >
                <label htmlFor={`treat-class-${treat.id}`} className="form-label">
                  {treat.name}
                  {treat.active ? null : (
                    <span className="font-normal text-chocolate"> (off the menu)</span>
                  )}
                </label>
                <select
                  id={`treat-class-${treat.id}`}
                  name={`class.${treat.id}`}
                  defaultValue={treat.classId === null ? '' : String(treat.classId)}
                >
                  <option value="">No tax</option>
                  {page.classes.map((taxClass) => (
                    <option key={taxClass.id} value={taxClass.id}>
                      {taxClass.name}
                    </option>
                  ))}
                </select>
              </div>
            ))}
            <div>
              <button type="submit" className="button-primary">
                Save the treats’ classes
              </button>
            </div>
          </Form>
        )}
        <CardAnswer cardId={TREATS} answer={answerOf('save-treats')} className="mt-2" />
      </SettingsCard>
    </>
  )
}

/** One class's form (or, without a class, the form that adds one): its name, rule and rates. */
function ClassForm({
  page,
  taxClass,
  refused,
}: {
  page: TaxesPage
  taxClass?: TaxClassRow
  refused?: Extract<TaxAnswer, { ok: false }>
}) {
  const key = taxClass ? `class-${taxClass.id}` : 'class-new'
  const typed = refused?.values
  const value = (name: 'name' | 'rule') => typed?.[name] ?? taxClass?.[name] ?? ''
  const ticked = (rateId: number) =>
    typed ? typed[`rate.${rateId}`] === 'on' : (taxClass?.rateIds.includes(rateId) ?? false)
  return (
    <section className="card grid gap-3 p-4" aria-labelledby={`${key}-heading`}>
      <Form method="post" action={cardAction(CLASSES)} className="grid gap-3">
        <h3 id={`${key}-heading`} className="font-display text-xl font-bold">
          {taxClass ? taxClass.name : 'Add a class'}
        </h3>
        <input type="hidden" name="intent" value={taxClass ? 'save-class' : 'add-class'} />
        {taxClass ? <input type="hidden" name="id" value={taxClass.id} /> : null}
        {refused ? (
          <p className="status-error" role="alert">
            {refused.error}
          </p>
        ) : null}
        <FormField name="name" id={`${key}-name`} label="Name">
          {(control) => (
            <input
              {...control}
              required
              maxLength={TAX_LIMITS.className}
              defaultValue={value('name')}
            />
          )}
        </FormField>
        <FormField
          name="rule"
          id={`${key}-rule`}
          label="The rule you follow"
          hint="In your words, with its source: for your records and your accountant."
          optional
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={TAX_LIMITS.rule}
              defaultValue={value('rule')}
            />
          )}
        </FormField>
        {page.rates.length > 0 ? (
          <fieldset className="grid gap-1">
            <legend className="form-label">Rates it carries</legend>
            {page.rates.map((rate) => (
              <label key={rate.id} className="choice-label">
                <input type="checkbox" name={`rate.${rate.id}`} defaultChecked={ticked(rate.id)} />
                <span>{taxLabel(rate)}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <label className="choice-label">
          <input
            type="checkbox"
            name="drop_items"
            defaultChecked={typed ? typed.drop_items === 'on' : (taxClass?.dropItems ?? false)}
          />
          <span>A drop’s own items (not from your menu) are in this class</span>
        </label>
        <div>
          <button type="submit" className="button-primary">
            {taxClass ? `Save ${taxClass.name}` : 'Add the class'}
          </button>
        </div>
      </Form>
      {taxClass ? (
        <AskFirst
          label={`Remove ${taxClass.name}…`}
          question={`Remove ${taxClass.name}? Its treats are then charged no tax; orders already priced keep theirs.`}
          fields={{ intent: 'remove-class', id: String(taxClass.id) }}
          cardId={CLASSES}
        />
      ) : null}
    </section>
  )
}

/** A rate changed in place (a province's new rate): opened by a tap, with its own answer when refused. */
function RateChange({
  rate,
  refused,
}: {
  rate: TaxesPage['rates'][number]
  refused?: Extract<TaxAnswer, { ok: false }>
}) {
  const key = `rate-${rate.id}`
  return (
    // Open, it takes the row's whole width.
    <details className="ask-first open:basis-full" open={refused !== undefined}>
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

/** A step that takes something away: asked first, in place, with the button that does it. */
function AskFirst({
  label,
  question,
  fields,
  cardId,
}: {
  label: ReactNode
  question: ReactNode
  fields: Record<string, string>
  cardId: string
}) {
  return (
    <details className="ask-first open:basis-full">
      <summary className="button-secondary">{label}</summary>
      <Form method="post" action={cardAction(cardId)} className="mt-2 grid gap-2">
        <p>{question}</p>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button-danger justify-self-start">
          Yes, remove it
        </button>
      </Form>
    </details>
  )
}
