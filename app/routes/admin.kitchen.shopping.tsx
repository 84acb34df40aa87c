import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { readShoppingList } from '#app/features/bake-sheets/bake-sheets.server.ts'
import { ShoppingListPage } from '#app/features/bake-sheets/sheet-pages.tsx'
import type { Route } from './+types/admin.kitchen.shopping'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Shopping list', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/** The range's sheet, or 400 with why those days cannot be had. */
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await readShoppingList(getDb(), new URL(request.url))
  return data({ answer }, { status: answer.ok ? 200 : 400 })
}

export default function Sheet({ loaderData }: Route.ComponentProps) {
  return <ShoppingListPage answer={loaderData.answer} />
}
