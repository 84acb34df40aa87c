import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { OwnerDropsPage } from '#app/features/drop-desk/drop-list-page.tsx'
import { listOwnerDrops } from '#app/features/drops/drop-list.server.ts'
import type { Route } from './+types/admin.drops'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Drops', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return { drops: await listOwnerDrops(getDb(), new Date()) }
}

export default function DropsPage({ loaderData }: Route.ComponentProps) {
  return <OwnerDropsPage drops={loaderData.drops} />
}
