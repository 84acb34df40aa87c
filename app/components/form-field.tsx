import type { ReactNode } from 'react'

export interface ControlProps {
  id: string
  name: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

/**
 * A labelled form control with its hint and error wired up for assistive
 * technology. The control itself is rendered by the caller.
 */
export function FormField({
  name,
  id: givenId,
  label,
  error,
  hint,
  optional = false,
  children,
}: {
  name: string
  /** The control's id; `field-<name>` unless given (a form repeated on one page needs its own). */
  id?: string
  label: string
  error?: string
  hint?: string
  optional?: boolean
  children: (props: ControlProps) => ReactNode
}) {
  const id = givenId ?? `field-${name}`
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
        {optional ? <span className="form-optional"> (optional)</span> : null}
      </label>
      {children({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {/* Below the control, so fields side by side keep their controls in line. */}
      {hint ? (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
