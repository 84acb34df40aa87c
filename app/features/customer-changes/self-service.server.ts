import type { z } from 'zod/mini'
import type { Env } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { lastBookableDate } from '#app/features/availability/availability.server.ts'
import { readBookingRules } from '#app/features/availability/booking-settings.server.ts'
import { readPickupWindows } from '#app/features/availability/pickup-windows.server.ts'
import { windowValue } from '#app/features/availability/pickup-windows.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { DETAIL_FIELDS, type RequestDetails } from '#app/features/order-book/change-parts.ts'
import { policySentence } from '#app/features/order-status/order-terms.ts'
import {
  MAX_ORDERS_PER_SEND,
  MAX_ORDER_BODY_BYTES,
  ORDER_LIMITS,
} from '#app/features/orders/order-options.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type AskChangeFormSchema,
  type CancelFormSchema,
  SelfServiceFormSchema,
} from './change-policy-schema.ts'
import { CHANGE_DETAILS_MAX } from './change-policy.ts'
import { askForChange, readChangePolicy } from './customer-changes.server.ts'
import { ChangedDetailsSchema } from './details-form-schema.ts'
import { cancelByCustomer } from './self-cancel.server.ts'
import {
  readCancelPreview,
  readCustomerRequests,
  readSelfServiceEntry,
} from './self-service-entry.server.ts'
import type {
  PostedChange,
  SelfServiceEntry,
  SelfServiceResult,
  SelfServiceView,
} from './self-service.ts'

/**
 * What the customer's page offers each request (decision 054): "Ask for a
 * change" and "Cancel" where the policy allows, the change she is waiting
 * on, the owner's last answer, her cancellation, and, when the page was
 * opened with ?cancel=<position>, what cancelling would give back. A
 * party's are on its lead's card; its other members point there. The
 * change form gets what the order form has: the treat's open days and the
 * weekdays' times (decision 081).
 */
export async function readSelfService(
  db: Db,
  token: string,
  {
    now,
    cancelPosition,
  }: {
    now: number
    /** The request whose confirm step is open (GET ?cancel=<position>). */
    cancelPosition?: number
  },
): Promise<SelfServiceView> {
  const [requests, policy, windows, rules, products] = await Promise.all([
    readCustomerRequests(db, token),
    readChangePolicy(db),
    readPickupWindows(db),
    readBookingRules(db),
    listActiveProducts(db),
  ])
  const today = bakeryToday(new Date(now))
  const entries: Record<number, SelfServiceEntry> = {}
  for (const request of requests) {
    const id = Number(request.id)
    const leadId = request.party_lead_id === null ? id : Number(request.party_lead_id)
    if (leadId !== id) continue
    const members = requests.filter((other) =>
      [Number(other.id), Number(other.party_lead_id)].includes(leadId),
    )
    const entry = await readSelfServiceEntry(db, {
      request,
      leadId,
      members,
      policy,
      products,
      today,
    })
    if (cancelPosition === request.position && entry.canCancel) {
      entry.cancelPreview = await readCancelPreview(db, { requestId: id, now })
    }
    entries[request.position] = entry
  }
  return {
    policy: policySentence(policy),
    entries,
    weekly: windows.map((window) => ({ weekday: window.weekday, value: windowValue(window) })),
    lastBookable: lastBookableDate(rules, today),
    minDate: addDays(today, 1),
    detailsMax: CHANGE_DETAILS_MAX,
  }
}

/**
 * A person asks or cancels a few times at most; this stops a script, not a
 * customer. A change may carry each of her party's details, as an order
 * send does, so it is bounded as one.
 */
const MAX_SELF_SERVICE_BYTES = MAX_ORDER_BODY_BYTES

/** A detail of one request in the change form: `servings_2` is the second request's servings. */
const DETAIL_FIELD_NAME = new RegExp(`^(${DETAIL_FIELDS.join('|')})_([1-9]\\d{0,5})$`)

/**
 * The details her change form posted, by the request's position, each read
 * by the order form's rules; or the first that is not, named by its field.
 */
function readChangedDetails(
  form: Record<string, string>,
):
  | { ok: true; fields: Map<number, Partial<RequestDetails>> }
  | { ok: false; error: string; field: string } {
  const byPosition = new Map<number, Record<string, string>>()
  for (const [name, value] of Object.entries(form)) {
    const match = DETAIL_FIELD_NAME.exec(name)
    if (!match) continue
    const position = Number(match[2])
    byPosition.set(position, { ...byPosition.get(position), [match[1]!]: value })
  }
  if (byPosition.size > MAX_ORDERS_PER_SEND) {
    return { ok: false, error: 'Please reload your order’s page and try again.', field: '' }
  }
  const fields = new Map<number, Partial<RequestDetails>>()
  for (const [position, given] of byPosition) {
    const parsed = ChangedDetailsSchema.safeParse(given)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return {
        ok: false,
        error: issue?.message ?? 'Please check the form and try again.',
        field: `${String(issue?.path[0] ?? '')}_${position}`,
      }
    }
    fields.set(position, parsed.data)
  }
  return { ok: true, fields }
}

