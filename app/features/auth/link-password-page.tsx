import { Form, useNavigation } from 'react-router'
import { NewPasswordFields } from './new-password-fields.tsx'
import { FormAlert, SubmitButton } from './sign-in-fields.tsx'

/**
 * The page a single-use emailed link opens (a password reset, an
 * invitation): a password chosen twice while the link works, and what to do
 * once it no longer does.
 */
export function LinkPasswordPage({
  eyebrow,
  heading,
  intro,
  ids,
  label,
  submitLabel,
  linkWorks,
  gone,
  error,
}: {
  eyebrow: string
  heading: string
  intro: React.ReactNode
  ids: [password: string, confirm: string]
  label: string
  submitLabel: string
  linkWorks: boolean
  /** Said instead of the form once the link has expired or been used. */
  gone: string
  error: string | null
}) {
  const navigation = useNavigation()
  return (
    <section className="page-section max-w-xl">
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="page-heading mt-2">{heading}</h1>
      {linkWorks ? (
        <Form method="post" className="card mt-6 grid gap-4 p-5">
          <p>{intro}</p>
          <NewPasswordFields ids={ids} label={label} confirmLabel="Type it again" />
          <SubmitButton label={submitLabel} busy={navigation.state === 'submitting'} />
          <FormAlert error={error} className="min-h-6" />
        </Form>
      ) : (
        <p className="status-error mt-6" role="alert">
          {error ?? gone}
        </p>
      )}
    </section>
  )
}
