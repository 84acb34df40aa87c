import { getDb } from '#app/db/db.server.ts'
import { serveDropCounts } from '#app/features/drops/drop-api.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/api.drops.$slug'

/** GET /api/drops/<slug>: what is left per item and window, for the live counters. Never cached. */
export async function loader({ params }: Route.LoaderArgs) {
  return respond(await serveDropCounts({ db: getDb(), slug: params.slug }))
}
