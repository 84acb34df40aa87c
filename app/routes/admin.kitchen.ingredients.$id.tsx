import { Link, data, redirect, useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { IngredientForm } from '#app/features/kitchen/ingredient-form.tsx'
import {
  type KitchenRefusal,
  kitchenIdOf,
  receiveKitchenThing,
} from '#app/features/kitchen/kitchen-action.server.ts'
import { readIngredientEditing } from '#app/features/kitchen/kitchen-editing.server.ts'
import { DeleteThing } from '#app/features/kitchen/kitchen-fields.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.kitchen.ingredients.$id'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.values.name ?? 'New ingredient', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = kitchenIdOf(params.id)
  const editing = id === null ? null : await readIngredientEditing(getDb(), id)
  if (!editing) throw data('That ingredient is not in your kitchen.', { status: 404 })
  return { adding: id === 'new', values: editing.values }
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = kitchenIdOf(params.id)
  if (id === null) throw data('That ingredient is not in your kitchen.', { status: 404 })
  const answer = await receiveKitchenThing({ request, db: getDb(), kind: 'ingredient', id })
  return 'location' in answer ? redirect(answer.location, 303) : respond(answer)
}

export default function IngredientPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<KitchenRefusal>()
  // A refused delete is said by the delete control; the form shows what is stored.
  const refusal = answer?.about === 'delete' ? undefined : answer
  const refusedDelete = answer?.about === 'delete' ? answer.error : undefined
  const { adding, values } = loaderData
  return (
    <section className="page-section max-w-3xl" aria-labelledby="ingredient-heading">
      <p className="eyebrow">
        <Link to="/admin/kitchen" className="text-link">
          Kitchen
        </Link>
      </p>
      <h1 id="ingredient-heading" className="page-heading mt-2">
        {adding ? 'New ingredient' : values.name}
      </h1>
      <div className="mt-6">
        <IngredientForm values={values} refusal={refusal} adding={adding} />
      </div>
      {adding ? null : (
        <DeleteThing name={values.name ?? ''} what="ingredient" refused={refusedDelete} />
      )}
    </section>
  )
}
