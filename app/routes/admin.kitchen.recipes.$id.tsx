import { Link, data, redirect, useActionData } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import {
  type KitchenRefusal,
  kitchenIdOf,
  receiveKitchenThing,
} from '#app/features/kitchen/kitchen-action.server.ts'
import { readRecipeEditing } from '#app/features/kitchen/kitchen-editing.server.ts'
import { DeleteThing } from '#app/features/kitchen/kitchen-fields.tsx'
import { RecipeForm } from '#app/features/kitchen/recipe-form.tsx'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.kitchen.recipes.$id'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(loaderData?.editing.values.name ?? 'New recipe', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = kitchenIdOf(params.id)
  const editing = id === null ? null : await readRecipeEditing(getDb(), id)
  if (!editing) throw data('That recipe is not in your kitchen.', { status: 404 })
  return { adding: id === 'new', editing }
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = kitchenIdOf(params.id)
  if (id === null) throw data('That recipe is not in your kitchen.', { status: 404 })
  const answer = await receiveKitchenThing({ request, db: getDb(), kind: 'recipe', id })
  return 'location' in answer ? redirect(answer.location, 303) : respond(answer)
}

export default function RecipePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<KitchenRefusal>()
  // A refused delete is said by the delete control; the form shows what is stored.
  const refusal = answer?.about === 'delete' ? undefined : answer
  const refusedDelete = answer?.about === 'delete' ? answer.error : undefined
  const { adding, editing } = loaderData
  return (
    <section className="page-section max-w-3xl" aria-labelledby="recipe-heading">
      <p className="eyebrow">
        <Link to="/admin/kitchen" className="text-link">
          Kitchen
        </Link>
      </p>
      <h1 id="recipe-heading" className="page-heading mt-2">
        {adding ? 'New recipe' : editing.values.name}
      </h1>
      {adding && editing.ingredients.length === 0 ? (
        <p className="lede mt-3">
          Add what you buy first (
          <Link to="/admin/kitchen/ingredients/new" className="text-link">
            a new ingredient
          </Link>
          ): a recipe’s lines choose from it.
        </p>
      ) : null}
      <div className="mt-6">
        <RecipeForm
          values={editing.values}
          refusal={refusal}
          ingredients={editing.ingredients}
          recipes={editing.recipes}
          adding={adding}
        />
      </div>
      {adding ? null : (
        <DeleteThing name={editing.values.name ?? ''} what="recipe" refused={refusedDelete} />
      )}
    </section>
  )
}
