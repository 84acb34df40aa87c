import { useEffect, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { type ControlProps, FormField } from '#app/components/form-field.tsx'
import { focusFirstInvalid } from '#app/utils/field-errors.ts'
import { currencySymbol } from '#app/utils/money.ts'
import type { KitchenRefusal } from './kitchen-action.server.ts'
import type { LineChoice } from './kitchen-editing.server.ts'
import { RefusalNote, UnitSelect } from './kitchen-fields.tsx'
import { KITCHEN_LIMITS } from './kitchen-forms.ts'

/** Rows the form starts with, and empty rows kept below the last one used. */
const LEAST_ROWS = 4
const SPARE_ROWS = 2

/**
 * A recipe: what a batch makes, her minutes and the packaging, then its
 * lines, each an ingredient or another recipe with an amount in any unit
 * (a sub-recipe may be used by the batch). Empty rows are skipped; "Add a
 * line" gives more with scripts, and there are always spare rows without.
 */
export function RecipeForm({
  values: stored,
  refusal,
  ingredients,
  recipes,
  adding,
}: {
  values: Record<string, string>
  refusal: KitchenRefusal | undefined
  ingredients: LineChoice[]
  recipes: LineChoice[]
  adding: boolean
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const saving = useNavigation().state !== 'idle'
  const values = refusal?.values ?? stored
  const errors = refusal?.errors ?? {}
  const [rows, setRows] = useState(startingRows(values))
  useEffect(() => {
    if (refusal && formRef.current) focusFirstInvalid(formRef.current, refusal.errors)
  }, [refusal])
  return (
    <Form method="post" ref={formRef} className="grid gap-6" noValidate>
      {refusal ? <RefusalNote error={refusal.error ?? errors.lines} /> : null}
      <RecipeFieldset values={values} errors={errors} />

      <fieldset className="card grid gap-4 p-5 sm:p-6">
        <legend className="drop-form-legend">What goes in</legend>
        <p className="form-hint">
          Amounts as you write them: 2, 1.5, 1 1/2 or 3/4. A recipe used in this one can be counted
          in batches or in the unit it makes. Empty rows are skipped.
        </p>
        {Array.from({ length: rows }, (_, n) => (
          <RecipeLine
            key={n}
            n={n}
            values={values}
            errors={errors}
            ingredients={ingredients}
            recipes={recipes}
          />
        ))}
        {rows < KITCHEN_LIMITS.lines ? (
          <button
            type="button"
            className="button-secondary with-script justify-self-start"
            onClick={() => setRows((count) => Math.min(KITCHEN_LIMITS.lines, count + SPARE_ROWS))}
          >
            Add a line
          </button>
        ) : null}
      </fieldset>
      <button type="submit" className="button-primary justify-self-start" disabled={saving}>
        {saving ? 'Saving…' : adding ? 'Add recipe' : 'Save changes'}
      </button>
    </Form>
  )
}

/** The form's values and the messages by field, as the line and recipe fields read them. */
interface RecipeFormFields {
  values: Record<string, string>
  errors: KitchenRefusal['errors']
}

/** Enough rows for the lines in use and spare ones below them, within the form's bound. */
function startingRows(values: Record<string, string>): number {
  const used = Object.keys(values)
    .map((key) => /^line\.(\d+)\.thing$/.exec(key))
    .filter((match) => match && values[match.input])
    .map((match) => Number(match![1]))
  return Math.min(
    KITCHEN_LIMITS.lines,
    Math.max(LEAST_ROWS, Math.max(-1, ...used) + 1 + SPARE_ROWS),
  )
}

/** A number field filled with what the form holds under its name. */
function numberInput(
  values: Record<string, string>,
  name: string,
  inputMode: 'decimal' | 'numeric',
) {
  return (control: ControlProps) => (
    <input {...control} inputMode={inputMode} defaultValue={values[name] ?? ''} />
  )
}

/** "The recipe": its name, what a batch makes, her minutes and the packaging. */
function RecipeFieldset({ values, errors }: RecipeFormFields) {
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">The recipe</legend>
      <FormField name="name" label="Name" error={errors.name}>
        {(control) => (
          <input {...control} maxLength={KITCHEN_LIMITS.name} defaultValue={values.name ?? ''} />
        )}
      </FormField>
      <div className="kitchen-pair">
        <FormField
          name="yield_amount"
          label="One batch makes"
          hint="24 pieces, 900 g, 1 piece for one cake."
          error={errors.yield_amount}
        >
          {numberInput(values, 'yield_amount', 'decimal')}
        </FormField>
        <FormField name="yield_unit" label="Unit" error={errors.yield_unit}>
          {(control) => <UnitSelect control={control} value={values.yield_unit} />}
        </FormField>
      </div>
      <div className="kitchen-pair">
        <FormField
          name="labour_minutes"
          label="Your minutes"
          optional
          hint="Mixing, baking, decorating."
          error={errors.labour_minutes}
        >
          {numberInput(values, 'labour_minutes', 'numeric')}
        </FormField>
        <FormField
          name="packaging"
          label={`Packaging (${currencySymbol()})`}
          optional
          hint="Box, board, ribbon."
          error={errors.packaging}
        >
          {numberInput(values, 'packaging', 'decimal')}
        </FormField>
      </div>
    </fieldset>
  )
}

/** One line of the recipe: an ingredient or another recipe, an amount and its unit. */
function RecipeLine({
  n,
  values,
  errors,
  ingredients,
  recipes,
}: RecipeFormFields & { n: number; ingredients: LineChoice[]; recipes: LineChoice[] }) {
  return (
    <fieldset className="kitchen-line">
      <legend className="sr-only">Line {n + 1}</legend>
      <FormField name={`line.${n}.thing`} label={`Line ${n + 1}`} error={errors[`line.${n}.thing`]}>
        {(control) => (
          <select {...control} defaultValue={values[`line.${n}.thing`] ?? ''}>
            <option value="">Choose…</option>
            <LineChoices label="Ingredients" choices={ingredients} />
            {recipes.length > 0 ? <LineChoices label="Recipes" choices={recipes} /> : null}
          </select>
        )}
      </FormField>
      <FormField name={`line.${n}.amount`} label="Amount" error={errors[`line.${n}.amount`]}>
        {numberInput(values, `line.${n}.amount`, 'decimal')}
      </FormField>
      <FormField name={`line.${n}.unit`} label="Unit" error={errors[`line.${n}.unit`]}>
        {(control) => <UnitSelect control={control} value={values[`line.${n}.unit`]} batch />}
      </FormField>
    </fieldset>
  )
}

/** The ingredients, or the recipes, a line can use. */
function LineChoices({ label, choices }: { label: string; choices: LineChoice[] }) {
  return (
    <optgroup label={label}>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </optgroup>
  )
}
