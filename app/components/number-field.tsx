import { FormField } from './form-field.tsx'

/**
 * A settings form's whole-number field: its label, a short number input held
 * to `limits`, and the hint below saying what the number counts and its range.
 */
export function NumberField({
  id,
  name,
  label,
  value,
  limits,
  hint,
  step,
}: {
  id: string
  name: string
  label: string
  value: number
  limits: { min: number; max: number }
  hint: string
  step?: number
}) {
  return (
    <FormField id={id} name={name} label={label} hint={hint}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={limits.min}
          max={limits.max}
          step={step}
          required
          defaultValue={value}
          className="max-w-32"
        />
      )}
    </FormField>
  )
}
