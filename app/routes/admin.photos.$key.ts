import {
  photoNotFound,
  respondWithInspirationPhoto,
} from '#app/features/inspiration/inspiration-photos.server.ts'
import { inspirationSettings } from '#app/features/inspiration/inspiration-upload.server.ts'
import type { Route } from './+types/admin.photos.$key'

/**
 * GET /admin/photos/:key: a customer's inspiration photo, for the signed-in
 * owner only. Anyone else gets the same 404 as for a key that does not
 * exist, not a 401: the answer must not say that a photo is there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!context.admin) return photoNotFound()
  const { db, store } = inspirationSettings()
  return respondWithInspirationPhoto(request, { db, store, key: params.key })
}
