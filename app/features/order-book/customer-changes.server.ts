import { type Kysely, type Transaction, sql } from 'kysely'
import { type Env, getEnv } from '#app/config/env.server.ts'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import {
  bakeryToday,
  findUnbookable,
  findWindowRefusal,
} from '#app/features/availability/availability.server.ts'
import { unavailableReason } from '#app/features/availability/availability.ts'
import { readOrderRules } from '#app/features/availability/order-policies.server.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { listProducts } from '#app/features/menu/menu.server.ts'
import {
  CUSTOMER_CANCELLABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  isIn,
} from '#app/features/order-status/order-status.ts'
import type { ChangePolicy } from '#app/features/order-status/order-terms.ts'
import { CUSTOMER_CANCEL } from '#app/features/order-status/owner-intents.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { cancelledAlert, changeAskedAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { cardPaymentsOn } from './card-payments.server.ts'
import { cardPaymentsOf, refundOnCardIn } from './card-refunds.server.ts'
import { type CancelRefund, cancelRefund, withinNoChangeWindow } from './change-policy.ts'
import {
  type BookChange,
  NOT_FOUND,
  holdPartyLead,
  moneyOf,
  moveRequest,
  partyAlertRequest,
  partyOf,
  treatsNamed,
  recordEvent,
} from './order-book.server.ts'
import { composeChangeAsked, composeSelfCancelledForOwner } from './self-service-emails.ts'
import { queueRequestUpdate } from './update-emails.server.ts'

type Executor = Kysely<Database> | Transaction<Database>
type StripeSettings = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>

/**
 * Changes and cancellations a customer asks for from her private page
 * (decision 054). A request quoted together with others (decision 049) is
 * asked about, changed and cancelled as its party: the change is kept on
 * the lead, and a new date moves every member.
 */

/** The owner's policy, from the settings row. */
export async function readChangePolicy(db: Executor): Promise<ChangePolicy> {
  return (await readOrderRules(db)).change
}

/** Saves the policy (already read by ChangePolicyFormSchema). */
export async function saveChangePolicy(db: Executor, policy: ChangePolicy): Promise<void> {
  await db
    .updateTable('booking_settings')
    .set({
      change_window_days: policy.windowDays,
      refund_cutoff_days: policy.cutoffDays,
      refund_before_percent: policy.beforePercent,
      refund_after_percent: policy.afterPercent,
    })
    .where('id', '=', 1)
    .execute()
}

interface PartyRow {
  id: number
  status: RequestStatus
  due_date: string
  pickup_window: string | null
  product_type: string
  fulfilment: 'pickup' | 'delivery' | null
}

