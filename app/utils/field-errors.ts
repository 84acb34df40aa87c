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

/** Moves focus to the form's first control, in page order, that has a message. */
export function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors<string>): void {
  const first = Array.from(form.elements).find(
    (element): element is HTMLInputElement =>
      'name' in element && typeof element.name === 'string' && element.name in errors,
  )
  first?.focus()
}
