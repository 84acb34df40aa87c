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
  const used = Object.keys(values)
    .map((key) => /^line\.(\d+)\.thing$/.exec(key))
    .filter((match) => match && values[match.input])
    .map((match) => Number(match![1]))
  const [rows, setRows] = useState(
    Math.min(KITCHEN_LIMITS.lines, Math.max(LEAST_ROWS, Math.max(-1, ...used) + 1 + SPARE_ROWS)),
  )
  useEffect(() => {
    if (refusal && formRef.current) focusFirstInvalid(formRef.current, refusal.errors)
  }, [refusal])
  const input = (name: string, inputMode: 'decimal' | 'numeric') => (control: ControlProps) => (
    <input {...control} inputMode={inputMode} defaultValue={values[name] ?? ''} />
  )
  return (
    <Form method="post" ref={formRef} className="grid gap-6" noValidate>
      {refusal ? <RefusalNote error={refusal.error ?? errors.lines} /> : null}
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
            {input('yield_amount', 'decimal')}
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
            {input('labour_minutes', 'numeric')}
          </FormField>
          <FormField
            name="packaging"
            label={`Packaging (${currencySymbol()})`}
            optional
            hint="Box, board, ribbon."
            error={errors.packaging}
          >
            {input('packaging', 'decimal')}
          </FormField>
        </div>
      </fieldset>

      <fieldset className="card grid gap-4 p-5 sm:p-6">
        <legend className="drop-form-legend">What goes in</legend>
        <p className="form-hint">
          Amounts as you write them: 2, 1.5, 1 1/2 or 3/4. A recipe used in this one can be counted
          in batches or in the unit it makes. Empty rows are skipped.
        </p>
        {Array.from({ length: rows }, (_, n) => (
          <fieldset key={n} className="kitchen-line">
            <legend className="sr-only">Line {n + 1}</legend>
            <FormField
              name={`line.${n}.thing`}
              label={`Line ${n + 1}`}
              error={errors[`line.${n}.thing`]}
            >
              {(control) => (
                <select {...control} defaultValue={values[`line.${n}.thing`] ?? ''}>
                  <option value="">Choose…</option>
                  <optgroup label="Ingredients">
                    {ingredients.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </optgroup>
                  {recipes.length > 0 ? (
                    <optgroup label="Recipes">
                      {recipes.map((choice) => (
                        <option key={choice.value} value={choice.value}>
                          {choice.label}
                        </option>
                      ))}
                    </optgroup>
                  ) : null}
                </select>
              )}
            </FormField>
            <FormField name={`line.${n}.amount`} label="Amount" error={errors[`line.${n}.amount`]}>
              {input(`line.${n}.amount`, 'decimal')}
            </FormField>
            <FormField name={`line.${n}.unit`} label="Unit" error={errors[`line.${n}.unit`]}>
              {(control) => <UnitSelect control={control} value={values[`line.${n}.unit`]} batch />}
            </FormField>
          </fieldset>
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