/** The party's members as a change weighs them, in the send's order. */
async function membersOf(trx: Executor, memberIds: readonly number[]): Promise<PartyRow[]> {
  const rows = await trx
    .selectFrom('order_request')
    .select(['id', 'status', 'due_date', 'pickup_window', 'product_type', 'fulfilment'])
    .where('id', 'in', memberIds)
    .orderBy('position')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** The earliest date of a party: what the policy's days are counted to. */
function firstDate(members: readonly PartyRow[]): string {
  return members.map((member) => member.due_date).sort()[0]!
}

/** 'Saturday, December 12, 2026, 10:00–12:00' */
export function dateAndWindow(date: string, window: string | null): string {
  return `${formatCalendarDate(date)}${window ? `, ${formatWindow(window)}` : ''}`
}

/** What a change asks, in one line: 'Saturday, December 12, 2026, 10:00–12:00' or 'Other details'. */
export function askedLine(change: { new_date: string | null; new_window: string | null }): string {
  return change.new_date ? dateAndWindow(change.new_date, change.new_window) : 'Other details'
}

/** The request a private link names by its place in the send; undefined for none. */
async function requestOfLink(
  db: Executor,
  { token, position }: { token: string; position: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('order_request')
    .select('id')
    .where('customer_token', '=', token)
    .where('position', '=', position)
    .executeTakeFirst()
  return row ? Number(row.id) : undefined
}

/** Holds the lead's row (PostgreSQL: locked to the transaction's end; SQLite has one writer). */
async function holdLead(trx: Transaction<Database>, requestId: number) {
  const party = await holdPartyLead(trx, requestId)
  await trx
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', party.leadId)
    .execute()
  return party
}

/** The sentence for a day a change cannot have, as the order form says it. */
function dayRefusal(
  date: string,
  unbookable: NonNullable<Awaited<ReturnType<typeof findUnbookable>>>,
): string {
  const reason = unavailableReason(unbookable.day, {
    noticeDays: unbookable.demand.noticeDays,
    lastBookable: unbookable.lastBookable,
  })
  const next = unbookable.nextOpen
    ? ` The next day we could take it is ${formatCalendarDate(unbookable.nextOpen)}.`
    : ''
  return `${formatCalendarDate(date)} is ${reason}, so we can’t move your order there.${next}`
}

/**
 * Weighs the party's move to `date` (and `window`) exactly as a new send's
 * requests are weighed: the booking lock first, then the day's capacity by
 * each member's effort and notice, then the pickup window, counting every
 * request held there except the members being moved. A refusal is a
 * sentence; undefined means it fits.
 */
async function refusedMove(
  trx: Transaction<Database>,
  members: readonly PartyRow[],
  { date, window, now }: { date: string; window: string | null; now: number },
): Promise<string | undefined> {
  await serializeTransactions(trx, 'booking')
  const except = members.map((member) => member.id)
  const products = await listProducts(trx as unknown as Db)
  const unbookable = await findUnbookable(
    trx,
    members.map((member) => ({ dueDate: date, productType: member.product_type })),
    { products, now: new Date(now), except },
  )
  if (unbookable) return dayRefusal(date, unbookable)
  const refusal = await findWindowRefusal(
    trx,
    members.map(() => ({ dueDate: date, window: window ?? undefined })),
    { except },
  )
  if (!refusal) return undefined
  const open = refusal.open.length
    ? ` Times with room that day: ${refusal.open.map(formatWindow).join(', ')}.`
    : ''
  if (refusal.reason === 'missing')
    return `Please choose a time on ${formatCalendarDate(date)}.${open}`
  if (refusal.reason === 'full') {
    return `${formatWindow(window ?? '')} on ${formatCalendarDate(date)} is fully booked.${open}`
  }
  return refusal.dayHasWindows
    ? `We don’t offer ${formatWindow(window ?? '')} on ${formatCalendarDate(date)}.${open}`
    : `${formatCalendarDate(date)} has no set times; leave the time empty.`
}

export interface ChangeAsk {
  token: string
  position: number
  /** YYYY-MM-DD, or null to keep the date. */
  newDate: string | null
  /** HH:MM-HH:MM on the new date, or null. */
  newWindow: string | null
  details: string
  now: number
  siteUrl?: string
}

/** Throws a refusal out of a transaction so that nothing it wrote is kept. */
class Refused extends Error {
  constructor(readonly change: BookChange) {
    super(change.ok ? 'refused' : change.error)
  }
}

const refuse = (status: 400 | 404 | 409 | 502 | 503, error: string): never => {
  throw new Refused({ ok: false, status, error })
}

async function inTransaction<T extends BookChange>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | BookChange> {
  try {
    return await db.transaction().execute(work)
  } catch (error) {
    if (error instanceof Refused) return error.change
    throw error
  }
}

/**
 * The customer asks for a change: a new date (and window), other details,
 * or both. Refused with a sentence when the request is not quoted or
 * confirmed, within the policy's window, already has a change waiting, or
 * the new date would not be taken today. Stored open on the party's lead,
 * on its timeline, and the owner emailed once.
 */
export async function askForChange(
  db: Db,
  ask: ChangeAsk,
): Promise<BookChange & { changeId?: number }> {
  return inTransaction(db, async (trx) => {
    const requestId = await requestOfLink(trx, ask)
    if (requestId === undefined) return NOT_FOUND
    const party = await holdLead(trx, requestId)
    const members = await membersOf(trx, party.memberIds)
    const policy = await readChangePolicy(trx)
    const today = bakeryToday(new Date(ask.now))
    if (members.some((member) => !isIn(CUSTOMER_CHANGEABLE_STATUSES, member.status))) {
      refuse(409, 'This order can’t be changed from this page any more. Please write to us.')
    }
    if (withinNoChangeWindow(policy, { today, dueDate: firstDate(members) })) {
      refuse(
        409,
        `Your date is less than ${Math.max(1, policy.windowDays)} days away, so changes are made by asking us directly: please write to us.`,
      )
    }
    const waiting = await trx
      .selectFrom('customer_change')
      .select('id')
      .where('request_id', '=', party.leadId)
      .where('kind', '=', 'change')
      .where('status', '=', 'open')
      .executeTakeFirst()
    if (waiting) refuse(409, 'You already asked for a change; we’ll answer that one first.')
    if (ask.newDate) {
      if (new Set(members.map((member) => member.due_date)).size > 1) {
        refuse(
          409,
          'Your requests are on different days, so a new date for them is something to write to us about.',
        )
      }
      const current = members[0]!
      if (ask.newDate === current.due_date && (ask.newWindow ?? null) === current.pickup_window) {
        refuse(400, 'That is the date you have now. Choose another, or leave the date empty.')
      }
      if (ask.newDate <= today) refuse(400, 'Choose a date after today.')
      const refused = await refusedMove(trx, members, {
        date: ask.newDate,
        window: ask.newWindow,
        now: ask.now,
      })
      if (refused) refuse(409, refused)
    }
    const { id } = await trx
      .insertInto('customer_change')
      .values({
        request_id: party.leadId,
        kind: 'change',
        status: 'open',
        new_date: ask.newDate,
        new_window: ask.newDate ? ask.newWindow : null,
        details: ask.details,
        created_at: ask.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const asked = askedLine({ new_date: ask.newDate, new_window: ask.newWindow })
    const lead = members.find((member) => member.id === party.leadId) ?? members[0]!
    await recordEvent(trx, {
      requestId: party.leadId,
      from: lead.status,
      to: lead.status,
      actor: 'customer',
      note: `Asked to change ${ask.newDate ? `to ${asked}` : 'details'}${ask.details.trim() ? `: ${ask.details.trim()}` : '.'}`,
      now: ask.now,
    })
    const request = await trx
      .selectFrom('order_request')
      .select(['name', 'email', 'due_date', 'payment_reference'])
      .where('id', '=', party.leadId)
      .executeTakeFirstOrThrow()
    const about = await partyAlertRequest(trx, party)
    await enqueueEmail(
      trx,
      {
        topic: 'request_update',
        subjectId: party.leadId,
        dedupeKey: `change-asked:${Number(id)}`,
        email: composeChangeAsked(
          {
            name: request.name,
            email: request.email,
            productType: treatsNamed(about),
            dueDate: request.due_date,
            paymentReference: request.payment_reference,
          },
          { asked, details: ask.details },
          {
            requestUrl: ask.siteUrl ? `${ask.siteUrl}/admin/orders/${party.leadId}` : undefined,
            bakeryName: (await readSiteSection(trx, 'identity')).name,
          },
        ),
      },
      ask.now,
    )
    await queueOwnerAlert(
      trx,
      changeAskedAlert(about, {
        id: Number(id),
        newDate: ask.newDate,
        window: ask.newDate && ask.newWindow ? formatWindow(ask.newWindow) : null,
        details: ask.details,
      }),
      ask.now,
    )
    return { ok: true, changeId: Number(id) }
  })
}

/** A change waiting for the owner's answer, as her order page shows it. */
export interface PendingChange {
  id: number
  /** 'Saturday, December 12, 2026, 10:00–12:00', or null for details only. */
  newDateLabel: string | null
  newDate: string | null
  newWindow: string | null
  details: string
  askedAt: number
}

/** The party's change waiting for an answer, if any. */
export async function pendingChangeOf(db: Executor, leadId: number): Promise<PendingChange | null> {
  const row = await db
    .selectFrom('customer_change')
    .selectAll()
    .where('request_id', '=', leadId)
    .where('kind', '=', 'change')
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (!row) return null
  return {
    id: Number(row.id),
    newDateLabel: row.new_date ? dateAndWindow(row.new_date, row.new_window) : null,
    newDate: row.new_date,
    newWindow: row.new_window,
    details: row.details,
    askedAt: Number(row.created_at),
  }
}

/**
 * The owner's answer to the change waiting on a request's party, in the
 * caller's transaction (the order action's, which has held the lead and
 * claimed the page's version). Accepting a new date weighs it again under
 * the booking lock, in this transaction, and moves every member there;
 * of two accepts racing for a day's last place one wins and the other is
 * refused with a sentence. Declining keeps her date and records the owner's
 * sentence. The note returned is what the customer's email quotes.
 */
export async function answerChangeIn(
  trx: Transaction<Database>,
  {
    requestId,
    accept,
    note = '',
    now,
  }: { requestId: number; accept: boolean; note?: string; now: number },
): Promise<BookChange & { note?: string | null }> {
  const party = await holdLead(trx, requestId)
  const change = await pendingChangeOf(trx, party.leadId)
  if (!change) {
    return {
      ok: false,
      status: 409,
      error: 'There is no change waiting for an answer: it may have been answered already.',
    }
  }
  const members = await membersOf(trx, party.memberIds)
  const lead = members.find((member) => member.id === party.leadId) ?? members[0]!
  if (!accept) {
    const claimed = await trx
      .updateTable('customer_change')
      .set({ status: 'declined', answered_at: now, answer_note: note })
      .where('id', '=', change.id)
      .where('status', '=', 'open')
      .executeTakeFirst()
    if (claimed.numUpdatedRows === 0n) {
      return { ok: false, status: 409, error: 'That change was answered meanwhile.' }
    }
    await recordEvent(trx, {
      requestId: party.leadId,
      from: lead.status,
      to: lead.status,
      actor: 'owner',
      note: `Declined the change asked${change.newDateLabel ? ` (to ${change.newDateLabel})` : ''}.${note.trim() ? ` ${note.trim()}` : ''}`,
      now,
    })
    return { ok: true, note: note.trim() || null }
  }
  if (members.some((member) => !isIn(CUSTOMER_CHANGEABLE_STATUSES, member.status))) {
    return {
      ok: false,
      status: 409,
      error: 'This order has moved on since the change was asked; decline it instead.',
    }
  }
  if (change.newDate) {
    const refused = await refusedMove(trx, members, {
      date: change.newDate,
      window: change.newWindow,
      now,
    })
    if (refused) {
      return {
        ok: false,
        status: 409,
        error: `${refused} Decline the change with a sentence, or ask her for another date.`,
      }
    }
  }
  const claimed = await trx
    .updateTable('customer_change')
    .set({ status: 'accepted', answered_at: now })
    .where('id', '=', change.id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (claimed.numUpdatedRows === 0n) {
    return { ok: false, status: 409, error: 'That change was answered meanwhile.' }
  }
  for (const member of members) {
    if (change.newDate) {
      await trx
        .updateTable('order_request')
        .set({ due_date: change.newDate, pickup_window: change.newWindow })
        .where('id', '=', member.id)
        .execute()
    }
    const moved = change.newDate
      ? `Date changed from ${dateAndWindow(member.due_date, member.pickup_window)} to ${change.newDateLabel}, as the customer asked.`
      : null
    if (moved || member.id === party.leadId) {
      await recordEvent(trx, {
        requestId: member.id,
        from: member.status,
        to: member.status,
        actor: 'owner',
        note:
          [moved, change.details.trim() ? `Accepted her change: ${change.details.trim()}` : '']
            .filter(Boolean)
            .join(' ') || 'Accepted her change.',
        now,
      })
    }
  }
  return { ok: true, note: change.details.trim() || null }
}

/** What cancelling would come to now, for the customer's confirm step. */
export interface CancelPreview {
  refund: CancelRefund
  /** Of the refund, what would go back to her card through Stripe. */
  cardCents: number
}

/** Why a party cannot be cancelled from the page, or null when it can. */
function refusedCancel(
  members: readonly PartyRow[],
  policy: ChangePolicy,
  today: string,
): { status: 409; error: string } | null {
  if (members.every((member) => member.status === 'cancelled')) {
    return { status: 409, error: 'This order is already cancelled.' }
  }
  if (members.some((member) => !isIn(CUSTOMER_CANCELLABLE_STATUSES, member.status))) {
    return {
      status: 409,
      error: 'This order can’t be cancelled from this page any more. Please write to us.',
    }
  }
  if (withinNoChangeWindow(policy, { today, dueDate: firstDate(members) })) {
    return {
      status: 409,
      error: `Your date is less than ${Math.max(1, policy.windowDays)} days away, so please write to us to cancel.`,
    }
  }
  return null
}

/** How much of `totalCents` goes back to the card payments (oldest first), when card refunds are on. */
async function cardShare(
  db: Executor,
  leadId: number,
  totalCents: number,
  cardOn: boolean,
): Promise<{ paymentId: number; amountCents: number }[]> {
  if (!cardOn || totalCents <= 0) return []
  const payments = await cardPaymentsOf(db as Db, leadId)
  const pieces: { paymentId: number; amountCents: number }[] = []
  let left = totalCents
  for (const payment of payments) {
    if (left <= 0) break
    if (!payment.refundable || payment.leftCents <= 0) continue
    const amountCents = Math.min(left, payment.leftCents)
    pieces.push({ paymentId: payment.paymentId, amountCents })
    left -= amountCents
  }
  return pieces
}

/**
 * What a cancellation now would give back, or why it cannot be made from
 * the page. Read without writing, for the confirm step (GET ?cancel=…).
 */
export async function previewCancel(
  db: Executor,
  { requestId, now, env = getEnv() }: { requestId: number; now: number; env?: StripeSettings },
): Promise<({ ok: true } & CancelPreview) | { ok: false; status: 404 | 409; error: string }> {
  const party = await partyOfRequest(db, requestId)
  if (!party) return { ok: false, ...NOT_FOUND_ERROR }
  const members = await membersOf(db, party.memberIds)
  const policy = await readChangePolicy(db)
  const today = bakeryToday(new Date(now))
  const refused = refusedCancel(members, policy, today)
  if (refused) return { ok: false, ...refused }
  const refund = await refundFor(db, party.leadId, members, policy, today)
  const card = await cardShare(db, party.leadId, refund.totalCents, cardPaymentsOn(env))
  return {
    ok: true,
    refund,
    cardCents: card.reduce((sum, piece) => sum + piece.amountCents, 0),
  }
}

const NOT_FOUND_ERROR = { status: 404 as const, error: 'That request is not in the order book.' }

async function partyOfRequest(db: Executor, requestId: number) {
  const exists = await db
    .selectFrom('order_request')
    .select('id')
    .where('id', '=', requestId)
    .executeTakeFirst()
  return exists ? partyOf(db, requestId) : undefined
}

async function refundFor(
  db: Executor,
  leadId: number,
  members: readonly PartyRow[],
  policy: ChangePolicy,
  today: string,
): Promise<CancelRefund> {
  const money = await moneyOf(db, leadId)
  return cancelRefund(policy, {
    today,
    dueDate: firstDate(members),
    paidCents: money.paidCents,
    depositCents: money.depositCents,
    depositWaived: money.depositWaived,
  })
}

export interface CancelOutcome {
  refundCents: number
  cardCents: number
  /** A second post (a double click, another tab) finding it already cancelled by her. */
  already: boolean
}

/**
 * The customer cancels from her page. In one transaction: the lead's row
 * is held (a double submit, a second tab or instance waits here, then finds
 * it cancelled and is answered with the first cancellation: one refund,
 * one email each); the policy and what is paid give the refund; the party
 * moves to cancelled (its capacity is free again); the card part goes back
 * through Stripe (refundOnCardIn, decision 050's idempotency key); the rest
 * is kept on the cancellation as what the owner still sends back; both
 * sides are emailed once (dedupe keys). `expectedRefundCents` is what her
 * confirm step showed: if it no longer holds she is shown the new sum.
 */
export async function cancelByCustomer(
  db: Db,
  {
    token,
    position,
    expectedRefundCents,
    now,
    siteUrl = '',
    env = getEnv(),
  }: {
    token: string
    position: number
    expectedRefundCents?: number
    now: number
    siteUrl?: string
    env?: StripeSettings
  },
): Promise<BookChange & Partial<CancelOutcome>> {
  return inTransaction(db, async (trx) => {
    const requestId = await requestOfLink(trx, { token, position })
    if (requestId === undefined) return NOT_FOUND
    const party = await holdLead(trx, requestId)
    const done = await trx
      .selectFrom('customer_change')
      .select(['refund_cents', 'card_refund_cents'])
      .where('request_id', '=', party.leadId)
      .where('kind', '=', 'cancel')
      .executeTakeFirst()
    if (done) {
      return {
        ok: true,
        refundCents: Number(done.refund_cents),
        cardCents: Number(done.card_refund_cents),
        already: true,
      }
    }
    const members = await membersOf(trx, party.memberIds)
    const policy = await readChangePolicy(trx)
    const today = bakeryToday(new Date(now))
    const refused = refusedCancel(members, policy, today)
    if (refused) refuse(refused.status, refused.error)
    const refund = await refundFor(trx, party.leadId, members, policy, today)
    if (expectedRefundCents !== undefined && expectedRefundCents !== refund.totalCents) {
      refuse(
        409,
        `What you would get back has changed since you looked: it is now ${formatMoney(refund.totalCents)}. Nothing was cancelled; please look again and confirm.`,
      )
    }
    const card = await cardShare(trx, party.leadId, refund.totalCents, cardPaymentsOn(env))
    const cardCents = card.reduce((sum, piece) => sum + piece.amountCents, 0)
    const manualCents = refund.totalCents - cardCents
    const moved = await moveRequest(trx, {
      requestId: party.leadId,
      to: CUSTOMER_CANCEL.target,
      actor: 'customer',
      note: 'Cancelled from her page.',
      now,
    })
    if (!moved.ok) refuse(moved.status as 409, moved.error)
    // A party of one: moveRequest moved the lead alone, which is the request.
    for (const piece of card) {
      const made = await refundOnCardIn(trx, {
        requestId: party.leadId,
        paymentId: piece.paymentId,
        amountCents: piece.amountCents,
        reason: 'Cancelled by the customer, under the cancellation policy.',
        now,
        env,
      })
      if (!made.ok) {
        refuse(
          made.status,
          made.status === 503 || made.status === 502
            ? 'We couldn’t reach the card company to refund you, so nothing was cancelled. Please try again in a few minutes, or write to us.'
            : made.error,
        )
      }
    }
    await trx
      .insertInto('customer_change')
      .values({
        request_id: party.leadId,
        kind: 'cancel',
        status: 'done',
        refund_cents: refund.totalCents,
        card_refund_cents: cardCents,
        created_at: now,
        answered_at: now,
      })
      .execute()
    const lead = members.find((member) => member.id === party.leadId) ?? members[0]!
    await recordEvent(trx, {
      requestId: party.leadId,
      from: 'cancelled',
      to: 'cancelled',
      actor: 'site',
      note:
        refund.totalCents === 0
          ? 'Under the cancellation policy nothing is refunded.'
          : `Under the cancellation policy ${formatMoney(refund.totalCents)} goes back (${refund.percent}% of the deposit paid${refund.beyondDepositCents > 0 ? ', and all paid beyond it' : ''}).${manualCents > 0 ? ` To send back by e-Transfer or cash: ${formatMoney(manualCents)}.` : ''}`,
      now,
    })
    await queueRequestUpdate(trx, 'self_cancelled', {
      requestId: party.leadId,
      siteUrl,
      now,
      dedupeKey: `self-cancel:${party.leadId}`,
    })
    const request = await trx
      .selectFrom('order_request')
      .select(['name', 'email', 'payment_reference'])
      .where('id', '=', party.leadId)
      .executeTakeFirstOrThrow()
    const about = await partyAlertRequest(trx, party)
    await enqueueEmail(
      trx,
      {
        topic: 'request_update',
        subjectId: party.leadId,
        dedupeKey: `self-cancel-owner:${party.leadId}`,
        email: composeSelfCancelledForOwner(
          {
            name: request.name,
            email: request.email,
            productType: treatsNamed(about),
            dueDate: lead.due_date,
            paymentReference: request.payment_reference,
          },
          { totalCents: refund.totalCents, cardCents },
          {
            requestUrl: siteUrl ? `${siteUrl}/admin/orders/${party.leadId}` : undefined,
            bakeryName: (await readSiteSection(trx, 'identity')).name,
          },
        ),
      },
      now,
    )
    await queueOwnerAlert(
      trx,
      cancelledAlert(about, {
        totalCents: refund.totalCents,
        cardCents,
      }),
      now,
    )
    return { ok: true, refundCents: refund.totalCents, cardCents, already: false }
  })
}

/** A cancellation made from her page, as the owner's order page shows it. */
export interface SelfCancellation {
  refundCents: number
  cardCents: number
  /** What the owner still has to send back: the promise less the refunds recorded since. */
  owedBackCents: number
  at: number
}

/** The party's cancellation from her page, if she made one. */
export async function selfCancellationOf(
  db: Executor,
  leadId: number,
): Promise<SelfCancellation | null> {
  const row = await db
    .selectFrom('customer_change')
    .select(['refund_cents', 'card_refund_cents', 'created_at'])
    .where('request_id', '=', leadId)
    .where('kind', '=', 'cancel')
    .executeTakeFirst()
  if (!row) return null
  const { given } = await db
    .selectFrom('refund')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('amount_cents'), sql.lit(0)).as('given'),
    )
    .where('request_id', '=', leadId)
    .where('created_at', '>=', Number(row.created_at))
    .executeTakeFirstOrThrow()
  const refundCents = Number(row.refund_cents)
  return {
    refundCents,
    cardCents: Number(row.card_refund_cents),
    owedBackCents: Math.max(0, refundCents - Number(given)),
    at: Number(row.created_at),
  }
}
