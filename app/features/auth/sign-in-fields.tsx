import type { ReactNode, Ref } from 'react'

/**
 * The parts the owner's way in is built of, so the sign-in page (without
 * JavaScript), the sign-in dialog, "Forgot password?" and the page a reset
 * link opens ask and answer alike: her email, her password, the button that
 * says it is busy while it works, and the alert with what went wrong.
 */

/**
 * Her sign-in email. `errorId` names the error that speaks of it, while one
 * shows; `inputRef` lets a dialog start at it.
 */
export function SignInEmailField({
  errorId,
  inputRef,
}: {
  errorId?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}) {
  return (
    <label className="form-field">
      <span className="form-label">Email</span>
      <input
        type="email"
        name="email"
        required
        autoComplete="username"
        placeholder="Your email address"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        ref={inputRef}
      />
    </label>
  )
}

/** Her current password, to sign in with. */
export function SignInPasswordField() {
  return (
    <label className="form-field">
      <span className="form-label">Password</span>
      <input
        type="password"
        name="password"
        required
        autoComplete="current-password"
        placeholder="Your password"
      />
    </label>
  )
}

/** The form's button: pressed once, it waits (and says so, given `busyLabel`) until the answer comes. */
export function SubmitButton({
  label,
  busyLabel,
  busy = false,
  className = 'button-primary',
}: {
  label: string
  busyLabel?: string
  busy?: boolean
  className?: string
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy && busyLabel ? busyLabel : label}
    </button>
  )
}

/**
 * What went wrong, announced as it appears. The alert is always there, so a
 * screen reader hears a message the moment one is put in it.
 */
export function FormAlert({
  error,
  id,
  className,
}: {
  error: ReactNode
  /** The message's id, for the field it speaks of (`errorId`). */
  id?: string
  className?: string
}) {
  return (
    <div role="alert" className={className}>
      {error ? (
        <p id={id} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
