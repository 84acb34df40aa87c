import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { listDrops } from '#app/features/drops/drop-list.server.ts'
import { DropList } from '#app/features/drops/drop-list.tsx'
import type { Route } from './+types/drops'

export async function loader() {
  return { drops: await listDrops(getDb(), new Date()) }
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Drops', bakeryNameFrom(matches)) },
  {
    name: 'description',
    content: 'Weekly menus baked in small batches: what is open now and what is coming.',
  },
]

export default function Drops({ loaderData }: Route.ComponentProps) {
  return <DropList drops={loaderData.drops} />
}
