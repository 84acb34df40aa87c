import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { formatMoney } from '#app/utils/money.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import type { Product } from './product.ts'
import { SET_PRICE_LIMITS } from './set-price-form.ts'

/** Rows shown beyond those she has filled: one more group, two more choices in each. */
const SPARE_GROUPS = 1
const SPARE_CHOICES = 2

/** The rows of `prefix.<n>.` she has filled, and spare ones after them, up to `most`. */
function rowsOf(values: Record<string, string>, prefix: string, spare: number, most: number) {
  const pattern = new RegExp(`^${prefix.replaceAll('.', '\\.')}\\.(\\d+)\\.label$`)
  const used = Object.keys(values)
    .map((key) => pattern.exec(key))
    .filter((match) => match && values[match.input]?.trim())
    .map((match) => Number(match![1]))
  return Math.min(most, Math.max(-1, ...used) + 1 + spare)
}

/**
 * The owner's set price for one treat (decision 103): a switch that sells it
 * now or keeps it quoted, its price, pay at pickup, a rush fee, and its
 * options, each a choice (size, flavour) or her customer's own words (a
 * message on top). Plain rows that work without scripts: a group or choice
 * emptied is taken off, and saving brings spare rows for more.
 */
export function SetPriceForm({
  name,
  values,
  errors,
  saved,
  currencySymbol,
}: {
  name: string
  values: Record<string, string>
  errors: FieldErrors<string>
  /** "Saved…", shown beside the button she pressed. */
  saved?: string
  currencySymbol: string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const refused = useFocusOnRefusal(formRef, errors)
  const { input, tick } = setPriceControls(values, errors)
  const groups = rowsOf(values, 'group', SPARE_GROUPS, SET_PRICE_LIMITS.groups)
  return (
    <Form
      method="post"
      ref={formRef}
      className="drop-form grid gap-6"
      noValidate
      preventScrollReset
    >
      <input type="hidden" name="intent" value="set-price" />
      {refused ? (
        <p className="status-error" role="alert">
          Some of it needs another look: see the notes below.
        </p>
      ) : null}
      <BuyNowFields name={name} currencySymbol={currencySymbol} input={input} tick={tick} />

      {Array.from({ length: groups }, (_, row) => (
        <OptionGroupRows
          key={row}
          row={row}
          values={values}
          errors={errors}
          currencySymbol={currencySymbol}
          input={input}
          tick={tick}
        />
      ))}

      <SaveSetPrice name={name} saved={saved} />
    </Form>
  )
}

type SetPriceControls = ReturnType<typeof setPriceControls>

/** Whether the form was refused; if so, the first field to mend takes the focus. */
function useFocusOnRefusal(
  formRef: RefObject<HTMLFormElement | null>,
  errors: FieldErrors<string>,
): boolean {
  const refused = Object.keys(errors).length > 0
  useEffect(() => {
    if (refused && formRef.current) focusFirstInvalid(formRef.current, errors)
  }, [refused, errors, formRef])
  return refused
}

/** The form's two kinds of control, a labelled input and a tick, each showing what she posted. */
function setPriceControls(values: Record<string, string>, errors: FieldErrors<string>) {
  const input = (
    field: string,
    label: string,
    props: { hint?: string; optional?: boolean; decimal?: boolean; number?: boolean } = {},
  ) => (
    <FormField
      name={field}
      label={label}
      error={errors[field]}
      hint={props.hint}
      optional={props.optional}
    >
      {(control) => (
        <input
          {...control}
          type={props.number ? 'number' : 'text'}
          inputMode={props.decimal ? 'decimal' : props.number ? 'numeric' : undefined}
          {...(props.number ? { min: 1, max: SET_PRICE_LIMITS.rushDays } : {})}
          maxLength={props.number || props.decimal ? undefined : SET_PRICE_LIMITS.label}
          defaultValue={values[field] ?? ''}
        />
      )}
    </FormField>
  )
  const tick = (field: string, label: string) => (
    <label className="tick-label">
      <input type="checkbox" name={field} value="on" defaultChecked={values[field] === 'on'} />
      <span>{label}</span>
    </label>
  )
  return { input, tick }
}

/** Whether it sells now, its price, pay at pickup and the rush fee. */
function BuyNowFields({
  name,
  currencySymbol,
  input,
  tick,
}: {
  name: string
  currencySymbol: string
} & SetPriceControls) {
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">Buy now</legend>
      {tick('sells_now', `Customers can buy ${name} now, at a set price`)}
      <p className="form-hint">
        Off, it is quoted as before. Its price and options are kept either way.
      </p>
      {input('set_price', `Price (${currencySymbol})`, {
        decimal: true,
        hint: 'Before any option: the smallest size, the plainest flavour.',
      })}
      {tick('pay_at_pickup', 'Customers may pay at pickup')}
      <p className="form-hint">Otherwise they pay by card when they order.</p>
      <div className="drop-form-pair">
        {input('rush_days', 'Rush: fewer than (days)', { number: true, optional: true })}
        {input('rush_fee', `Rush fee (${currencySymbol})`, { decimal: true, optional: true })}
      </div>
      <p className="form-hint">
        An order for a date fewer than that many days away pays the rush fee.
      </p>
    </fieldset>
  )
}

