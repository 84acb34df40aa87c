import { data } from 'react-router'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import {
  gallerySettings,
  parseImageId,
  removeGalleryImage,
} from '#app/features/gallery/gallery-api.server.ts'
import { findGalleryImage } from '#app/features/gallery/gallery.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/api.gallery.$id'

/** DELETE /api/gallery/:id */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context)
  if (request.method !== 'DELETE') {
    return data(
      { error: 'Use DELETE to remove an image.' },
      { status: 405, headers: { Allow: 'DELETE' } },
    )
  }
  return respond(await removeGalleryImage({ id: params.id, settings: gallerySettings() }))
}

/** GET /api/gallery/:id: one image's record. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseImageId(params.id)
  const image = id === undefined ? undefined : await findGalleryImage(gallerySettings().db, id)
  if (!image) return data({ error: 'That image is not in the gallery.' }, { status: 404 })
  return image
}
