import { adminContext } from '#app/features/auth/require-admin.server.ts'
import { mediaSettings } from '#app/features/media/media-quota.server.ts'
import { respondWithProofImage } from '#app/features/proofs/proof-store.server.ts'
import type { Route } from './+types/admin.proofs.$key'

/** GET /admin/proofs/:key: a design proof's image, for the signed-in owner (the layout guards it). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, store } = mediaSettings()
  return respondWithProofImage(request, {
    db,
    store,
    key: params.key,
    owner: context.get(adminContext),
  })
}
