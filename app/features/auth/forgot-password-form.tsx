import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { PasswordFormReply } from './password-reset.server.ts'

/**
 * "Forgot password?" inside the sign-in dialog: her email, and the one
 * answer the server gives whoever asks (see password-reset.server.ts).
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const fetcher = useFetcher<PasswordFormReply>()
  const emailRef = useRef<HTMLInputElement>(null)
  const sending = fetcher.state !== 'idle'
  const answer = sending ? null : fetcher.data

  useEffect(() => emailRef.current?.focus(), [])

  return (
    <>
      <fetcher.Form method="post" action="/admin/forgot-password" className="mt-5 grid gap-4">
        <p>We will email you a link to set a new password. It works once, for 15 minutes.</p>
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
        <button type="submit" className="button-primary mt-2" disabled={sending}>
          {sending ? 'Sending...' : 'Email me a link'}
        </button>
      </fetcher.Form>
      <div role="status" className="mt-3 min-h-6">
        {answer?.ok ? <p className="status-success">{answer.message}</p> : null}
      </div>
      <div role="alert">
        {answer && !answer.ok ? <p className="form-error">{answer.error}</p> : null}
      </div>
      <button type="button" className="text-link mt-2 min-h-11" onClick={onBack}>
        Back to sign in
      </button>
    </>
  )
}
