import { Form, useNavigation } from 'react-router'
import { FocusedAnswer } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { currencySymbol } from '#app/utils/money.ts'
import type { CodeField, CodeFormAnswer } from './code-form.server.ts'
import type { StoredCode } from './discount-codes.server.ts'
import { type CodeStanding, standingOf, termsWords, usesWords } from './discount-rules.ts'

const STANDING_WORDS: Record<CodeStanding, string> = {
  on: 'On',
  'not yet': 'Not started',
  ended: 'Ended',
  'used up': 'Used up',
  stopped: 'Stopped',
}

/**
 * /admin/codes: her discount codes, each with its terms, its uses and a
 * switch, and the form to make one. Customers type a code when they buy a
 * treat now or order a drop's hold.
 */
export function CodesPage({
  codes,
  today,
  answer,
}: {
  codes: StoredCode[]
  today: string
  answer: CodeFormAnswer | undefined
}) {
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Discount codes</h1>
      <p className="lede mt-3">
        A code takes an amount or a percent off the treats (never the delivery fee) when a customer
        buys now or orders from a drop. Each use is counted as the order is made, so a code with 10
        uses gives exactly 10.
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <CodeList codes={codes} today={today} answer={answer} />
        <NewCodeForm answer={answer} />
      </div>
    </section>
  )
}

function CodeList({
  codes,
  today,
  answer,
}: {
  codes: StoredCode[]
  today: string
  answer: CodeFormAnswer | undefined
}) {
  const busy = useNavigation().state !== 'idle'
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="codes-heading">
      <h2 id="codes-heading" className="font-display text-xl font-semibold text-cocoa">
        Your codes
      </h2>
      {answer?.ok ? <FocusedAnswer answer={answer} className="mt-2" /> : null}
      {codes.length === 0 ? (
        <p className="mt-3">No codes yet: make your first with the form.</p>
      ) : (
        <ul className="mt-3 grid gap-3" aria-label="Your discount codes">
          {codes.map((code) => {
            const standing = standingOf(code, today)
            return (
              <li key={code.id} className="code-row" data-testid="code-row">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <strong className="font-mono text-lg text-cocoa">{code.code}</strong>
                    <span className={`code-standing code-standing-${standing.replace(' ', '-')}`}>
                      {STANDING_WORDS[standing]}
                    </span>
                  </p>
                  <p className="text-sm text-chocolate">{termsWords(code)}</p>
                  <p className="text-sm text-chocolate">{usesWords(code)}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={code.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={code.retired ? 'start' : 'stop'}
                    className="button-secondary"
                    disabled={busy}
                  >
                    {code.retired ? 'Start again' : 'Stop'}
                    <span className="sr-only"> {code.code}</span>
                  </button>
                </Form>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

type CodeFormValues = Partial<Record<CodeField, string>>

/** "Make a code": the code, what it takes off, its terms and who may use it. */
function NewCodeForm({ answer }: { answer: CodeFormAnswer | undefined }) {
  const saving = useNavigation().formMethod === 'POST'
  const refused = answer && !answer.ok ? answer : undefined
  const values = refused?.values ?? {}
  const errors = refused?.errors ?? {}
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="new-code-heading">
      <h2 id="new-code-heading" className="font-display text-xl font-semibold text-cocoa">
        Make a code
      </h2>
      {refused ? <FocusedAnswer answer={refused} className="mt-2" /> : null}
      <Form method="post" className="mt-3 grid gap-4" noValidate key={answer?.ok ? 'made' : 'form'}>
        <FormField
          name="code"
          label="Code"
          hint="Letters, digits or dashes: SPRING10."
          error={errors.code}
        >
          {(props) => (
            <input
              {...props}
              defaultValue={values.code}
              className="uppercase"
              autoComplete="off"
              maxLength={24}
            />
          )}
        </FormField>
        <CodeKindFieldset kind={values.kind} />
        <CodeTermFields values={values} errors={errors} />
        <CodeWhoTicks values={values} />
        <div>
          <button
            type="submit"
            name="intent"
            value="add"
            className="button-primary"
            disabled={saving}
          >
            {saving ? 'Making…' : 'Make code'}
          </button>
        </div>
      </Form>
    </section>
  )
}

/** "What it takes off": an amount unless she chose a percent. */
function CodeKindFieldset({ kind }: { kind: string | undefined }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="form-label">What it takes off</legend>
      <label className="choice-label">
        <input type="radio" name="kind" value="amount" defaultChecked={kind !== 'percent'} />
        <span>An amount</span>
      </label>
      <label className="choice-label">
        <input type="radio" name="kind" value="percent" defaultChecked={kind === 'percent'} />
        <span>A percent</span>
      </label>
    </fieldset>
  )
}

/** How much it takes off, from what order size, how many times and between which days. */
function CodeTermFields({ values, errors }: { values: CodeFormValues; errors: CodeFormValues }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        name="amount"
        label={`Amount off (${currencySymbol()})`}
        hint="For an amount off."
        error={errors.amount}
      >
        {(props) => <input {...props} inputMode="decimal" defaultValue={values.amount} />}
      </FormField>
      <FormField
        name="percent"
        label="Percent off"
        hint="For a percent off: 1 to 100."
        error={errors.percent}
      >
        {(props) => <input {...props} inputMode="numeric" defaultValue={values.percent} />}
      </FormField>
      <FormField
        name="min_price"
        label={`Smallest order (${currencySymbol()})`}
        hint="Before delivery; empty for any."
        error={errors.min_price}
      >
        {(props) => <input {...props} inputMode="decimal" defaultValue={values.min_price} />}
      </FormField>
      <FormField
        name="max_uses"
        label="Uses in all"
        hint="Empty for no limit."
        error={errors.max_uses}
      >
        {(props) => <input {...props} inputMode="numeric" defaultValue={values.max_uses} />}
      </FormField>
      <FormField
        name="starts_on"
        label="First day"
        hint="Empty for from now."
        error={errors.starts_on}
      >
        {(props) => <input {...props} type="date" defaultValue={values.starts_on} />}
      </FormField>
      <FormField name="ends_on" label="Last day" hint="Empty for no end." error={errors.ends_on}>
        {(props) => <input {...props} type="date" defaultValue={values.ends_on} />}
      </FormField>
    </div>
  )
}

/** Who may use it: first orders only, and once per customer. */
function CodeWhoTicks({ values }: { values: CodeFormValues }) {
  return (
    <>
      <label className="choice-label">
        <input
          type="checkbox"
          name="first_order_only"
          defaultChecked={values.first_order_only === 'on'}
        />
        <span>
          First orders only
          <span className="form-hint block">For someone who has not ordered from you before.</span>
        </span>
      </label>
      <label className="choice-label">
        <input
          type="checkbox"
          name="once_per_customer"
          defaultChecked={values.once_per_customer === 'on'}
        />
        <span>
          Once per customer
          <span className="form-hint block">By their email address.</span>
        </span>
      </label>
    </>
  )
}
