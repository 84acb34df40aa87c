import { useEffect, useRef } from 'react'
import { Form, useNavigation } from 'react-router'
import { type ControlProps, FormField } from '#app/components/form-field.tsx'
import { focusFirstInvalid } from '#app/utils/field-errors.ts'
import { currencySymbol } from '#app/utils/money.ts'
import { ALLERGENS, ALLERGEN_KEYS } from './allergens.ts'
import type { KitchenRefusal } from './kitchen-action.server.ts'
import { RefusalNote, UnitSelect } from './kitchen-fields.tsx'
import { KITCHEN_LIMITS } from './kitchen-forms.ts'

/**
 * What she buys: its name, the pack with its price, its weight per
 * millilitre when a recipe measures it by the cup, what is in the pantry,
 * what a label needs (its pack's own list, a piece's weight) and the
 * allergens it contains. A refusal comes back with her words, each
 * problem beside its field, the first focused.
 */
export function IngredientForm({
  values: stored,
  refusal,
  adding,
}: {
  values: Record<string, string>
  refusal: KitchenRefusal | undefined
  adding: boolean
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const saving = useNavigation().state !== 'idle'
  const values = refusal?.values ?? stored
  const errors = refusal?.errors ?? {}
  useEffect(() => {
    if (refusal && formRef.current) focusFirstInvalid(formRef.current, refusal.errors)
  }, [refusal])
  return (
    <Form method="post" ref={formRef} className="grid gap-6" noValidate>
      {refusal ? <RefusalNote error={refusal.error} /> : null}
      <BoughtFields values={values} errors={errors} />
      <LabelFields values={values} errors={errors} />
      <AllergenTicks values={values} />
      <button type="submit" className="button-primary justify-self-start" disabled={saving}>
        {saving ? 'Saving…' : adding ? 'Add ingredient' : 'Save changes'}
      </button>
    </Form>
  )
}

interface FieldsProps {
  values: Record<string, string>
  errors: Record<string, string | undefined>
}

/** A number she types, such as a price or a weight, shown as she wrote it. */
const decimal = (values: Record<string, string>, name: string) => (control: ControlProps) => (
  <input {...control} inputMode="decimal" defaultValue={values[name] ?? ''} />
)

/** "What you buy": its name, its pack and price, its weight per millilitre and the pantry. */
function BoughtFields({ values, errors }: FieldsProps) {
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">What you buy</legend>
      <FormField name="name" label="Name" error={errors.name}>
        {(control) => (
          <input {...control} maxLength={KITCHEN_LIMITS.name} defaultValue={values.name ?? ''} />
        )}
      </FormField>
      <div className="kitchen-pack">
        <FormField name="pack_amount" label="Pack size" error={errors.pack_amount}>
          {decimal(values, 'pack_amount')}
        </FormField>
        <FormField name="pack_unit" label="Unit" error={errors.pack_unit}>
          {(control) => <UnitSelect control={control} value={values.pack_unit} />}
        </FormField>
        <FormField
          name="pack_price"
          label={`Price (${currencySymbol()})`}
          error={errors.pack_price}
        >
          {decimal(values, 'pack_price')}
        </FormField>
      </div>
      <FormField
        name="density"
        label="Grams per millilitre"
        optional
        hint="Lets a recipe measure it by the cup or spoon: flour is about 0.53, sugar 0.85, butter 0.91, water 1."
        error={errors.density}
      >
        {decimal(values, 'density')}
      </FormField>
      <FormField
        name="pantry"
        label="In the pantry"
        optional
        hint="How much you have now, in the pack’s unit: the shopping list takes it off."
        error={errors.pantry}
      >
        {decimal(values, 'pantry')}
      </FormField>
    </fieldset>
  )
}

/** "For labels": what its pack lists, and a piece's weight. */
function LabelFields({ values, errors }: FieldsProps) {
  return (
    <fieldset className="card grid gap-4 p-5 sm:p-6">
      <legend className="drop-form-legend">For labels</legend>
      <FormField
        name="contents"
        label="What its pack lists"
        optional
        hint="Its own ingredients as its package prints them: a label shows them in brackets after its name."
        error={errors.contents}
      >
        {(control) => (
          <input
            {...control}
            maxLength={KITCHEN_LIMITS.contents}
            placeholder="wheat flour, niacin, iron, thiamine"
            defaultValue={values.contents ?? ''}
          />
        )}
      </FormField>
      <FormField
        name="piece_grams"
        label="One piece weighs (g)"
        optional
        hint="For what you buy by the piece or the dozen, such as eggs (about 50 g): a label lists ingredients by weight."
        error={errors.piece_grams}
      >
        {decimal(values, 'piece_grams')}
      </FormField>
    </fieldset>
  )
}

/** "Contains": a tick per allergen a label must name. */
function AllergenTicks({ values }: { values: Record<string, string> }) {
  return (
    <fieldset className="card grid gap-3 p-5 sm:p-6">
      <legend className="drop-form-legend">Contains</legend>
      <p className="form-hint">
        The allergens a label must name, from Canada’s and the US’s lists. Recipes that use it
        contain them too.
      </p>
      <div className="kitchen-allergens">
        {ALLERGEN_KEYS.map((key) => (
          <label key={key} className="tick-label">
            <input
              type="checkbox"
              name={`allergen.${key}`}
              value="on"
              defaultChecked={values[`allergen.${key}`] === 'on'}
            />
            <span>{ALLERGENS[key].label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
