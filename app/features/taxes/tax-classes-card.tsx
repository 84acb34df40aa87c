import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { CardAnswer, SettingsCard, cardAction } from '#app/components/settings-card.tsx'
import { taxLabel } from '#app/features/order-status/tax-rules.ts'
import { AskFirst } from './ask-first.tsx'
import { type TaxRefusal, answerTo, refusalOf } from './tax-answers.ts'
import { TAX_LIMITS } from './tax-input.ts'
import type { TaxAnswer, TaxClassRow, TaxesPage } from './tax-settings.server.ts'

const CLASSES = 'tax-classes'

/** Her classes, each a form of its own, and the form that adds one. */
export function ClassesCard({ page, answer }: { page: TaxesPage; answer: TaxAnswer | undefined }) {
  return (
    <SettingsCard id={CLASSES} title="Classes of what you sell" className="mt-6">
      <p className="mt-2">
        A class is the rates a kind of treat carries. A class with no rates charges no tax.
      </p>
      <CardAnswer
        cardId={CLASSES}
        // A refused class form says why in the form itself, beside what she wrote.
        answer={
          answer?.ok
            ? answerTo(answer, 'add-class', 'save-class', 'remove-class')
            : answerTo(answer, 'remove-class')
        }
        className="mt-2"
      />
      <div className="mt-3 grid gap-4">
        {page.classes.map((taxClass) => (
          <ClassForm
            key={taxClass.id}
            page={page}
            taxClass={taxClass}
            refused={refusalOf(answer, 'save-class', taxClass.id)}
          />
        ))}
        <ClassForm
          // A fresh form once a class is added.
          key={`new-${page.classes.length}`}
          page={page}
          refused={refusalOf(answer, 'add-class')}
        />
      </div>
    </SettingsCard>
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
  refused?: TaxRefusal
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
        <RatesItCarries rates={page.rates} ticked={ticked} />
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

/** The rates a class carries, ticked: none to tick before she has a rate. */
function RatesItCarries({
  rates,
  ticked,
}: {
  rates: TaxesPage['rates']
  ticked: (rateId: number) => boolean
}) {
  if (rates.length === 0) return null
  return (
    <fieldset className="grid gap-1">
      <legend className="form-label">Rates it carries</legend>
      {rates.map((rate) => (
        <label key={rate.id} className="choice-label">
          <input type="checkbox" name={`rate.${rate.id}`} defaultChecked={ticked(rate.id)} />
          <span>{taxLabel(rate)}</span>
        </label>
      ))}
    </fieldset>
  )
}
