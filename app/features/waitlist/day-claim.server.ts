import type { Db } from '#app/db/db.server.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { windowValue } from '#app/features/availability/pickup-windows.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { type Product, listActiveProducts } from '#app/features/menu/menu.server.ts'
import {
  type SubmitResult,
  submitOrderRequests,
} from '#app/features/orders/order-requests.server.ts'
import { type OrderRequest, orderRequestSchema } from '#app/features/orders/order-schema.ts'
import { unbookableMessage, windowMessage } from '#app/features/orders/order-send.server.ts'
import { weekdayOf } from '#app/utils/calendar-days.ts'
import { bakeryToday, formatCalendarDate, writeBakeryMoment } from '#app/utils/dates.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type DayOffer, claimDayOffer, readDayOffer } from './day-waitlist.server.ts'

/** What the page of a kept day shows: nothing private but her own email. */
export interface DayClaimPage {
  treat: string
  /** YYYY-MM-DD, and as people write it. */
  date: string
  day: string
  /** '12:40 p.m.' */
  keptUntil: string
  email: string
  deliveryEnabled: boolean
  deliveryNote: string
  /** The day's pickup times, times only. */
  pickupWindows: { weekday: number; value: string }[]
  policiesHtml: string
}

/** The page of the kept day `token`; null when the link is nobody's or the offer has lapsed. */
export async function readDayClaimPage(
  db: Db,
  { token, now }: { token: string; now: number },
): Promise<DayClaimPage | null> {
  const offer = await readDayOffer(db, { token, now })
  if (!offer) return null
  const [booking, policiesHtml] = await Promise.all([readBookingSettings(db), readPoliciesHtml(db)])
  const weekday = weekdayOf(offer.date)
  return {
    treat: offer.treat,
    date: offer.date,
    day: formatCalendarDate(offer.date),
    keptUntil: writeBakeryMoment(offer.keptUntil, { hour: 'numeric', minute: '2-digit' }),
    email: offer.email,
    deliveryEnabled: booking.deliveryEnabled,
    deliveryNote: booking.deliveryNote,
    pickupWindows: booking.pickupWindows
      .filter((window) => window.weekday === weekday)
      .map((window) => ({ weekday: window.weekday, value: windowValue(window) })),
    policiesHtml,
  }
}

export interface DayClaimRefusal {
  ok: false
  error: string
  problems?: { field: string; message: string }[]
  values?: Record<string, string>
}

/** The order form's own fields that a kept day's request is sent with. */
const REQUEST_FIELDS = [
  'name',
  'email',
  'phone_number',
  'event_theme',
  'servings',
  'allergies',
  'comments',
  'hear_about_us',
  'fulfilment',
  'pickup_window',
  'delivery_street',
  'delivery_city',
  'delivery_postal_code',
  'delivery_notes',
  'accept_policies',
] as const

/**
 * POST /ordernow/kept/<token>: her request for the kept day, sent by the
 * order form's rules and send, in the transaction that uses the offer; a
 * lapsed or used offer stores nothing.
 */
export async function receiveDayClaim({
  db,
  token,
  request,
  clientIp,
  siteUrl,
  now = new Date(),
}: {
  db: Db
  token: string
  request: Request
  clientIp: string
  siteUrl: string
  now?: Date
}): Promise<Reply<DayClaimRefusal> | { location: string }> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'day-claim',
    now: now.getTime(),
    maxBytes: 16 * 1024,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return post.refused
  const form = new URLSearchParams(post.text)
  // A robot that fills every field is shown the page again and nothing is kept.
  if (isHoneypotFilled(form.get(HONEYPOT_FIELD))) return { location: `/ordernow/kept/${token}` }
  const values = requestValues(form)
  const offer = await readDayOffer(db, { token, now: now.getTime() })
  if (!offer) return offerGone()
  const products = await listActiveProducts(db)
  const checked = await checkDayRequest({ db, form, values, offer, products, now })
  if (!('order' in checked)) return checked
  const { order } = checked
  const stored = await submitOrderRequests(db, [order], {
    products,
    siteUrl,
    now,
    claim: (trx) => claimDayOffer(trx, { token, now: now.getTime() }),
  })
  if (stored.ok) {
    kickDeliveryWorker()
    return { location: `/requests/${stored.links[0]!.token}` }
  }
  return refuseUnsent({ order, stored, values })
}

/** The order form's own fields she sent, each cut to 2,000 characters. */
function requestValues(form: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    REQUEST_FIELDS.flatMap((field) => {
      const value = form.get(field)
      return value === null ? [] : [[field, value.slice(0, 2000)]]
    }),
  )
}

function offerGone(): Reply<DayClaimRefusal> {
  return reply(409, {
    ok: false as const,
    error:
      'This day is no longer kept for you: it went to the next person waiting, or your request has been sent.',
  })
}

/** Her request for the offer's treat and day, checked by the order form's rules and her nod to the policies. */
async function checkDayRequest({
  db,
  form,
  values,
  offer,
  products,
  now,
}: {
  db: Db
  form: URLSearchParams
  values: Record<string, string>
  offer: DayOffer
  products: Product[]
  now: Date
}): Promise<{ order: OrderRequest } | Reply<DayClaimRefusal>> {
  const booking = await readBookingSettings(db)
  const parsed = orderRequestSchema({
    today: bakeryToday(now),
    products: products.map((product) => product.name),
    deliveryEnabled: booking.deliveryEnabled,
  }).safeParse({
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')),
    product_type: offer.treat,
    due_date: offer.date,
  })
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: String(issue.path.at(-1) ?? 'form'),
        message: issue.message,
      }))
  if (form.get('accept_policies') !== 'on') {
    problems.push({
      field: 'accept_policies',
      message: 'Please confirm that you have read our order policies.',
    })
  }
  if (!parsed.success || problems.length > 0) {
    return reply(400, {
      ok: false as const,
      error: problems.map((problem) => problem.message).join(' '),
      problems,
      values,
    })
  }
  return { order: parsed.data }
}

/** Why the send stored nothing: the offer went first, the window or the day was refused, or it failed. */
function refuseUnsent({
  order,
  stored,
  values,
}: {
  order: OrderRequest
  stored: Exclude<SubmitResult, { ok: true }>
  values: Record<string, string>
}): Reply<DayClaimRefusal> {
  if ('claimGone' in stored) return offerGone()
  if ('window' in stored) {
    return reply(stored.window.reason === 'full' ? 409 : 400, {
      ok: false as const,
      error: windowMessage(order, stored.window),
      problems: [{ field: 'pickup_window', message: windowMessage(order, stored.window) }],
      values,
    })
  }
  if ('unbookable' in stored) {
    return reply(409, { ok: false as const, error: unbookableMessage(order, stored.unbookable) })
  }
  return reply(400, { ok: false as const, error: 'That request could not be sent.' })
}