/** What she posted, bounded, to fill her form again after a refusal. */
function postedOf(form: Record<string, string>): PostedChange {
  const kept = ['new_date', 'new_window', 'details']
  return Object.fromEntries(
    Object.entries(form)
      .filter(([name]) => kept.includes(name) || DETAIL_FIELD_NAME.test(name))
      .slice(0, 4 * MAX_ORDERS_PER_SEND + kept.length)
      .map(([name, value]) => [name, value.slice(0, ORDER_LIMITS.comments)]),
  )
}

/**
 * A customer's "Ask for a change" or "Cancel", posted from her private page
 * (to `?change`). A link or request that is not hers gets the same 404 as
 * an unknown link; a refusal (the policy, a full day, already asked) a 4xx
 * with a sentence, and nothing written.
 */
export async function receiveSelfService({
  request,
  token,
  clientIp,
  db,
  now = Date.now(),
  siteUrl,
  env,
}: {
  request: Request
  token: string
  clientIp: string
  db: Db
  now?: number
  siteUrl?: string
  /** Stripe's keys, for the card part of a refund; the environment's unless given. */
  env?: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>
}): Promise<Reply<SelfServiceResult>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'self-service',
    now,
    maxBytes: MAX_SELF_SERVICE_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    const { status, body, headers } = post.refused
    return reply<SelfServiceResult>(status, { selfService: true, ...body }, headers)
  }
  const form = Object.fromEntries(new URLSearchParams(post.text))
  const parsed = SelfServiceFormSchema.safeParse(form)
  const position = /^[1-9]\d{0,5}$/.test(form.request ?? '') ? Number(form.request) : undefined
  if (!parsed.success) {
    return reply<SelfServiceResult>(400, {
      selfService: true,
      ok: false,
      error: parsed.error.issues[0]?.message ?? 'Please check the form and try again.',
      position,
      ...(form.intent === 'ask-change' ? { posted: postedOf(form) } : {}),
    })
  }
  const data = parsed.data
  if (data.intent === 'ask-change') {
    return receiveChangeAsk({ db, token, data, form, now, siteUrl })
  }
  return receiveCancel({ db, token, data, now, siteUrl, env })
}

/** Her "Ask for a change": her party's details read, the change asked, and the page's answer. */
async function receiveChangeAsk({
  db,
  token,
  data,
  form,
  now,
  siteUrl,
}: {
  db: Db
  token: string
  data: z.output<typeof AskChangeFormSchema>
  form: Record<string, string>
  now: number
  siteUrl: string | undefined
}): Promise<Reply<SelfServiceResult>> {
  const refused = (status: number, error: string, field?: string) =>
    reply<SelfServiceResult>(status, {
      selfService: true,
      ok: false,
      error,
      position: data.request,
      posted: postedOf(form),
      ...(field ? { field } : {}),
    })
  const changed = readChangedDetails(form)
  if (!changed.ok) return refused(400, changed.error, changed.field)
  const asked = await askForChange(db, {
    token,
    position: data.request,
    newDate: data.new_date,
    newWindow: data.new_date ? data.new_window : null,
    fields: changed.fields,
    details: data.details,
    now,
    siteUrl,
  })
  if (!asked.ok) {
    return asked.status === 404
      ? reply<SelfServiceResult>(404, {
          selfService: true,
          ok: false,
          error: asked.error,
          notFound: true,
        })
      : refused(asked.status, asked.error)
  }
  kickDeliveryWorker()
  return reply<SelfServiceResult>(200, {
    selfService: true,
    ok: true,
    position: data.request,
    outcome: 'asked',
    message: 'Thank you: we have your request for a change and will answer by email soon.',
  })
}

/** Her "Confirm cancellation": the order cancelled at the refund she was shown, and the page's answer. */
async function receiveCancel({
  db,
  token,
  data,
  now,
  siteUrl,
  env,
}: {
  db: Db
  token: string
  data: z.output<typeof CancelFormSchema>
  now: number
  siteUrl: string | undefined
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'> | undefined
}): Promise<Reply<SelfServiceResult>> {
  const cancelled = await cancelByCustomer(db, {
    token,
    position: data.request,
    expectedRefundCents: data.expected_refund,
    now,
    siteUrl,
    ...(env ? { env } : {}),
  })
  if (!cancelled.ok) {
    return cancelled.status === 404
      ? reply<SelfServiceResult>(404, {
          selfService: true,
          ok: false,
          error: cancelled.error,
          notFound: true,
        })
      : reply<SelfServiceResult>(cancelled.status, {
          selfService: true,
          ok: false,
          error: cancelled.error,
          position: data.request,
        })
  }
  if (!cancelled.already) kickDeliveryWorker()
  const back = cancelled.refundCents ?? 0
  return reply<SelfServiceResult>(200, {
    selfService: true,
    ok: true,
    position: data.request,
    outcome: 'cancelled',
    message:
      back > 0
        ? `Your order is cancelled. ${formatMoney(back)} is coming back to you; we have emailed you the details.`
        : 'Your order is cancelled; we have emailed you to confirm.',
  })
}
