import { redirect } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { LinkPasswordPage } from '#app/features/auth/link-password-page.tsx'
import { PASSWORD_MIN_LENGTH } from '#app/features/auth/password-limits.ts'
import { isResetLinkValid, receivePasswordReset } from '#app/features/auth/password-reset.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.reset-password.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Set a new password', bakeryNameFrom(matches)) },
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
  return (
    <LinkPasswordPage
      eyebrow="For the owner"
      heading="Set a new password"
      intro={`At least ${PASSWORD_MIN_LENGTH} characters; a few words you will remember work well. Setting it signs you out on every other browser.`}
      ids={['new-password', 'confirm-password']}
      label="New password"
      submitLabel="Set new password"
      linkWorks={loaderData.valid}
      gone="This link has expired or was already used. Ask for a new one with “Forgot password?” in the sign-in dialog (Admin Login, at the foot of every page)."
      error={actionData && !actionData.ok ? actionData.error : null}
    />
  )
}
