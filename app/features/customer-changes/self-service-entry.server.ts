import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Product } from '#app/features/menu/product.ts'
import {
  type ChangedPart,
  detailsOf,
  partsSentence,
} from '#app/features/order-book/change-parts.ts'
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import type { ChangePolicy } from '#app/features/order-status/order-terms.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { partsOfChange, readDetailsAsked } from './change-details.server.ts'
import { refundSentence, refundWords, withinNoChangeWindow } from './change-policy.ts'
import { membersOf } from './change-rules.server.ts'
import { dateAndWindow } from './customer-changes.server.ts'
import { previewCancel } from './self-cancel.server.ts'
import type { SelfServiceEntry } from './self-service.ts'

const ownTables = tablesFor('customer-changes')

/**
 * One card's self-service on the customer's page (self-service.server.ts,
 * readSelfService): what she may do, what she waits on, the owner's last
 * answer, her cancellation, and what cancelling now would give back.
 */

/** Her page's requests, by her token, in the send's order. */
export async function readCustomerRequests(db: Db, token: string) {
  return ownTables(db)
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
    .execute()
}

/** One request of her page, as readCustomerRequests reads it. */
export type CustomerRequest = Awaited<ReturnType<typeof readCustomerRequests>>[number]

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
 * A lead's card (decision 054): "Ask for a change" and "Cancel" where the
 * policy allows, the change she is waiting on, the owner's last answer,
 * her cancellation, and her party's details for the change form.
 */
export async function readSelfServiceEntry(
  db: Db,
  {
    request,
    leadId,
    members,
    policy,
    products,
    today,
  }: {
    request: CustomerRequest
    leadId: number
    members: CustomerRequest[]
    policy: ChangePolicy
    products: readonly Product[]
    today: string
  },
): Promise<SelfServiceEntry> {
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
  return {
    canChange: changeable && !tooLate && !pending,
    canCancel: cancellable && !tooLate,
    tooLate: (changeable || cancellable) && tooLate,
    pending: pending
      ? {
          changes: await changeParts(db, pending, memberIds),
          details: pending.details,
        }
      : null,
    lastAnswer: answered && !pending ? await lastAnswerOf(db, answered, memberIds) : null,
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
}

/** The owner's answer to her last change, and what it changed (or would have). */
async function lastAnswerOf(
  db: Db,
  answered: {
    id: number
    status: string
    made: string
    new_date: string | null
    new_window: string | null
    answer_note: string
  },
  memberIds: readonly number[],
): Promise<NonNullable<SelfServiceEntry['lastAnswer']>> {
  return {
    accepted: answered.status === 'accepted',
    // Accepted: what it made, as kept then; declined: what it would have made.
    asked:
      answered.status === 'accepted'
        ? answered.made || olderChangeLine(answered)
        : partsSentence(await changeParts(db, answered, memberIds)) || olderChangeLine(answered),
    note: answered.answer_note,
  }
}

/** What cancelling now would give back, in her page's words; null when it cannot be had. */
export async function readCancelPreview(
  db: Db,
  { requestId, now }: { requestId: number; now: number },
): Promise<SelfServiceEntry['cancelPreview']> {
  const preview = await previewCancel(db, { requestId, now })
  if (!preview.ok) return null
  const words = refundWords({
    refund_cents: preview.refund.totalCents,
    card_refund_cents: preview.cardCents,
    gift_card_refund_cents: preview.giftCardCents,
  })
  return {
    sentence: refundSentence(preview.refund),
    refundCents: preview.refund.totalCents,
    card: words.card,
    giftCard: words.giftCard,
    manual: words.manual,
  }
}
