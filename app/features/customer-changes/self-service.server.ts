import type { Env } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { lastBookableDate } from '#app/features/availability/availability.server.ts'
import { readBookingRules } from '#app/features/availability/booking-settings.server.ts'
import { readPickupWindows } from '#app/features/availability/pickup-windows.server.ts'
import { windowValue } from '#app/features/availability/pickup-windows.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import {
  type ChangedPart,
  DETAIL_FIELDS,
  type RequestDetails,
  detailsOf,
  partsSentence,
} from '#app/features/order-book/change-parts.ts'
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import { policySentence } from '#app/features/order-status/order-terms.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
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
import { partsOfChange, readDetailsAsked } from './change-details.server.ts'
import { SelfServiceFormSchema } from './change-policy-schema.ts'
import {
  CHANGE_DETAILS_MAX,
  refundSentence,
  refundWords,
  withinNoChangeWindow,
} from './change-policy.ts'
import { membersOf } from './change-rules.server.ts'
import { askForChange, dateAndWindow, readChangePolicy } from './customer-changes.server.ts'
import { ChangedDetailsSchema } from './details-form-schema.ts'
import { cancelByCustomer, previewCancel } from './self-cancel.server.ts'
import type {
  PostedChange,
  SelfServiceEntry,
  SelfServiceResult,
  SelfServiceView,
} from './self-service.ts'

const ownTables = tablesFor('customer-changes')

/** What a change would make of her order as it stands, from what to what. */
async function changeParts(
  db: Db,
  change: { id: number; new_date: string | null; new_window: string | null },
  memberIds: readonly number[],
): Promise<ChangedPart[]> {
  const [members, details] = await Promise.all([
    membersOf(db, memberIds),
    readDetailsAsked(db, Number(change.id)),
  ])
  return partsOfChange(members, { date: change.new_date, window: change.new_window, details }).party
}

/** A change answered before its parts were kept: the day and time it asked, if any. */
function olderChangeLine(change: { new_date: string | null; new_window: string | null }) {
  return change.new_date ? `date to ${dateAndWindow(change.new_date, change.new_window)}` : ''
}

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
    ownTables(db)
      .selectFrom('order_request')
      .select([
        'id',
        'position',
        'status',
        'due_date',
        'pickup_window',
        'fulfilment',
        'product_type',
        'event_theme',
        'servings',
        'allergies',
        'comments',
        'party_lead_id',
        'event_theme_holds',
      ])
      .where('customer_token', '=', token)
      .orderBy('position')
      .execute(),
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
    const firstDate = members.map((member) => member.due_date).sort()[0]!
    const statuses = members.map((member) => member.status)
    const memberIds = members.map((member) => Number(member.id))
    const rows = await ownTables(db)
      .selectFrom('customer_change')
      .selectAll()
      .where('request_id', '=', leadId)
      .orderBy('id', 'desc')
      .limit(20)
      .execute()
    const pending = rows.find((row) => row.kind === 'change' && row.status === 'open')
    const answered = rows.find(
      (row) => row.kind === 'change' && (row.status === 'accepted' || row.status === 'declined'),
    )
    const cancelled = rows.find((row) => row.kind === 'cancel')
    const tooLate = withinNoChangeWindow(policy, { today, dueDate: firstDate })
    const changeable = statuses.every((status) => isIn(CUSTOMER_CHANGEABLE_STATUSES, status))
    const cancellable = statuses.every((status) => isIn(CUSTOMER_CANCELLABLE_STATUSES, status))
    const product = products.find((candidate) => candidate.name === request.product_type)
    const entry: SelfServiceEntry = {
      canChange: changeable && !tooLate && !pending,
      canCancel: cancellable && !tooLate,
      tooLate: (changeable || cancellable) && tooLate,
      pending: pending
        ? {
            changes: await changeParts(db, pending, memberIds),
            details: pending.details,
          }
        : null,
      lastAnswer:
        answered && !pending
          ? {
              accepted: answered.status === 'accepted',
              // Accepted: what it made, as kept then; declined: what it would have made.
              asked:
                answered.status === 'accepted'
                  ? answered.made || olderChangeLine(answered)
                  : partsSentence(await changeParts(db, answered, memberIds)) ||
                    olderChangeLine(answered),
              note: answered.answer_note,
            }
          : null,
      cancelled: cancelled ? refundWords(cancelled) : null,
      differentDays: new Set(members.map((member) => member.due_date)).size > 1,
      currentDate: firstDate,
      currentWindow: request.pickup_window,
      delivery: request.fulfilment === 'delivery',
      product: product?.name ?? '',
      noticeDays: product?.noticeDays ?? 0,
      members: members.map((member) => ({
        position: member.position,
        productType: member.product_type,
        eventThemeLabel: themeLabel(member.event_theme_holds),
        details: detailsOf(member),
      })),
      cancelPreview: null,
    }
    if (cancelPosition === request.position && entry.canCancel) {
      const preview = await previewCancel(db, { requestId: id, now })
      if (preview.ok) {
        const words = refundWords({
          refund_cents: preview.refund.totalCents,
          card_refund_cents: preview.cardCents,
          gift_card_refund_cents: preview.giftCardCents,
        })
        entry.cancelPreview = {
          sentence: refundSentence(preview.refund),
          refundCents: preview.refund.totalCents,
          card: words.card,
          giftCard: words.giftCard,
          manual: words.manual,
        }
      }
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
