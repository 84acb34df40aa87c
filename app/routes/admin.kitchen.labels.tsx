import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { LabelsPage } from '#app/features/labels/labels-page.tsx'
import {
  type LabelSettingsAnswer,
  readLabelsView,
  receiveLabelSettings,
} from '#app/features/labels/labels-view.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.kitchen.labels'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Labels', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  return { view: await readLabelsView(getDb(), new URL(request.url)) }
}

/** Her label settings. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveLabelSettings({ request, db: getDb() }))
}

export default function Labels({ loaderData }: Route.ComponentProps) {
  return <LabelsPage view={loaderData.view} answer={useActionData<LabelSettingsAnswer>()} />
}
