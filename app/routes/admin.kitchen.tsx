import { useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveKitchenRates } from '#app/features/kitchen/kitchen-action.server.ts'
import { KitchenPage } from '#app/features/kitchen/kitchen-page.tsx'
import type { RatesAnswer } from '#app/features/kitchen/kitchen-rates.tsx'
import { readKitchenOverview } from '#app/features/kitchen/kitchen-view.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.kitchen'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Kitchen', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const saved = url.searchParams.get('saved')
  return {
    overview: await readKitchenOverview(getDb()),
    saved: saved && /^(recipe|ingredient)-\d{1,9}$/.test(saved) ? saved : null,
    deleted: url.searchParams.has('deleted')
      ? (url.searchParams.get('deleted') ?? '').slice(0, 80)
      : null,
  }
}

/** Her hourly rate and target margin. */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveKitchenRates({ request, db: getDb() }))
}

export default function Kitchen({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<RatesAnswer>()
  return (
    <KitchenPage
      overview={loaderData.overview}
      saved={loaderData.saved}
      deleted={loaderData.deleted}
      ratesAnswer={answer}
    />
  )
}
