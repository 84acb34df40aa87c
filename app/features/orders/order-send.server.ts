import type { Db } from '#app/db/db.server.ts'
import type { Unbookable } from '#app/features/availability/availability.server.ts'
import { unavailableReason } from '#app/features/availability/availability.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import type { WindowRefusal } from '#app/features/availability/pickup-windows.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { endSentence } from '#app/utils/clock-times.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED, JSON_TYPE } from '#app/utils/media-type.ts'
import { type PostFailure, readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { OTHER_PRODUCT } from './order-options.ts'
import { MAX_ORDER_BODY_BYTES, OPTIONAL_ORDER_FIELDS, ORDER_FIELDS } from './order-options.ts'
import { type SubmitResult, submitOrderRequests } from './order-requests.server.ts'
import {
  type OrderValues,
  type OrderRequest,
  UNREADABLE_ORDERS,
  orderBatchSchema,
} from './order-schema.ts'

/** One problem per line, e.g. { order: 2, field: 'due_date', message: '...' }. */
export interface OrderProblem {
  /** 1-based, as the cart numbers orders; absent for problems with the send as a whole. */
  order?: number
  field?: string
  message: string
}

/** One customer's private page from a send, and what she pays her requests with. */
export interface SentLink {
  email: string
  url: string
  references: { productType: string; reference: string }[]
}

export type OrderSendResult =
  | { ok: true; count: number; links: SentLink[] }
  | (PostFailure & {
      problems?: OrderProblem[]
      /** On a 409: the first day the refused order could have instead. */
      nextOpenDay?: string
      /** What a form without JavaScript posted, so a refused order comes back as typed. */
      values?: OrderValues
      /** Refused for a full day without JavaScript: what she may wait for (decision 104). */
      waitlistDay?: { date: string; product: string }
    })

/**
 * Handles a send of queued orders: JSON `{ orders, website }` from the cart,
 * or a single order posted as a plain (urlencoded) form when JavaScript is
 * off. POST only, and no other type of body.
 */
export async function receiveOrderRequests({
  request,
  clientIp,
  db,
  siteUrl,
  now = new Date(),
}: {
  request: Request
  clientIp: string
  db: Db
  /** SITE_URL, for the customers' links to their status pages. */
  siteUrl: string
  now?: Date
}): Promise<Reply<OrderSendResult>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'order',
    now: now.getTime(),
    maxBytes: MAX_ORDER_BODY_BYTES,
    mediaTypes: [JSON_TYPE, FORM_URLENCODED],
  })
  if ('refused' in post) return post.refused

  const input = parseOrderPost(post.mediaType, post.text)
  if (!input) {
    return reply(400, { ok: false, error: UNREADABLE_ORDERS })
  }
  if (isHoneypotFilled(input[HONEYPOT_FIELD])) {
    const count = Array.isArray(input.orders) ? input.orders.length : 1
    return reply(200, { ok: true, count, links: [] })
  }

  const [products, booking] = await Promise.all([listActiveProducts(db), readBookingSettings(db)])
  const parsed = orderBatchSchema({
    today: bakeryToday(now),
    products: products.map((product) => product.name),
    deliveryEnabled: booking.deliveryEnabled,
  }).safeParse(input)
  const values = post.mediaType === FORM_URLENCODED ? postedValues(input) : undefined
  if (!parsed.success) return refuseInvalid(parsed.error.issues, values)
  const stored = await submitOrderRequests(db, parsed.data.orders, { products, siteUrl, now })
  if (!stored.ok) return refuseStored(stored, { orders: parsed.data.orders, values })
  kickDeliveryWorker()
  // Her private link and payment references, shown on the thank-you at once:
  // the email may be slow or land in spam, and this page is hers alone.
  const links = stored.links.map(({ email, token, references }) => ({
    email,
    url: `${siteUrl}/requests/${token}`,
    references,
  }))
  return reply(200, { ok: true, count: parsed.data.orders.length, links })
}

/** A send the schema refused: each problem by order and field, the first as the sentence. */
function refuseInvalid(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  values: OrderValues | undefined,
): Reply<OrderSendResult> {
  const problems = issues.map((issue): OrderProblem => {
    const [, index, field] = issue.path
    return {
      ...(typeof index === 'number' ? { order: index + 1 } : {}),
      ...(typeof field === 'string' ? { field } : {}),
      message: issue.message,
    }
  })
  return reply(400, {
    ok: false,
    error: describeProblem(problems[0]!),
    problems,
    ...(values ? { values } : {}),
  })
}

