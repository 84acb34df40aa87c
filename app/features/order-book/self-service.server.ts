import type { Env } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { bakeryToday, readPickupWindows } from '#app/features/availability/availability.server.ts'
import { addDays } from '#app/features/availability/availability.ts'
import { formatWindow, windowValue } from '#app/features/availability/pickup-windows.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import { policySentence } from '#app/features/order-status/order-terms.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { SelfServiceFormSchema } from './change-policy-schema.ts'
import { CHANGE_DETAILS_MAX, refundSentence, withinNoChangeWindow } from './change-policy.ts'
import {
  askForChange,
  askedLine,
  cancelByCustomer,
  previewCancel,
  readChangePolicy,
} from './customer-changes.server.ts'
import type { SelfServiceEntry, SelfServiceResult, SelfServiceView } from './self-service.ts'

/**
 * What the customer's page offers each request (decision 054): "Ask for a
 * change" and "Cancel" where the policy allows, the change she is waiting
 * on, the owner's last answer, her cancellation, and, when the page was
 * opened with ?cancel=<position>, what cancelling would give back. A
 * party's are on its lead's card; its other members point there.
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
  const [requests, policy, windows] = await Promise.all([
    db
      .selectFrom('order_request')
      .select(['id', 'position', 'status', 'due_date', 'party_lead_id'])
      .where('customer_token', '=', token)
      .execute(),
    readChangePolicy(db),
    readPickupWindows(db),
  ])
  const today = bakeryToday(new Date(now))
  const entries: Record<number, SelfServiceEntry> = {}
  for (const request of requests) {
    const id = Number(request.id)
    const leadId = request.party_lead_id === null ? id : Number(request.party_lead_id)
    if (leadId !== id) continue
    const members = requests.filter(
      (other) => other.id === id || Number(other.party_lead_id) === leadId,
    )
    const firstDate = members.map((member) => member.due_date).sort()[0]!
    const statuses = members.map((member) => member.status)
    const rows = await db
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
    const entry: SelfServiceEntry = {
      canChange: changeable && !tooLate && !pending,
      canCancel: cancellable && !tooLate,
      tooLate: (changeable || cancellable) && tooLate,
      pending: pending
        ? { asked: askedLine(pending), details: pending.details, newDate: pending.new_date }
        : null,
      lastAnswer:
        answered && !pending
          ? {
              accepted: answered.status === 'accepted',
              asked: askedLine(answered),
              note: answered.answer_note,
            }
          : null,
      cancelled: cancelled
        ? {
            refund: formatMoney(Number(cancelled.refund_cents)),
            card:
              Number(cancelled.card_refund_cents) > 0
                ? formatMoney(Number(cancelled.card_refund_cents))
                : null,
            manual:
              Number(cancelled.refund_cents) > Number(cancelled.card_refund_cents)
                ? formatMoney(Number(cancelled.refund_cents) - Number(cancelled.card_refund_cents))
                : null,
          }
        : null,
      differentDays: new Set(members.map((member) => member.due_date)).size > 1,
      currentDate: firstDate,
      cancelPreview: null,
    }
    if (cancelPosition === request.position && entry.canCancel) {
      const preview = await previewCancel(db, { requestId: id, now })
      if (preview.ok) {
        const manual = preview.refund.totalCents - preview.cardCents
        entry.cancelPreview = {
          sentence: refundSentence(preview.refund),
          refundCents: preview.refund.totalCents,
          card: preview.cardCents > 0 ? formatMoney(preview.cardCents) : null,
          manual: manual > 0 ? formatMoney(manual) : null,
        }
      }
    }
    entries[request.position] = entry
  }
  // Every time the bakery offers, for the change form's choice (checked against the day on the server).
  const times = [...new Set(windows.map(windowValue))].sort()
  return {
    policy: policySentence(policy),
    entries,
    times: times.map((value) => ({ value, label: formatWindow(value) })),
    minDate: addDays(today, 1),
    detailsMax: CHANGE_DETAILS_MAX,
  }
}

/** A person asks or cancels a few times at most; this stops a script, not a customer. */
const MAX_SELF_SERVICE_BYTES = 4 * 1024

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
    })
  }
  const data = parsed.data
  if (data.intent === 'ask-change') {
    const asked = await askForChange(db, {
      token,
      position: data.request,
      newDate: data.new_date,
      newWindow: data.new_date ? data.new_window : null,
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
        : reply<SelfServiceResult>(asked.status, {
            selfService: true,
            ok: false,
            error: asked.error,
            position: data.request,
          })
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