function SaveSetPrice({ name, saved }: { name: string; saved: string | undefined }) {
  const sending = useNavigation().state !== 'idle'
  return (
    <div className="flex flex-wrap items-center gap-4">
      <button type="submit" className="button-primary" disabled={sending}>
        Save {name}
      </button>
      {saved && !sending ? (
        <p className="status-success" role="status">
          {saved}
        </p>
      ) : null}
    </div>
  )
}

function OptionGroupRows({
  row,
  values,
  errors,
  currencySymbol,
  input,
  tick,
}: {
  row: number
  values: Record<string, string>
  errors: FieldErrors<string>
  currencySymbol: string
  input: (
    field: string,
    label: string,
    props?: { hint?: string; optional?: boolean; decimal?: boolean },
  ) => ReactNode
  tick: (field: string, label: string) => ReactNode
}) {
  const field = (part: string) => `group.${row}.${part}`
  const choices = rowsOf(values, `group.${row}.choice`, SPARE_CHOICES, SET_PRICE_LIMITS.choices)
  // With scripts, only the fields of the kind she chose; without, all of them, each saying which.
  const hydrated = useHydrated()
  const [kind, setKind] = useState(values[field('kind')] === 'text' ? 'text' : 'choice')
  const shows = (wanted: 'choice' | 'text') => !hydrated || kind === wanted
  const title = values[field('label')]?.trim() || 'A new option'
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">{title}</legend>
      <p className="form-hint">
        Empty its name and choices to take it off. “Adds” is what a choice adds to the price; a
        minus takes off.
      </p>
      {input(field('label'), 'Option name', { hint: '“Size”, “Flavour”, “Message on top”.' })}
      <fieldset className="grid gap-2">
        <legend className="form-label">Customers</legend>
        {(['choice', 'text'] as const).map((way) => (
          <label key={way} className="tick-label">
            <input
              type="radio"
              name={field('kind')}
              value={way}
              defaultChecked={(values[field('kind')] ?? 'choice') === way}
              onChange={() => setKind(way)}
            />
            <span>
              {way === 'choice' ? 'choose one of the choices below' : 'write their own words'}
            </span>
          </label>
        ))}
      </fieldset>
      {shows('choice') ? tick(field('required'), 'They must choose one') : null}
      {shows('text')
        ? input(field('price'), `Their words cost (${currencySymbol})`, {
            decimal: true,
            optional: true,
            hint: hydrated ? undefined : 'For “write their own words” only.',
          })
        : null}
      {errors[field('kind')] ? <p className="form-error">{errors[field('kind')]}</p> : null}
      {Array.from({ length: shows('choice') ? choices : 0 }, (_, index) => {
        const choice = (part: string) => `group.${row}.choice.${index}.${part}`
        return (
          <fieldset key={index} className="drop-form-row price-form-choice">
            <legend className="sr-only">Choice {index + 1}</legend>
            {input(choice('label'), `Choice ${index + 1}`)}
            {input(choice('price'), `Adds (${currencySymbol})`, { decimal: true, optional: true })}
            {tick(choice('quote'), 'Needs a quote')}
          </fieldset>
        )
      })}
    </fieldset>
  )
}

/** Under a treat in Settings' menu: how it sells, and the way to its set price and options. */
export function SetPriceLine({ product }: { product: Product }) {
  return (
    <p className="mt-2 text-sm">
      {product.buyNowCents === null
        ? 'Quoted: customers send a request.'
        : `Buy now at ${formatMoney(product.buyNowCents)}, before options.`}{' '}
      <Link to={`/admin/settings/menu/${product.id}`} className="text-link inline-block py-2">
        Buy now and options<span className="sr-only"> for {product.name}</span>
      </Link>
    </p>
  )
}
