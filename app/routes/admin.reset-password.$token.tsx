import { Form, redirect, useNavigation } from 'react-router'
import { pageTitle } from '#app/content/format.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { NewPasswordFields } from '#app/features/auth/new-password-fields.tsx'
import { PASSWORD_MIN_LENGTH } from '#app/features/auth/password-limits.ts'
import { isResetLinkValid, receivePasswordReset } from '#app/features/auth/password-reset.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.reset-password.$token'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Set a new password') },
  { name: 'robots', content: 'noindex' },
]

/** The page a "Forgot password?" email links to; it needs no session, only a link that still works. */
export async function loader({ params }: Route.LoaderArgs) {
  return { valid: await isResetLinkValid(getAuth(), params.token) }
}

/** Sets the password, signs this browser in and takes her to her Today page. */
export async function action({ request, params }: Route.ActionArgs) {
  const result = await receivePasswordReset({ request, token: params.token, auth: getAuth() })
  if (result.body.ok) throw redirect('/admin', { headers: result.headers })
  return respond(result)
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const error = actionData && !actionData.ok ? actionData.error : null
  return (
    <section className="page-section max-w-xl">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Set a new password</h1>
      {loaderData.valid ? (
        <Form method="post" className="card mt-6 grid gap-4 p-5">
          <p>
            At least {PASSWORD_MIN_LENGTH} characters; a few words you will remember work well.
            Setting it signs you out on every other browser.
          </p>
          <NewPasswordFields
            ids={['new-password', 'confirm-password']}
            label="New password"
            confirmLabel="Type it again"
          />
          <button
            type="submit"
            className="button-primary"
            disabled={navigation.state === 'submitting'}
          >
            Set new password
          </button>
          <div role="alert" className="min-h-6">
            {error ? <p className="form-error">{error}</p> : null}
          </div>
        </Form>
      ) : (
        <p className="status-error mt-6" role="alert">
          This link has expired or was already used. Ask for a new one with “Forgot password?” in
          the sign-in dialog (Admin Login, at the foot of every page).
        </p>
      )}
    </section>
  )
}
