import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { SettingsPageHeading } from '#app/components/settings-page-heading.tsx'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { loadTaxesPage, receiveTaxPost } from '#app/features/taxes/tax-settings.server.ts'
import { TaxesSettings } from '#app/features/taxes/taxes-page.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.taxes'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Taxes', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return loadTaxesPage(getDb())
}

/** A rate added or removed, a class made, saved or removed, the treats' classes. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveTaxPost({ db: getDb(), request }))
}

export default function TaxesSettingsPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>()
  return (
    <section className="page-section">
      <SettingsPageHeading title="Taxes">
        The rates you charge, the classes of what you sell and the rule you follow for each.
      </SettingsPageHeading>
      <TaxesSettings page={loaderData} posted={posted} />
    </section>
  )
}
