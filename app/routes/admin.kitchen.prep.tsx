import { data } from 'react-router'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { readPrepSheet } from '#app/features/bake-sheets/bake-sheets.server.ts'
import { PrepSheetPage } from '#app/features/bake-sheets/sheet-pages.tsx'
import type { Route } from './+types/admin.kitchen.prep'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Prep sheet', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

/** The range's sheet, or 400 with why those days cannot be had. */
export async function loader({ request }: Route.LoaderArgs) {
  const answer = await readPrepSheet(getDb(), new URL(request.url))
  return data({ answer }, { status: answer.ok ? 200 : 400 })
}

export default function Sheet({ loaderData }: Route.ComponentProps) {
  return <PrepSheetPage answer={loaderData.answer} />
}
