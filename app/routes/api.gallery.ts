import { data } from 'react-router'
import { requireAdmin } from '#app/features/auth/require-admin.server.ts'
import { gallerySettings, uploadGalleryImage } from '#app/features/gallery/gallery-api.server.ts'
import { listGalleryImages } from '#app/features/gallery/gallery.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/api.gallery'

/** GET /api/gallery: every image, newest first (cached like the gallery page: server/cache-policy.ts). */
export async function loader() {
  return listGalleryImages(gallerySettings().db)
}

/** POST /api/gallery: multipart `file`, `tags` (repeated), `originalSize`. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context)
  if (request.method !== 'POST') {
    return data(
      { error: 'Use POST to add an image.' },
      { status: 405, headers: { Allow: 'GET, POST' } },
    )
  }
  return respond(await uploadGalleryImage({ request, settings: gallerySettings() }))
}
