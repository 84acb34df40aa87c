import { requestIdsOfToken } from '#app/features/customer-page/request-status.server.ts'
import { mediaSettings } from '#app/features/media/media-quota.server.ts'
import { respondWithProofImage } from '#app/features/proofs/proof-store.server.ts'
import type { Route } from './+types/requests.$token.proofs.$key'

/**
 * GET /requests/:token/proofs/:key: a design proof's image of one of the
 * link's own requests. Any other key, or a token nobody holds, is the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, store } = mediaSettings()
  const requestIds = await requestIdsOfToken(db, params.token)
  return respondWithProofImage(request, { db, store, key: params.key, requestIds })
}
