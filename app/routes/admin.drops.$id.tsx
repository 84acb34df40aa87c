import { data, redirect, useSearchParams } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { dropIdOf, receiveDropDeskAction } from '#app/features/drop-desk/drop-desk-action.server.ts'
import { DropDeskPage } from '#app/features/drop-desk/drop-desk-page.tsx'
import { readDropDesk } from '#app/features/drop-desk/drop-desk.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.drops.$id'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.view?.name ?? 'Drop', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = dropIdOf(params.id)
  const view = id === null ? null : await readDropDesk(getDb(), id, new Date())
  if (!view) throw data('There is no such drop.', { status: 404 })
  return { view }
}

/** `intent=duplicate`: the copy for next week opens (303). */
export async function action({ params, request }: Route.ActionArgs) {
  const id = dropIdOf(params.id)
  if (id === null) throw data('There is no such drop.', { status: 404 })
  const answer = await receiveDropDeskAction({ request, db: getDb(), id })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export default function Drop({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams()
  const notice =
    search.get('copied') === '1' ? 'copied' : search.get('saved') === '1' ? 'saved' : null
  return <DropDeskPage view={loaderData.view} notice={notice} />
}
