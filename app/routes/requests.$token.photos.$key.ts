import { requestIdsOfToken } from '#app/features/customer-page/request-status.server.ts'
import { respondWithInspirationPhoto } from '#app/features/inspiration/inspiration-photos.server.ts'
import { inspirationSettings } from '#app/features/inspiration/inspiration-upload.server.ts'
import type { Route } from './+types/requests.$token.photos.$key'

/**
 * GET /requests/:token/photos/:key: an inspiration photo sent with one of the
 * link's own requests. Any other key, or a token nobody holds, is the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, store } = inspirationSettings()
  const requestIds = await requestIdsOfToken(db, params.token)
  return respondWithInspirationPhoto(request, { db, store, key: params.key, requestIds })
}
