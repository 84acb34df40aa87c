import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { DROP_LIMITS, type NewDropDefaults, type NewDropRefusal } from './drop-form.ts'

/** Rows the form starts with: enough for a week's menu; more come as she fills them. */
const ITEM_ROWS = 4
const WINDOW_ROWS = 3

/**
 * A new drop, in four short parts: what it is, when it sells, its items and
 * its pickup times. A row left empty is skipped. Posted without scripts as
 * well; a refusal comes back with her words and each problem beside its
 * field, the first of them focused.
 */
export function NewDropForm({
  defaults,
  refusal,
  currencySymbol,
  editing = false,
}: {
  /** What the form starts with: a new drop's dates, or a drop's own values to change. */
  defaults: NewDropDefaults | Record<string, string>
  refusal?: NewDropRefusal
  currencySymbol: string
  /** A drop she made, to change: its own button and words. */
  editing?: boolean
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const sending = useNavigation().state !== 'idle'
  const errors = refusal?.errors ?? {}
  const values: Record<string, string> = refusal?.values ?? { hold_minutes: '10', ...defaults }
  useEffect(() => {
    if (refusal && formRef.current) focusFirstInvalid(formRef.current, refusal.errors)
  }, [refusal])
  const form = { values, errors }
  return (
    <Form method="post" ref={formRef} className="drop-form grid gap-6" noValidate>
      {Object.keys(errors).length > 0 ? <DropFormProblems errors={errors} /> : null}
      <AboutDropFieldset form={form} />
      <SellingFieldset form={form} />
      <ItemsFieldset form={form} currencySymbol={currencySymbol} editing={editing} />
      <PickupTimesFieldset form={form} />
      <button type="submit" className="button-primary justify-self-start" disabled={sending}>
        {editing ? 'Save changes' : 'Create drop'}
      </button>
    </Form>
  )
}

/** What she wrote and each problem by its field, as every part of the form reads them. */
interface DropFormFields {
  values: Record<string, string>
  errors: FieldErrors<string>
}

/** Rows for those in use and one spare below them, at least `least` and at most `most`. */
function rowsInUse(values: Record<string, string>, prefix: string, least: number, most: number) {
  const used = Object.keys(values)
    .map((key) => new RegExp(`^${prefix}\\.(\\d+)\\.`).exec(key))
    .filter((match) => match && values[match.input])
    .map((match) => Number(match![1]))
  return Math.min(most, Math.max(least, Math.max(-1, ...used) + 2))
}

/** A labelled input of the form by its name, filled with what she wrote and its problem. */
function inputsOf({ values, errors }: DropFormFields) {
  return (name: string, label: string, props: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input name={name} label={label} values={values} errors={errors} {...props} />
  )
}

/** The refusal's heading, and what no one field can say. */
function DropFormProblems({ errors }: { errors: FieldErrors<string> }) {
  return (
    <div className="status-error" role="alert">
      <p>Some of it needs another look: see the notes below.</p>
      {/* What no one field can say (an item or pickup time with orders) is said here too. */}
      {[errors.items, errors.windows].filter(Boolean).map((problem) => (
        <p key={problem} className="mt-1">
          {problem}
        </p>
      ))}
    </div>
  )
}

/** "The drop": its name, description and pickup day. */
function AboutDropFieldset({ form }: { form: DropFormFields }) {
  const field = inputsOf(form)
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">The drop</legend>
      {field('name', 'Name', { hint: 'What customers see: “Saturday bake”, “Holiday pies”.' })}
      <FormField name="description" label="Description" optional error={form.errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={DROP_LIMITS.description}
            defaultValue={form.values.description ?? ''}
          />
        )}
      </FormField>
      {field('pickup_date', 'Pickup day', { type: 'date' })}
    </fieldset>
  )
}

