import type { Db } from '#app/db/db.server.ts'
import {
  type ReserveRefusal,
  answerReservation,
  readDropPost,
} from '#app/features/drops/drop-api.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { joinWaitlist } from './waitlist.server.ts'

/** What joining the waitlist came to, as the drop page shows it beside the form. */
export interface WaitlistAnswer {
  ok: boolean
  waitlist: { message: string; want: string | null; field?: 'email' | 'want' }
}

/**
 * POST /drops/<slug>, read once: `intent=reserve` is the drop's own (a hold,
 * or what does not fit); `intent=waitlist` puts her on the waitlist.
 */
export async function receiveDropPost({
  db,
  slug,
  request,
  clientIp,
  now = new Date(),
}: {
  db: Db
  slug: string
  request: Request
  clientIp: string
  now?: Date
}): Promise<
  { location: string } | Reply<ReserveRefusal | WaitlistAnswer | { ok: false; error: string }>
> {
  const form = await readDropPost({ request, clientIp, db, now })
  if (!(form instanceof URLSearchParams)) return form
  const intent = form.get('intent')
  if (intent === 'reserve') return answerReservation({ db, slug, form, now })
  if (intent !== 'waitlist')
    return reply(400, { ok: false, error: 'Choose your items and a pickup time, then Reserve.' })
  const joined = await joinWaitlist(db, { slug, form, now })
  const asked = form.get('item')
    ? `item:${form.get('item')}`
    : `window:${form.get('pickup_window')}`
  return joined.ok
    ? reply(200, { ok: true, waitlist: { message: joined.message, want: joined.want } })
    : reply(joined.status, {
        ok: false,
        waitlist: {
          message: joined.message,
          want: asked,
          ...(joined.field ? { field: joined.field } : {}),
        },
      })
}
