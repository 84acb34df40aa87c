import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveSiteFile } from '#app/features/moving/moving-action.server.ts'
import { MovingPage } from '#app/features/moving/moving-page.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings.moving'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Move your site', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveSiteFile({ request, db: getDb() }))
}

export default function Moving({ actionData }: Route.ComponentProps) {
  return <MovingPage reply={actionData} />
}
