import {
  FormAlert,
  SignInEmailField,
  SignInPasswordField,
  SubmitButton,
} from './sign-in-fields.tsx'

/**
 * The sign-in page's form (routes/admin.sign-in.tsx): the dialog's fields in
 * a plain form that posts itself, for a browser without JavaScript or a page
 * whose scripts failed to load (decision 035).
 */
export function SignInForm({ error }: { error: string | null }) {
  return (
    <form method="post" className="mt-6 grid max-w-md gap-4">
      <SignInEmailField errorId={error ? 'sign-in-error' : undefined} />
      <SignInPasswordField />
      <SubmitButton label="Sign In" className="button-primary mt-2 justify-self-start" />
      <FormAlert error={error} id="sign-in-error" className="min-h-6" />
    </form>
  )
}
