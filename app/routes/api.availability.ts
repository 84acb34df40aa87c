import { getDb } from '#app/db/db.server.ts'
import { serveAvailability } from '#app/features/availability/availability-api.server.ts'
import { respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/api.availability'

/** GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD[&product=<name>] (cached briefly: server/cache-policy.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return respond(
    await serveAvailability({
      db: getDb(),
      url: new URL(request.url),
      clientIp: context.get(clientIpContext),
    }),
  )
}
