import type { ReactNode } from 'react'
import { EMAIL_MAX_LENGTH } from '#app/utils/email-address.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { PHONE_NUMBER_HINT, PHONE_NUMBER_MAX_LENGTH } from '#app/utils/phone-number.ts'
import { FormField } from './form-field.tsx'

/** The fields that say who is writing, as every public form names them. */
export type PersonField = 'name' | 'email' | 'phone_number'

/**
 * Her name, email and phone, as the order form and the contact form ask for
 * them, each with its error beside it. `valueOf` gives back what she sent
 * before; `pairClassName` sets email and phone side by side in a box of
 * their own, where the form's own grid does not.
 */
export function PersonFields({
  valueOf,
  errors,
  nameMaxLength,
  pairClassName,
}: {
  valueOf: (field: PersonField) => string | undefined
  errors: FieldErrors<PersonField>
  /** The form's own limit for a name (its schema holds the field to it). */
  nameMaxLength: number
  pairClassName?: string
}) {
  const emailAndPhone: ReactNode = (
    <>
      <FormField name="email" label="Email" error={errors.email}>
        {(props) => (
          <input
            {...props}
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="email"
            defaultValue={valueOf('email')}
          />
        )}
      </FormField>
      <FormField
        name="phone_number"
        label="Phone Number"
        hint={PHONE_NUMBER_HINT}
        error={errors.phone_number}
      >
        {(props) => (
          <input
            {...props}
            type="tel"
            required
            maxLength={PHONE_NUMBER_MAX_LENGTH}
            autoComplete="tel"
            defaultValue={valueOf('phone_number')}
          />
        )}
      </FormField>
    </>
  )
  return (
    <>
      <FormField name="name" label="Name" error={errors.name}>
        {(props) => (
          <input
            {...props}
            type="text"
            required
            maxLength={nameMaxLength}
            autoComplete="name"
            defaultValue={valueOf('name')}
          />
        )}
      </FormField>
      {pairClassName ? <div className={pairClassName}>{emailAndPhone}</div> : emailAndPhone}
    </>
  )
}
