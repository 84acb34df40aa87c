import { getDb } from '#app/db/db.server.ts'
import { answerAvailability } from '#app/features/availability/availability.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/api.availability'

/** GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD[&product=<name>] (cached briefly: server/cache-policy.ts). */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb()
  return respond(
    await answerAvailability({
      db,
      url: new URL(request.url),
      products: await listActiveProducts(db),
    }),
  )
}
