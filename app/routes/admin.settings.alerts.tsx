import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import { receiveAlertsAction } from '#app/features/owner-alerts/alerts-action.server.ts'
import { loadAlertsPage } from '#app/features/owner-alerts/alerts-page.server.ts'
import { AlertsSettings } from '#app/features/owner-alerts/alerts-settings.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.alerts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Alerts on your phone', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return loadAlertsPage(getDb())
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context)
  return respond(
    await receiveAlertsAction({
      request,
      db: getDb(),
      adminId: admin.id,
      allowLoopback: getEnv().PUSH_ALLOW_LOOPBACK,
    }),
  )
}

export default function AlertsPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Alerts on your phone">
        Know first when a customer asks, answers, pays, writes, changes, cancels or reviews, and
        when a deposit is late.
      </SettingsPageHeading>
      <AlertsSettings
        devices={loaderData.devices}
        publicKey={loaderData.publicKey}
        posted={posted}
      />
    </section>
  )
}
