/**
 * A drop's two public doors: the live counts (`GET /api/drops/<slug>`) and
 * the reserve form (`POST /drops/<slug>`, `intent=reserve`), each a feature
 * reply its route answers (decision 010).
 */
import type { Db } from '#app/db/db.server.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { bakeryIsoMoment } from '#app/utils/dates.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { dropLeft, extendHold, releaseHold, reserveDrop } from './drop-holds.server.ts'
import { type DropMoment, dropMoment, writeHoldEnd } from './drop-moments.ts'
import type { Left } from './drop-stock.ts'
import { readDrop } from './drops.server.ts'
import { type ReserveField, readReserveForm } from './reserve-form.ts'

/** A reserve form is a few dozen fields: far less than this. */
const MAX_RESERVE_BYTES = 16_384

export interface DropCounts {
  slug: string
  name: string
  /** ISO 8601 in the bakery's time zone, with its offset. */
  opens_at: string
  closes_at: string
  state: DropMoment
  items: { id: number; name: string; price_cents: number; left: number }[]
  /** `left` is null for a window without a cap. */
  windows: { window: string; left: number | null }[]
}

/** GET /api/drops/<slug>: what is left, for the drop page's live counters. Never cached. */
export async function serveDropCounts({
  db,
  slug,
  now = new Date(),
}: {
  db: Db
  slug: string
  now?: Date
}): Promise<Reply<DropCounts | { error: string }>> {
  const drop = await readDrop(db, slug)
  if (!drop) return reply(404, { error: 'There is no such drop.' })
  const left = await dropLeft(db, drop, now)
  return reply(200, {
    slug: drop.slug,
    name: drop.name,
    opens_at: bakeryIsoMoment(drop.opensAt),
    closes_at: bakeryIsoMoment(drop.closesAt),
    state: dropMoment(drop, now),
    items: drop.items.map((item, index) => ({
      id: item.id,
      name: item.name,
      price_cents: item.priceCents,
      left: left.items[index]!.left,
    })),
    windows: left.windows,
  })
}

export interface ReserveRefusal {
  ok: false
  error?: string
  /** The form's own messages, by field. */
  errors?: FieldErrors<ReserveField>
  /** What does not fit, each with what is left. */
  problems?: string[]
  left?: Left
  /** What she sent, so the page drawn again without JavaScript keeps it. */
  values?: Record<string, string>
}

const KEPT_FIELD = /^(?:qty\.\d{1,9}|pickup_window|name|email|phone)$/

/** The reserve form's own fields as she sent them, bounded: the rest is dropped. */
function keptValues(form: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) {
    if (KEPT_FIELD.test(key) && Object.keys(values).length < 120) values[key] = value.slice(0, 300)
  }
  return values
}

/** Where a hold's page is. */
export function holdPath(slug: string, token: string): string {
  return `/drops/${encodeURIComponent(slug)}/hold/${token}`
}

/**
 * POST /drops/<slug> with `intent=reserve`: a hold, answered with where its
 * page is (the route redirects there, 303), or a refusal that says why: 400
 * for the form's own mistakes, 409 for what does not fit, with what is left.
 */
export async function receiveReservation({
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
}): Promise<{ location: string } | Reply<ReserveRefusal>> {
  const form = await readDropPost({ request, clientIp, db, now })
  if (!(form instanceof URLSearchParams)) return form
  if (form.get('intent') !== 'reserve')
    return reply(400, { ok: false, error: 'Choose your items and a pickup time, then Reserve.' })
  return answerReservation({ db, slug, form, now })
}

/**
 * A drop page's post, read once, bounded and rate-limited as every public
 * form: the reserve form, or (features/waitlist) the waitlist's.
 */
export async function readDropPost({
  request,
  clientIp,
  db,
  now,
}: {
  request: Request
  clientIp: string
  db: Db
  now: Date
}): Promise<URLSearchParams | Reply<{ ok: false; error: string }>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'drop-reserve',
    now: now.getTime(),
    maxBytes: MAX_RESERVE_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  return 'refused' in post ? post.refused : new URLSearchParams(post.text)
}

/** `intent=reserve`, read: on to the hold's page, or what does not fit. */
export async function answerReservation({
  db,
  slug,
  form,
  now,
}: {
  db: Db
  slug: string
  form: URLSearchParams
  now: Date
}): Promise<{ location: string } | Reply<ReserveRefusal>> {
  const read = readReserveForm(form)
  const values = keptValues(form)
  if (!read.ok) return reply(400, { ok: false, errors: read.errors, values })
  const held = await reserveDrop(db, {
    slug,
    basket: read.basket,
    customer: read.customer,
    now,
    ...(read.claim ? { claim: read.claim } : {}),
  })
  if (held.ok) return { location: holdPath(slug, held.token) }
  return reply(held.status, { ok: false, problems: held.problems, left: held.left, values })
}

export interface HoldAnswer {
  ok: boolean
  message: string
  /** An answer to ordering: said beside the order button, where she tapped. */
  order?: true
  /** The gift card's code she typed, when it could not pay: its field is filled again and marked. */
  giftCard?: string
}

/** A hold's form is a few short fields. */
export const MAX_HOLD_BYTES = 1_024

/**
 * POST /drops/<slug>/hold/<token>, the hold's own intents: `intent=extend`
 * (with the `extensions` her page was drawn with) gives the hold its whole
 * time again; `intent=release` lets its items go back on sale. The post is
 * read by its caller, which also routes `intent=order` to the order it makes.
 */
export async function answerHoldIntent({
  db,
  token,
  form,
  now = new Date(),
}: {
  db: Db
  token: string
  form: URLSearchParams
  now?: Date
}): Promise<Reply<HoldAnswer>> {
  const intent = form.get('intent')
  if (intent === 'release') {
    const released = await releaseHold(db, token, now)
    return released
      ? reply(200, { ok: true, message: 'Done. Nothing was charged.' })
      : reply(409, { ok: false, message: 'This hold had already ended.' })
  }
  if (intent !== 'extend')
    return reply(400, { ok: false, message: 'Choose More time, Let them go or an order.' })
  const seen = Number(form.get('extensions'))
  if (!Number.isInteger(seen) || seen < 0 || seen > 99)
    return reply(400, { ok: false, message: 'Please reload this page and try again.' })
  const extended = await extendHold(db, { token, seen, now })
  if (!extended.ok) return reply(extended.status, { ok: false, message: extended.problem })
  return reply(200, {
    ok: true,
    message: endSentence(`Held until ${writeHoldEnd(extended.expiresAt)}`),
  })
}
