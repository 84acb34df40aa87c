/** Per-field messages for a form, keyed by the field's name. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

/**
 * The first message for each field of a failed schema parse. Takes zod's
 * error by its shape so forms can use it without loading zod up front.
 */
export function fieldErrorsOf<Field extends string>(error: {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>
}): FieldErrors<Field> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.at(-1)
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message
  }
  return errors as FieldErrors<Field>
}
