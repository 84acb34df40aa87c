import {
  inspirationSettings,
  uploadInspirationPhoto,
} from '#app/features/inspiration/inspiration-upload.server.ts'
import { respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import type { Route } from './+types/api.inspiration-photos'

/** POST /api/inspiration-photos: multipart `file`, a photo for an order being filled in. */
export async function action({ request, context }: Route.ActionArgs) {
  return respond(
    await uploadInspirationPhoto({
      request,
      clientIp: context.get(clientIpContext),
      settings: inspirationSettings(),
    }),
  )
}

/** Nothing to read here: the photos are private (GET /admin/photos/:key for the owner). */
export function loader() {
  return Response.json(
    { ok: false, error: 'Send a photo with POST.' },
    { status: 405, headers: { Allow: 'POST' } },
  )
}
