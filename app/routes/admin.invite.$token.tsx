import { redirect } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import {
  readAdminInvite,
  receiveInviteAcceptance,
} from '#app/features/auth/admin-accounts.server.ts'
import { AdminInvitePage } from '#app/features/auth/admin-invite-page.tsx'
import { getAuth } from '#app/features/auth/auth.server.ts'
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
  return (
    <AdminInvitePage
      email={loaderData.invite?.email ?? null}
      error={actionData && !actionData.ok ? actionData.error : null}
    />
  )
}
