import { data, useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { textKeysOf } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { loadTextsPage, receiveTextSettings } from '#app/features/texts/texts-page.server.ts'
import { TextsSettings } from '#app/features/texts/texts-page.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.texts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Texts to your customers', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/** Without her Twilio keys there is nothing of texts to show (decision 111). */
function requireTexts() {
  if (!textKeysOf()) throw data('Texts are off: set your Twilio keys to use them.', { status: 404 })
}

export async function loader() {
  requireTexts()
  return loadTextsPage(getDb())
}

export async function action({ request }: Route.ActionArgs) {
  requireTexts()
  return respond(await receiveTextSettings({ request, db: getDb() }))
}

export default function TextsSettingsPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Texts to your customers">
        Reminders the day before and two hours before a pickup, and a text when an order is ready,
        to customers who asked for them, through your own Twilio account.
      </SettingsPageHeading>
      <TextsSettings page={loaderData} posted={posted} />
    </section>
  )
}
