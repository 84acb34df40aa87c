import { adminContext } from '#app/features/auth/require-admin.server.ts'
import { respondWithOwnerPhoto } from '#app/features/inspiration/inspiration-photos.server.ts'
import { inspirationSettings } from '#app/features/inspiration/inspiration-upload.server.ts'
import type { Route } from './+types/admin.photos.$key'

/** GET /admin/photos/:key: a customer's inspiration photo, for the signed-in owner only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, store } = inspirationSettings()
  return respondWithOwnerPhoto(request, {
    db,
    store,
    key: params.key,
    owner: context.get(adminContext),
  })
}
