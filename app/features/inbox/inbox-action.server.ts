import { z } from 'zod/mini'
import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { resendItemEmail, setHandled } from './inbox.server.ts'

export type InboxActionResult = { ok: true } | { ok: false; error: string }

/**
 * What the inbox's buttons post (urlencoded): what to do to which message.
 * `kind` is always 'message': order requests are moved along in the order book.
 */
export const InboxActionSchema = z.object({
  intent: z.enum(['handled', 'open', 'resend']),
  kind: z.enum(['message']),
  id: z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.transform(Number)),
})

/**
 * The owner's inbox buttons: mark a message handled or open again, or send its
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
  const form = await readAdminForm(request)
  if (!form) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const parsed = InboxActionSchema.safeParse(form)
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
