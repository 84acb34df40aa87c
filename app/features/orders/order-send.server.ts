import type { Db } from '#app/db/db.server.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED, JSON_TYPE } from '#app/utils/media-type.ts'
import { type PostFailure, readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { kickDeliveryWorker } from '../mail/delivery-worker.server.ts'
import { listActiveProducts } from '../menu/menu.server.ts'
import { MAX_ORDER_BODY_BYTES, ORDER_FIELDS, orderToday } from './order-options.ts'
import { submitOrderRequests } from './order-requests.server.ts'
import { type OrderField, orderBatchSchema } from './order-schema.ts'

/** One problem per line, e.g. { order: 2, field: 'due_date', message: '...' }. */
export interface OrderProblem {
  /** 1-based, as the cart numbers orders; absent for problems with the send as a whole. */
  order?: number
  field?: string
  message: string
}

export type OrderSendResult =
  | { ok: true; count: number }
  | (PostFailure & {
      problems?: OrderProblem[]
      /** What a form without JavaScript posted, so a refused order comes back as typed. */
      values?: Partial<Record<OrderField, string>>
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
  now = new Date(),
}: {
  request: Request
  clientIp: string
  db: Db
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
    return reply(400, { ok: false, error: 'We could not read your orders. Please try again.' })
  }
  if (isHoneypotFilled(input[HONEYPOT_FIELD])) {
    const count = Array.isArray(input.orders) ? input.orders.length : 1
    return reply(200, { ok: true, count })
  }

  const products = (await listActiveProducts(db)).map((product) => product.name)
  const parsed = orderBatchSchema({ today: orderToday(now), products }).safeParse(input)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue): OrderProblem => {
      const [, index, field] = issue.path
      return {
        ...(typeof index === 'number' ? { order: index + 1 } : {}),
        ...(typeof field === 'string' ? { field } : {}),
        message: issue.message,
      }
    })
    const values = post.mediaType === FORM_URLENCODED ? postedValues(input) : undefined
    return reply(400, {
      ok: false,
      error: describeProblem(problems[0]!),
      problems,
      ...(values ? { values } : {}),
    })
  }
  await submitOrderRequests(db, parsed.data.orders, now)
  kickDeliveryWorker()
  return reply(200, { ok: true, count: parsed.data.orders.length })
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
  // Without JavaScript the order form posts itself: one order, form-encoded.
  const { [HONEYPOT_FIELD]: honeypot, ...order } = Object.fromEntries(new URLSearchParams(text))
  return { orders: [order], [HONEYPOT_FIELD]: honeypot }
}

/** The one order a form posted, each field as text and bounded, to fill the form again. */
function postedValues(input: Record<string, unknown>): Partial<Record<OrderField, string>> {
  const [order] = input.orders as Record<string, unknown>[]
  return Object.fromEntries(
    ORDER_FIELDS.map((field) => [field, String(order?.[field] ?? '').slice(0, 2000)]),
  )
}

export function describeProblem(problem: OrderProblem): string {
  return problem.order ? `Order ${problem.order}: ${problem.message}` : problem.message
}
