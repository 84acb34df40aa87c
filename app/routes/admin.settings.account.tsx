import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveAccountAction } from '#app/features/auth/account-action.server.ts'
import { AccountSettings } from '#app/features/auth/account-settings.tsx'
import { listAccountAdmins } from '#app/features/auth/admin-accounts.server.ts'
import { getAuth } from '#app/features/auth/auth.server.ts'
import { ChangePasswordSettings } from '#app/features/auth/change-password-settings.tsx'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.account'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Your account', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context)
  return { admins: await listAccountAdmins(getAuth(), admin.id) }
}

export async function action({ request, context }: Route.ActionArgs) {
  // The layout's guard has refused anyone else; this names the admin whose account it is.
  const admin = requireAdmin(context)
  return respond(
    await receiveAccountAction({
      request,
      auth: getAuth(),
      db: getDb(),
      adminId: admin.id,
      siteUrl: getEnv().SITE_URL,
    }),
  )
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Your account">
        The email you sign in with, who else may run the site with you, and your password.
      </SettingsPageHeading>
      <AccountSettings admins={loaderData.admins} posted={posted} />
      <ChangePasswordSettings posted={posted} />
    </section>
  )
}
