import { FormField } from '#app/components/form-field.tsx'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts'

/**
 * A new password and the same again (`password`, `confirm`), as a reset, an
 * invitation and Settings ask for it; `ids` keeps each form's fields apart.
 */
export function NewPasswordFields({
  ids,
  label,
  confirmLabel,
  hint,
}: {
  ids: [password: string, confirm: string]
  label: string
  confirmLabel: string
  hint?: string
}) {
  const limits = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }
  return (
    <>
      <FormField name={ids[0]} label={label} hint={hint}>
        {(props) => (
          <input
            {...props}
            name="password"
            type="password"
            required
            autoComplete="new-password"
            {...limits}
          />
        )}
      </FormField>
      <FormField name={ids[1]} label={confirmLabel}>
        {(props) => (
          <input
            {...props}
            name="confirm"
            type="password"
            required
            autoComplete="new-password"
            {...limits}
          />
        )}
      </FormField>
    </>
  )
}
