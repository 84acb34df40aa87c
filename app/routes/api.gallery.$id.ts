import { data } from 'react-router'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import {
  editGalleryImageReply,
  gallerySettings,
  parseImageId,
  removeGalleryImage,
} from '#app/features/gallery/gallery-api.server.ts'
import { findGalleryImage } from '#app/features/gallery/gallery.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/api.gallery.$id'

/** DELETE /api/gallery/:id removes a photo; PATCH (or POST) changes its tags, alt text and caption. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context)
  if (request.method === 'DELETE') {
    return respond(await removeGalleryImage({ id: params.id, settings: gallerySettings() }))
  }
  if (request.method === 'PATCH' || request.method === 'POST') {
    return respond(
      await editGalleryImageReply({ id: params.id, request, settings: gallerySettings() }),
    )
  }
  return data(
    { error: 'Use PATCH to change an image or DELETE to remove it.' },
    { status: 405, headers: { Allow: 'GET, PATCH, POST, DELETE' } },
  )
}

/** GET /api/gallery/:id: one image's record. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseImageId(params.id)
  const image = id === undefined ? undefined : await findGalleryImage(gallerySettings().db, id)
  if (!image) return data({ error: 'That image is not in the gallery.' }, { status: 404 })
  return image
}
