import { getDb } from '#app/db/db.server.ts'
import { answerPrice } from '#app/features/set-price-orders/price-api.server.ts'
import { respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/api.price'

/** GET /api/price: a set-price treat's exact total for what she chose (decision 102). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return respond(
    await answerPrice({
      db: getDb(),
      url: new URL(request.url),
      clientIp: context.get(clientIpContext),
    }),
  )
}
