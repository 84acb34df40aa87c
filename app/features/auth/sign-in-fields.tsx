import type { ReactNode, Ref } from 'react'

// The parts of the owner's way in, so the sign-in page, the sign-in dialog,
// "Forgot password?" and the page a reset link opens ask and answer alike.

/**
 * Her sign-in email: `errorId` names the error about it while one shows;
 * a dialog starts at `inputRef`.
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

/** The form's button: pressed, it waits (and says so, given `busyLabel`) until the answer comes. */
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

/** What went wrong. The alert is always there, so a screen reader hears a message as it appears. */
export function FormAlert({
  error,
  id,
  className,
}: {
  error: ReactNode
  /** The message's id: the `errorId` of the field it speaks of. */
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