/** "When it sells": when it opens and closes, how long a basket is held, and paying at pickup. */
function SellingFieldset({ form }: { form: DropFormFields }) {
  const field = inputsOf(form)
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">When it sells</legend>
      <div className="drop-form-pair">
        {field('opens_date', 'Opens on', { type: 'date' })}
        {field('opens_time', 'Opens at', { type: 'time' })}
      </div>
      <div className="drop-form-pair">
        {field('closes_date', 'Closes on', { type: 'date' })}
        {field('closes_time', 'Closes at', { type: 'time' })}
      </div>
      {field('hold_minutes', 'Minutes a basket is held', {
        type: 'number',
        hint: `While she pays. ${DROP_LIMITS.holdMinutes.min} to ${DROP_LIMITS.holdMinutes.max}; she can ask for more time twice.`,
        inputMode: 'numeric',
      })}
      <label className="tick-label">
        <input
          type="checkbox"
          name="pay_at_pickup"
          value="on"
          defaultChecked={form.values.pay_at_pickup === 'on'}
        />
        <span>Customers may pay at pickup</span>
      </label>
    </fieldset>
  )
}

/** "Items": a row each for its name, price, stock and limit; a drop's own items keep their ids. */
function ItemsFieldset({
  form,
  currencySymbol,
  editing,
}: {
  form: DropFormFields
  currencySymbol: string
  editing: boolean
}) {
  const { values, errors } = form
  const field = inputsOf(form)
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">Items</legend>
      <p className="form-hint">
        Leave the limit empty for none.{' '}
        {editing ? 'Empty an item’s row to take it off the drop.' : 'Empty rows are skipped.'}
      </p>
      {errors.items ? <p className="form-error">{errors.items}</p> : null}
      {Array.from({ length: rowsInUse(values, 'item', ITEM_ROWS, DROP_LIMITS.items) }, (_, row) => (
        <fieldset key={row} className="drop-form-row">
          <legend className="sr-only">Item {row + 1}</legend>
          {values[`item.${row}.id`] ? (
            <input type="hidden" name={`item.${row}.id`} value={values[`item.${row}.id`]} />
          ) : null}
          {field(`item.${row}.name`, `Item ${row + 1}`)}
          {field(`item.${row}.price`, `Price (${currencySymbol})`, { inputMode: 'decimal' })}
          {field(`item.${row}.stock`, 'Stock', { type: 'number', inputMode: 'numeric' })}
          {field(`item.${row}.limit`, 'Limit each', {
            type: 'number',
            inputMode: 'numeric',
            optional: true,
          })}
        </fieldset>
      ))}
    </fieldset>
  )
}

/** "Pickup times": a row each for its start, end and cap of orders. */
function PickupTimesFieldset({ form }: { form: DropFormFields }) {
  const { values, errors } = form
  const field = inputsOf(form)
  const rows = rowsInUse(values, 'window', WINDOW_ROWS, DROP_LIMITS.windows)
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">Pickup times</legend>
      {errors.windows ? <p className="form-error">{errors.windows}</p> : null}
      <p className="form-hint">On the pickup day. Leave “orders” empty for no cap.</p>
      {Array.from({ length: rows }, (_, row) => (
        <fieldset key={row} className="drop-form-row drop-form-window">
          <legend className="sr-only">Pickup time {row + 1}</legend>
          {field(`window.${row}.start`, 'From', { type: 'time' })}
          {field(`window.${row}.end`, 'Until', { type: 'time' })}
          {field(`window.${row}.cap`, 'Orders', {
            type: 'number',
            inputMode: 'numeric',
            optional: true,
          })}
        </fieldset>
      ))}
    </fieldset>
  )
}

function Input({
  name,
  label,
  values,
  errors,
  type = 'text',
  hint,
  optional,
  inputMode,
}: {
  name: string
  label: string
  values: Record<string, string>
  errors: FieldErrors<string>
  type?: 'text' | 'date' | 'time' | 'number'
  hint?: string
  optional?: boolean
  inputMode?: 'numeric' | 'decimal'
}) {
  return (
    <FormField name={name} label={label} error={errors[name]} hint={hint} optional={optional}>
      {(control) => (
        <input
          {...control}
          type={type}
          inputMode={inputMode}
          defaultValue={values[name] ?? ''}
          {...(type === 'number' ? { min: 0 } : {})}
        />
      )}
    </FormField>
  )
}
