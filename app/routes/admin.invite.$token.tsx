import { redirect } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { useSiteWords } from '#app/components/use-site-words.ts'
import { pageTitle } from '#app/content/format.ts'
import { INVITE_GONE } from '#app/features/auth/account.ts'
import {
  readAdminInvite,
  receiveInviteAcceptance,
} from '#app/features/auth/admin-accounts.server.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { LinkPasswordPage } from '#app/features/auth/link-password-page.tsx'
import { PASSWORD_MIN_LENGTH } from '#app/features/auth/password-limits.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.invite.$token'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Join as an admin', bakeryNameFrom(matches)) },
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
  const { invite } = loaderData
  // Her bakery's name as it stands now (Settings › Your site).
  const { identity } = useSiteWords()
  return (
    <LinkPasswordPage
      eyebrow="For the bakery’s team"
      heading={`Join ${identity.name}`}
      intro={
        <>
          You were invited to run the site as{' '}
          <strong className="break-words">{invite?.email}</strong>. Choose a password: at least{' '}
          {PASSWORD_MIN_LENGTH} characters; a few words you will remember work well.
        </>
      }
      ids={['invite-password', 'invite-confirm']}
      label="Password"
      submitLabel="Join and sign in"
      linkWorks={invite !== null}
      gone={INVITE_GONE}
      error={actionData && !actionData.ok ? actionData.error : null}
    />
  )
}
