import { z } from 'zod/mini'
import type { Db } from '#app/db/db.server.ts'
import { FORM_URLENCODED, mediaTypeOf } from '#app/utils/media-type.ts'
import { BodyTooLargeError, readBodyText } from '#app/utils/read-body.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { resendItemEmail, setHandled } from './inbox.server.ts'

export type InboxActionResult = { ok: true } | { ok: false; error: string }

/** What the inbox's buttons post (urlencoded): what to do to which item. */
export const InboxActionSchema = z.object({
  intent: z.enum(['handled', 'open', 'resend']),
  kind: z.enum(['orders', 'message']),
  id: z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.transform(Number)),
})

const NOT_UNDERSTOOD = 'That request could not be understood.'
const MAX_BODY_BYTES = 4096

/**
 * The owner's inbox buttons: mark an item handled or open again, or send its
 * email again. Only the form the buttons send is read; anything else is a
 * 400 with a message, never a server error.
 */
export async function receiveInboxAction({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<InboxActionResult>> {
  if (mediaTypeOf(request.headers.get('content-type')) !== FORM_URLENCODED) {
    return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  }
  let text: string
  try {
    text = await readBodyText(request, MAX_BODY_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
    throw error
  }
  const parsed = InboxActionSchema.safeParse(Object.fromEntries(new URLSearchParams(text)))
  if (!parsed.success) return reply(400, { ok: false, error: NOT_UNDERSTOOD })

  const { intent, kind, id } = parsed.data
  const done =
    intent === 'resend'
      ? await resendItemEmail(db, { kind, id })
      : await setHandled(db, { kind, id, handled: intent === 'handled' })
  return done
    ? reply(200, { ok: true })
    : reply(409, { ok: false, error: 'That item has changed; reload and try again.' })
}
