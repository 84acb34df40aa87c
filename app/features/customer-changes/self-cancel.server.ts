import { sql } from 'kysely'
import { type Env, getEnv } from '#app/config/env.server.ts'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import {
  type BookChange,
  NOT_FOUND,
  moveRequest,
} from '#app/features/order-book/request-moves.server.ts'
import { CUSTOMER_CANCELLABLE_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import type { ChangePolicy } from '#app/features/order-status/order-terms.ts'
import { CUSTOMER_CANCEL } from '#app/features/order-status/owner-intents.ts'
import { cardPaymentsOf, refundOnCardIn } from '#app/features/payments/card-refunds.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { recordCancellation, tellOfCancellation } from './cancel-records.server.ts'
import { type CancelRefund, cancelRefund, withinNoChangeWindow } from './change-policy.ts'
import {
  type Executor,
  type PartyRow,
  firstDate,
  holdLead,
  inTransaction,
  membersOf,
  refuse,
  requestOfLink,
} from './change-rules.server.ts'
import { readChangePolicy } from './customer-changes.server.ts'

const ownTables = tablesFor('customer-changes')

type StripeSettings = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>

/**
 * A customer cancels from her private page (decision 054): what it would
 * give back before she confirms, the cancellation itself, and what the
 * owner still sends back after it.
 */

/** What cancelling would come to now, for the customer's confirm step. */
export interface CancelPreview {
  refund: CancelRefund
  /** Of the refund, what would go back where she paid it: her card through Stripe, or a gift card. */
  cardCents: number
  /** Of cardCents, what would go back onto a gift card (decision 114). */
  giftCardCents: number
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

/** How much of `totalCents` goes back where it was paid from (oldest first): a card, when card refunds are on, or a gift card. */
async function cardShare(
  db: Executor,
  leadId: number,
  totalCents: number,
  cardOn: boolean,
): Promise<{ paymentId: number; amountCents: number; giftCard: boolean }[]> {
  if (totalCents <= 0) return []
  // With card payments off, what a gift card paid still goes back onto it.
  const payments = (await cardPaymentsOf(db as Db, leadId)).filter(
    (payment) => cardOn || payment.giftCard !== null,
  )
  const pieces: { paymentId: number; amountCents: number; giftCard: boolean }[] = []
  let left = totalCents
  for (const payment of payments) {
    if (left <= 0) break
    if (!payment.refundable || payment.leftCents <= 0) continue
    const amountCents = Math.min(left, payment.leftCents)
    pieces.push({ paymentId: payment.paymentId, amountCents, giftCard: payment.giftCard !== null })
    left -= amountCents
  }
  return pieces
}

/** What the pieces send back on their own, and of that what goes onto a gift card. */
function sharesOf(pieces: readonly { amountCents: number; giftCard: boolean }[]) {
  const sum = (of: readonly { amountCents: number }[]) =>
    of.reduce((total, piece) => total + piece.amountCents, 0)
  return { cardCents: sum(pieces), giftCardCents: sum(pieces.filter((piece) => piece.giftCard)) }
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
  return { ok: true, refund, ...sharesOf(card) }
}

const NOT_FOUND_ERROR = { status: 404 as const, error: 'That request is not in the order book.' }

async function partyOfRequest(db: Executor, requestId: number) {
  const exists = await ownTables(db)
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
  giftCardCents: number
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
    const done = await ownTables(trx)
      .selectFrom('customer_change')
      .select(['refund_cents', 'card_refund_cents', 'gift_card_refund_cents'])
      .where('request_id', '=', party.leadId)
      .where('kind', '=', 'cancel')
      .executeTakeFirst()
    if (done) {
      return {
        ok: true,
        refundCents: Number(done.refund_cents),
        cardCents: Number(done.card_refund_cents),
        giftCardCents: Number(done.gift_card_refund_cents),
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
    const { cardCents, giftCardCents } = sharesOf(card)
    const moved = await moveRequest(trx, {
      requestId: party.leadId,
      to: CUSTOMER_CANCEL.target,
      actor: 'customer',
      note: 'Cancelled from her page.',
      now,
    })
    if (!moved.ok) refuse(moved.status as 409, moved.error)
    // A party of one: moveRequest moved the lead alone, which is the request.
    await refundOnCards(trx, { leadId: party.leadId, card, now, env })
    await recordCancellation(trx, { leadId: party.leadId, refund, cardCents, giftCardCents, now })
    await tellOfCancellation(trx, {
      party,
      shares: { totalCents: refund.totalCents, cardCents, giftCardCents },
      siteUrl,
      now,
    })
    return { ok: true, refundCents: refund.totalCents, cardCents, giftCardCents, already: false }
  })
}

/** The card part of her refund, back through Stripe; if Stripe cannot be reached, nothing is cancelled. */
async function refundOnCards(
  trx: Parameters<typeof refundOnCardIn>[0],
  {
    leadId,
    card,
    now,
    env,
  }: {
    leadId: number
    card: Awaited<ReturnType<typeof cardShare>>
    now: number
    env: StripeSettings
  },
) {
  for (const piece of card) {
    const made = await refundOnCardIn(trx, {
      requestId: leadId,
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
}

/** A cancellation made from her page, as the owner's order page shows it. */
export interface SelfCancellation {
  refundCents: number
  cardCents: number
  giftCardCents: number
  /** What the owner still has to send back: the promise less the refunds recorded since. */
  owedBackCents: number
  at: number
}

/** The party's cancellation from her page, if she made one. */
export async function selfCancellationOf(
  db: Executor,
  leadId: number,
): Promise<SelfCancellation | null> {
  const row = await ownTables(db)
    .selectFrom('customer_change')
    .select(['refund_cents', 'card_refund_cents', 'gift_card_refund_cents', 'created_at'])
    .where('request_id', '=', leadId)
    .where('kind', '=', 'cancel')
    .executeTakeFirst()
  if (!row) return null
  const { given } = await ownTables(db)
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
    giftCardCents: Number(row.gift_card_refund_cents),
    owedBackCents: Math.max(0, refundCents - Number(given)),
    at: Number(row.created_at),
  }
}
