import { type MouseEvent, useCallback, useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { SignInReply } from './sign-in.server.ts'

/**
 * The admin sign-in modal. A native <dialog> opened with showModal(), so the
 * browser keeps focus inside it and Escape closes it; a click on the
 * backdrop (the dialog element itself, outside its panel) closes it too.
 */
export function LoginDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const fetcher = useFetcher<SignInReply>()
  const submitting = fetcher.state !== 'idle'
  const error =
    !submitting && fetcher.data && !fetcher.data.ok
      ? fetcher.data.error || 'Login failed. Please try again.'
      : null

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    // showModal() would focus the first control (Close); start at the email.
    emailRef.current?.focus()
    return () => dialog?.close()
  }, [])

  // Closing the native dialog lifts the page's inertness and hands focus
  // back to whatever opened it; its close event then has the parent unmount
  // us, however it closed (a repeated Escape closes it without a cancel event).
  const close = useCallback(() => dialogRef.current?.close(), [])

  useEffect(() => {
    if (fetcher.data?.ok) close()
  }, [fetcher.data, close])

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close()
  }

  return (
    // The dialog's own keyboard handling (Escape) is native; clicks on the
    // backdrop are a pointer convenience on top of the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="login-dialog"
      aria-labelledby="login-title"
      // A close queued by an earlier unmount (React's development double
      // mount) must not close the dialog that has opened since.
      onClose={() => {
        if (!dialogRef.current?.open) onClose()
      }}
      onClick={closeOnBackdrop}
    >
      <div className="login-panel">
        <div className="flex items-center justify-between gap-4">
          <h2 id="login-title" className="font-display text-2xl font-semibold">
            Sign in
          </h2>
          <button type="button" className="dialog-close" onClick={close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <fetcher.Form method="post" action="/admin/login" className="mt-5 grid gap-4">
          <label className="form-field">
            <span className="form-label">Email</span>
            <input
              type="email"
              name="email"
              required
              autoComplete="username"
              placeholder="Your email address"
              ref={emailRef}
            />
          </label>
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
          <button type="submit" className="button-primary mt-2" disabled={submitting}>
            {submitting ? 'Signing in...' : 'Sign In'}
          </button>
        </fetcher.Form>
        <div role="alert" className="mt-3 min-h-6">
          {error ? (
            <p className="form-error">{error || 'Login failed. Please try again.'}</p>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