/** A send that stored nothing: its photos gone, a window refused, the offer gone, or a day unbookable. */
function refuseStored(
  stored: Exclude<SubmitResult, { ok: true }>,
  { orders, values }: { orders: OrderRequest[]; values: OrderValues | undefined },
): Reply<OrderSendResult> {
  if ('photosGone' in stored) {
    const problem = {
      order: stored.photosGone + 1,
      field: 'photos',
      message:
        'An inspiration photo is no longer with us (photos not sent within a day are removed). Please remove it, add it again and send.',
    }
    return reply(400, { ok: false, error: describeProblem(problem), problems: [problem] })
  }
  if ('window' in stored) {
    const { index, reason } = stored.window
    const problem = {
      order: index + 1,
      field: 'pickup_window',
      message: windowMessage(orders[index]!, stored.window),
    }
    // A full window is taken, like a full day; a missing or unknown one is a mistake in the form.
    return reply(reason === 'full' ? 409 : 400, {
      ok: false,
      error: describeProblem(problem),
      problems: [problem],
      ...(values ? { values } : {}),
    })
  }
  if ('claimGone' in stored) {
    // The cart claims no waitlist's offer; this is for completeness of the answer.
    return reply(409, { ok: false, error: 'That day is no longer kept for you.' })
  }
  return refuseUnbookable(stored.unbookable, { orders, values })
}

/** A day that cannot be booked: the next open day, and without JavaScript a full day's waitlist. */
function refuseUnbookable(
  unbookable: Unbookable,
  { orders, values }: { orders: OrderRequest[]; values: OrderValues | undefined },
): Reply<OrderSendResult> {
  const { index, nextOpen, day } = unbookable
  const order = orders[index]!
  const problem = {
    order: index + 1,
    field: 'due_date',
    message: unbookableMessage(order, unbookable),
  }
  const waits = values && day.status === 'full' && order.product_type !== OTHER_PRODUCT
  return reply(409, {
    ok: false,
    error: describeProblem(problem),
    problems: [problem],
    ...(nextOpen ? { nextOpenDay: nextOpen } : {}),
    ...(values ? { values } : {}),
    ...(waits ? { waitlistDay: { date: order.due_date, product: order.product_type } } : {}),
  })
}

function parseOrderPost(mediaType: string, text: string): Record<string, unknown> | null {
  if (mediaType === JSON_TYPE) {
    try {
      const value: unknown = JSON.parse(text)
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null
    } catch {
      return null
    }
  }
  // Without JavaScript the order form posts itself: one order, form-encoded,
  // with the send's policy tick beside it.
  const {
    [HONEYPOT_FIELD]: honeypot,
    accept_policies: acceptPolicies,
    ...order
  } = Object.fromEntries(new URLSearchParams(text))
  // A field left empty is a field not given.
  for (const field of OPTIONAL_ORDER_FIELDS) if (order[field] === '') delete order[field]
  return { orders: [order], [HONEYPOT_FIELD]: honeypot, accept_policies: acceptPolicies }
}

/** The one order a form posted, each field as text and bounded, to fill the form again. */
function postedValues(input: Record<string, unknown>): OrderValues {
  const [order] = input.orders as Record<string, unknown>[]
  return Object.fromEntries(
    ORDER_FIELDS.map((field) => [field, String(order?.[field] ?? '').slice(0, 2000)]),
  )
}

/**
 * Why a request's day cannot be booked, and the next day it could have:
 * 'Tiered Cake on Saturday, December 12, 2026: that day is fully booked. The
 * next open day for it is Monday, December 14, 2026.'
 */
export function unbookableMessage(
  order: OrderRequest,
  { day, demand, nextOpen, lastBookable }: Unbookable,
) {
  const reason = unavailableReason(day, { noticeDays: demand.noticeDays, lastBookable })
  const why =
    day.status === 'too-soon' && demand.noticeDays > 0
      ? `it ${reason}`
      : day.status === 'closed' && day.date > lastBookable
        ? `we are ${reason}`
        : day.status === 'too-soon'
          ? 'that day has already passed'
          : `that day is ${reason}`
  const next = nextOpen
    ? `The next open day for it is ${formatCalendarDate(nextOpen)}.`
    : 'We have no open day for it in our calendar just now; please contact us.'
  return `${order.product_type} on ${formatCalendarDate(day.date)}: ${why}. ${next}`
}

/**
 * Why a request's window was refused, and the day's times still open:
 * 'Saturday, December 12, 2026: the pickup time 10:00–12:00 is fully booked.
 * Times still open that day: 14:00–16:00.'
 */
export function windowMessage(
  order: OrderRequest,
  { reason, open, dayHasWindows }: WindowRefusal,
): string {
  const day = formatCalendarDate(order.due_date)
  const chosen = order.pickup_window ? formatWindow(order.pickup_window) : ''
  const why =
    reason === 'full'
      ? `the pickup time ${chosen} is fully booked.`
      : reason === 'missing'
        ? 'please choose a pickup time.'
        : `we have no pickup time ${chosen} that day.`
  const times =
    open.length > 0
      ? ` Times still open that day: ${endSentence(open.map(formatWindow).join(', '))}`
      : dayHasWindows
        ? ' Every pickup time that day is taken; please choose another date.'
        : ' Leave the pickup time empty for that day.'
  return `${day}: ${why}${times}`
}

export function describeProblem(problem: OrderProblem): string {
  return problem.order ? `Order ${problem.order}: ${problem.message}` : problem.message
}
