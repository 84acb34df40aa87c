import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveRecipeUses } from '#app/features/kitchen/kitchen-action.server.ts'
import { type SoldAnswer, SoldPage } from '#app/features/kitchen/sold-page.tsx'
import { readSoldView } from '#app/features/kitchen/sold-view.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.kitchen.sold'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('What you sell', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  return { view: await readSoldView(getDb()) }
}

/** What each thing she sells is made of. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveRecipeUses({ request, db: getDb() }))
}

export default function Sold({ loaderData }: Route.ComponentProps) {
  return <SoldPage view={loaderData.view} answer={useActionData<SoldAnswer>()} />
}
