import { Link, data, redirect, useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { dropIdOf, receiveDropEdit } from '#app/features/drop-desk/drop-desk-action.server.ts'
import { dropFormValues } from '#app/features/drop-desk/drop-desk.server.ts'
import type { NewDropRefusal } from '#app/features/drop-desk/drop-form.ts'
import { NewDropForm } from '#app/features/drop-desk/new-drop-form.tsx'
import { currencySymbol } from '#app/utils/money.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.drops.$id.edit'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Change ${loaderData?.values.name ?? 'drop'}`, bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = dropIdOf(params.id)
  const values = id === null ? null : await dropFormValues(getDb(), id)
  if (!values || id === null) throw data('There is no such drop.', { status: 404 })
  return { id, values, currencySymbol: currencySymbol() }
}

/** Her changes: back to the drop's page (303), or back with what to change. */
export async function action({ params, request }: Route.ActionArgs) {
  const id = dropIdOf(params.id)
  if (id === null) throw data('There is no such drop.', { status: 404 })
  const answer = await receiveDropEdit({ request, db: getDb(), id })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export const headers = actionReplyHeaders

export default function EditDrop({ loaderData }: Route.ComponentProps) {
  const refusal = useActionData<NewDropRefusal>()
  return (
    <section className="page-section max-w-3xl" aria-labelledby="edit-drop-heading">
      <p className="eyebrow">
        <Link to={`/admin/drops/${loaderData.id}`} className="text-link">
          {loaderData.values.name}
        </Link>
      </p>
      <h1 id="edit-drop-heading" className="page-heading mt-2">
        Change the drop
      </h1>
      <p className="lede mt-3">
        More stock goes on sale at once, and anyone waiting for it is told. What customers have
        already ordered stays as it is.
      </p>
      <div className="mt-6">
        <NewDropForm
          defaults={loaderData.values}
          refusal={refusal}
          currencySymbol={loaderData.currencySymbol}
          editing
        />
      </div>
    </section>
  )
}
