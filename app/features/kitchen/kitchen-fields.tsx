import { Form } from 'react-router'
import type { ControlProps } from '#app/components/form-field.tsx'
import { type Dimension, UNITS, UNIT_KEYS } from './units.ts'

/* What the kitchen's forms share: the unit list, the refusal's note, and deleting. */

const DIMENSION_NAMES: Record<Dimension, string> = {
  mass: 'Weight',
  volume: 'Volume',
  count: 'Count',
}

/** The units, by what they measure; with `batch`, a sub-recipe's whole batches first. */
export function UnitSelect({
  control,
  value,
  batch = false,
}: {
  control: ControlProps
  value: string | undefined
  batch?: boolean
}) {
  return (
    <select {...control} defaultValue={value ?? ''}>
      {value ? null : <option value="">Unit</option>}
      {batch ? <option value="batch">batches</option> : null}
      {(Object.keys(DIMENSION_NAMES) as Dimension[]).map((dimension) => (
        <optgroup key={dimension} label={DIMENSION_NAMES[dimension]}>
          {UNIT_KEYS.filter((unit) => UNITS[unit].dimension === dimension).map((unit) => (
            <option key={unit} value={unit}>
              {UNITS[unit].many}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  )
}

/** Said above a refused form: its own word, or where to look. */
export function RefusalNote({ error }: { error?: string }) {
  return (
    <div className="status-error" role="alert">
      <p>{error ?? 'Some of it needs another look: see the notes below.'}</p>
    </div>
  )
}

/**
 * Deleting asks first: the button opens a question, and only "Yes, delete"
 * posts. Works without scripts (a details element).
 */
export function DeleteThing({
  name,
  what,
  refused,
}: {
  name: string
  what: string
  /** Why the last delete was refused, said above the control. */
  refused?: string
}) {
  return (
    <>
      {refused ? (
        <p className="status-error mt-8" role="alert">
          {refused}
        </p>
      ) : null}
      <details className="kitchen-delete mt-8">
        <summary className="button-secondary">Delete this {what}…</summary>
        <Form method="post" className="card mt-3 grid gap-3 p-5">
          <p>Delete {name} for good? This cannot be undone.</p>
          <input type="hidden" name="name" value={name} />
          <button
            type="submit"
            name="intent"
            value="delete"
            className="button-danger justify-self-start"
          >
            Yes, delete {name}
          </button>
        </Form>
      </details>
    </>
  )
}
