import { redirect, useActionData } from 'react-router'
import { Link } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { newDropDefaults, receiveNewDrop } from '#app/features/drop-desk/drop-desk-action.server.ts'
import type { NewDropRefusal } from '#app/features/drop-desk/drop-form.ts'
import { NewDropForm } from '#app/features/drop-desk/new-drop-form.tsx'
import { currencySymbol } from '#app/utils/money.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.drops.new'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('New drop', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export function loader() {
  return { defaults: newDropDefaults(new Date()), currencySymbol: currencySymbol() }
}

/** The new drop: on to its page (303), or back with what to change. */
export async function action({ request }: Route.ActionArgs) {
  const answer = await receiveNewDrop({ request, db: getDb() })
  if ('location' in answer) return redirect(answer.location, 303)
  return respond(answer)
}

export const headers = actionReplyHeaders

export default function NewDrop({ loaderData }: Route.ComponentProps) {
  const refusal = useActionData<NewDropRefusal>()
  return (
    <section className="page-section max-w-3xl" aria-labelledby="new-drop-heading">
      <p className="eyebrow">
        <Link to="/admin/drops" className="text-link">
          Drops
        </Link>
      </p>
      <h1 id="new-drop-heading" className="page-heading mt-2">
        New drop
      </h1>
      <p className="lede mt-3">
        Times are on your own clock. It takes orders from the moment it opens until it closes or
        sells out.
      </p>
      <div className="mt-6">
        <NewDropForm
          defaults={loaderData.defaults}
          refusal={refusal}
          currencySymbol={loaderData.currencySymbol}
        />
      </div>
    </section>
  )
}
