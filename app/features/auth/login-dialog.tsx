import { useEffect, useRef, useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { useModalDialog } from '#app/components/modal-dialog.ts'
import { ModalHeader } from '#app/components/modal-header.tsx'
import { ForgotPasswordForm } from './forgot-password-form.tsx'
import {
  FormAlert,
  SignInEmailField,
  SignInPasswordField,
  SubmitButton,
} from './sign-in-fields.tsx'
import type { SignInReply } from './sign-in.server.ts'

/**
 * The admin sign-in modal: closed by its button, Escape or a click on the
 * backdrop (see useModalDialog).
 */
export function LoginDialog({ onClose }: { onClose: () => void }) {
  const { close, dialogProps } = useModalDialog({ onClosed: onClose })
  const emailRef = useRef<HTMLInputElement>(null)
  const fetcher = useFetcher<SignInReply>()
  const navigate = useNavigate()
  const [forgot, setForgot] = useState(false)
  const submitting = fetcher.state !== 'idle'
  const error =
    !submitting && fetcher.data && !fetcher.data.ok
      ? fetcher.data.error || 'Login failed. Please try again.'
      : null

  // showModal() focuses the first control (Close); start at the email.
  useEffect(() => {
    if (!forgot) emailRef.current?.focus()
  }, [forgot])

  // Signed in: the owner starts from her Today page.
  useEffect(() => {
    if (!fetcher.data?.ok) return
    close()
    void navigate('/admin')
  }, [fetcher.data, close, navigate])

  return (
    <dialog {...dialogProps} className="modal" aria-labelledby="login-title">
      <div className="modal-panel">
        <ModalHeader titleId="login-title" title="Sign in" onClose={close} />
        {forgot ? (
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        ) : (
          <>
            <fetcher.Form method="post" action="/admin/login" className="mt-5 grid gap-4">
              <SignInEmailField inputRef={emailRef} />
              <SignInPasswordField />
              <SubmitButton
                label="Sign In"
                busyLabel="Signing in..."
                busy={submitting}
                className="button-primary mt-2"
              />
            </fetcher.Form>
            <FormAlert error={error} className="mt-3 min-h-6" />
            <button
              type="button"
              className="text-link mt-2 min-h-11"
              onClick={() => setForgot(true)}
            >
              Forgot password?
            </button>
          </>
        )}
      </div>
    </dialog>
  )
}
