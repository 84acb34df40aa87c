import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { PasswordFormReply } from './password-reset.server.ts'
import { FormAlert, SignInEmailField, SubmitButton } from './sign-in-fields.tsx'

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
        <SignInEmailField inputRef={emailRef} />
        <SubmitButton
          label="Email me a link"
          busyLabel="Sending..."
          busy={sending}
          className="button-primary mt-2"
        />
      </fetcher.Form>
      <div role="status" className="mt-3 min-h-6">
        {answer?.ok ? <p className="status-success">{answer.message}</p> : null}
      </div>
      <FormAlert error={answer && !answer.ok ? answer.error : null} />
      <button type="button" className="text-link mt-2 min-h-11" onClick={onBack}>
        Back to sign in
      </button>
    </>
  )
}
