import { getDb } from '#app/db/db.server.ts'
import { labelsPdfResponse } from '#app/features/labels/labels-view.server.ts'
import type { Route } from './+types/admin.drops.$id.labels-pdf'

/** GET /admin/drops/<id>/labels.pdf: the drop's labels to print. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null
  if (id === null) return new Response('Not found', { status: 404 })
  return labelsPdfResponse(getDb(), { drop: id }, new URL(request.url))
}
