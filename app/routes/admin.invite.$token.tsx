import { Form, redirect, useNavigation } from 'react-router'
import { pageTitle } from '#app/content/format.ts'
import { site } from '#app/content/site.ts'
import {
  readAdminInvite,
  receiveInviteAcceptance,
} from '#app/features/auth/admin-accounts.server.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { NewPasswordFields } from '#app/features/auth/new-password-fields.tsx'
import { PASSWORD_MIN_LENGTH } from '#app/features/auth/password-limits.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.invite.$token'

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Join as an admin') },
  { name: 'robots', content: 'noindex' },
]

/** The page an invitation email links to: no session, only a link that still works. */
export async function loader({ params }: Route.LoaderArgs) {
  return { invite: await readAdminInvite(getAuth(), params.token) }
}

/** Makes the admin, signs this browser in and opens the Today page. */
export async function action({ request, params }: Route.ActionArgs) {
  const result = await receiveInviteAcceptance({ request, token: params.token, auth: getAuth() })
  if (result.body.ok) throw redirect('/admin', { headers: result.headers })
  return respond(result)
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const error = actionData && !actionData.ok ? actionData.error : null
  const { invite } = loaderData
  return (
    <section className="page-section max-w-xl">
      <p className="eyebrow">For the bakery’s team</p>
      <h1 className="page-heading mt-2">Join {site.brandTitle}</h1>
      {invite ? (
        <Form method="post" className="card mt-6 grid gap-4 p-5">
          <p>
            You were invited to run the site as{' '}
            <strong className="break-words">{invite.email}</strong>. Choose a password: at least{' '}
            {PASSWORD_MIN_LENGTH} characters; a few words you will remember work well.
          </p>
          <NewPasswordFields
            ids={['invite-password', 'invite-confirm']}
            label="Password"
            confirmLabel="Type it again"
          />
          <button
            type="submit"
            className="button-primary"
            disabled={navigation.state === 'submitting'}
          >
            Join and sign in
          </button>
          <div role="alert" className="min-h-6">
            {error ? <p className="form-error">{error}</p> : null}
          </div>
        </Form>
      ) : (
        <p className="status-error mt-6" role="alert">
          {error ??
            'This invitation has expired or was already used. Ask the owner to send a new one from Settings.'}
        </p>
      )}
    </section>
  )
}
