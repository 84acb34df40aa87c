import { type Kysely, type Transaction, sql } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestEventTable } from '#app/db/schema.ts'
import { lowerPrice } from '#app/features/order-status/money-rules.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { MAX_DOLLARS, formatMoney } from '#app/utils/money.ts'
import { keepTaxPart, moneyOf, paymentTotals } from './money.server.ts'
import { partyOf } from './party.server.ts'
import { currentQuote } from './quotes.server.ts'
import { type BookChange, NOT_FOUND, recordEvent, statusOf } from './request-moves.server.ts'

const ownTables = tablesFor('order-book')

type Executor = Kysely<Database> | Transaction<Database>
type Actor = RequestEventTable['actor']

export interface RefundInput {
  requestId: number
  /** The payment it gives back (a card refund's); absent or null for a manual refund. */
  paymentId?: number | null
  amountCents: number
  /** YYYY-MM-DD */
  refundedOn: string
  /** How it was handed back: 'e-Transfer', 'cash', 'card'. */
  method: string
  reason: string
  /** Stripe's refund id, for a card refund: recording it twice records it once. */
  stripeRefundId?: string | null
  /**
   * The refund lowers the price by as much (decision 060): "one tier
   * fewer, $25 back". Absent or false, the price stands and what the refund
   * gave back is owed again, as before.
   */
  lowersPrice?: boolean
  now: number
  actor?: Actor
}

/** The most a refund may be, in cents: what a payment is bounded by (MAX_DOLLARS). */
const MAX_REFUND_CENTS = MAX_DOLLARS * 100

/**
 * Records money handed back to the customer, in the caller's transaction
 * (so the email announcing it, or a card refund's webhook, is stored with
 * it). Never more than has been paid net, nor, for one payment's refund,
 * more than is left of that payment; a 409 says why. Any status may take a
 * refund while money is held, a cancelled order's deposit above all; the
 * status does not move.
 *
 * Race-safe on both databases: it first updates the request's row (on
 * PostgreSQL that takes the row's lock until the transaction ends; SQLite
 * has one writer), so two refunds on one request are weighed one after the
 * other against what is left. A Stripe refund id already recorded is
 * answered with that refund and writes nothing more.
 */
export async function recordRefundIn(
  trx: Transaction<Database>,
  asked: RefundInput,
): Promise<BookChange & { refundId?: number; duplicate?: boolean }> {
  // A party's refunds, like its payments, are its lead's.
  const input = { ...asked, requestId: (await partyOf(trx, asked.requestId)).leadId }
  const { requestId, amountCents, now } = input
  const held = await ownTables(trx)
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (held.numUpdatedRows === 0n) return NOT_FOUND
  if (input.stripeRefundId) {
    const known = await knownCardRefund(trx, { requestId, stripeRefundId: input.stripeRefundId })
    if (known) return known
  }
  const refusedAmount = await refusedRefundAmount(trx, { requestId, amountCents })
  if (refusedAmount) return refusedAmount
  const status = (await statusOf(trx, requestId))!
  const lowered = input.lowersPrice
    ? lowerPrice(status, await moneyOf(trx, requestId), amountCents)
    : null
  if (lowered && !lowered.ok) {
    return { ok: false, status: 409, error: lowered.error, field: 'refund_lowers_price' }
  }
  const paymentId = input.paymentId ?? null
  if (paymentId !== null) {
    const refused = await refusedPaymentRefund(trx, { requestId, paymentId, amountCents })
    if (refused) return refused
  }
  const inserted = await ownTables(trx)
    .insertInto('refund')
    .values({
      request_id: requestId,
      payment_id: paymentId,
      amount_cents: amountCents,
      refunded_on: input.refundedOn,
      method: input.method,
      reason: input.reason,
      stripe_refund_id: input.stripeRefundId ?? null,
      created_at: now,
      lowered_to_cents: lowered?.ok ? lowered.totalCents : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (lowered?.ok) {
    // The lead's newest quote holds the party's money: its price (and a
    // deposit above the new total) comes down in the refund's transaction.
    const quote = (await currentQuote(trx, requestId))!
    await ownTables(trx)
      .updateTable('request_quote')
      .set({ price_cents: lowered.priceCents, deposit_cents: lowered.depositCents })
      .where('id', '=', quote.id)
      .execute()
  }
  await keepTaxPart(trx, { requestId, table: 'refund', id: Number(inserted.id) })
  await recordEvent(trx, {
    requestId,
    from: status,
    to: status,
    actor: input.actor ?? 'owner',
    note: refundNote({ ...input, loweredToCents: lowered?.ok ? lowered.totalCents : null }),
    now,
  })
  return { ok: true, refundId: Number(inserted.id) }
}

type Refused = Extract<BookChange, { ok: false }>

/** A card refund recorded already (Stripe's webhook and the owner's click both record it). */
async function knownCardRefund(
  trx: Transaction<Database>,
  { requestId, stripeRefundId }: { requestId: number; stripeRefundId: string },
): Promise<(BookChange & { refundId?: number; duplicate?: boolean }) | null> {
  const known = await ownTables(trx)
    .selectFrom('refund')
    .select(['id', 'request_id'])
    .where('stripe_refund_id', '=', stripeRefundId)
    .executeTakeFirst()
  if (!known) return null
  if (Number(known.request_id) !== requestId) {
    return { ok: false, status: 409, error: 'That card refund belongs to another request.' }
  }
  return { ok: true, refundId: Number(known.id), duplicate: true }
}

/** Why a refund of `amountCents` is refused: not an amount, or more than is paid net. */
async function refusedRefundAmount(
  trx: Transaction<Database>,
  { requestId, amountCents }: { requestId: number; amountCents: number },
): Promise<Refused | null> {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_REFUND_CENTS) {
    return {
      ok: false,
      status: 400,
      error: `The refund must be more than ${formatMoney(0)}.`,
      field: 'refund_amount',
    }
  }
  const totals = (await paymentTotals(trx, [requestId])).get(requestId)!
  if (totals.paidCents <= 0) {
    return {
      ok: false,
      status: 409,
      error: 'Nothing has been paid on this request, so there is nothing to refund.',
    }
  }
  if (amountCents > totals.paidCents) {
    return {
      ok: false,
      status: 409,
      error: `Only ${formatMoney(totals.paidCents)} has been paid (after refunds), so no more than that can be refunded.`,
      field: 'refund_amount',
    }
  }
  return null
}

/** Why one payment's refund is refused: not this request's, or more than is left of it. */
async function refusedPaymentRefund(
  trx: Transaction<Database>,
  {
    requestId,
    paymentId,
    amountCents,
  }: { requestId: number; paymentId: number; amountCents: number },
): Promise<Refused | null> {
  const payment = await ownTables(trx)
    .selectFrom('payment')
    .select(['amount_cents'])
    .where('id', '=', paymentId)
    .where('request_id', '=', requestId)
    .executeTakeFirst()
  if (!payment) return { ok: false, status: 404, error: 'That payment is not on this request.' }
  const { given } = await ownTables(trx)
    .selectFrom('refund')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('amount_cents'), sql.lit(0)).as('given'),
    )
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow()
  const left = Number(payment.amount_cents) - Number(given)
  if (amountCents > left) {
    return {
      ok: false,
      status: 409,
      error: `Only ${formatMoney(Math.max(0, left))} of that payment is left to refund.`,
      field: 'refund_amount',
    }
  }
  return null
}

/**
 * Whether a refund of `amountCents` may lower the price of `requestId`'s
 * party (decision 060); null when it may. Asked before money leaves (a card
 * refund asks it before Stripe is called), and again by recordRefundIn.
 */
export async function refusedPriceLowering(
  db: Executor,
  { requestId, amountCents }: { requestId: number; amountCents: number },
): Promise<Extract<BookChange, { ok: false }> | null> {
  const leadId = (await partyOf(db, requestId)).leadId
  const status = await statusOf(db, leadId)
  if (!status) return { ok: false, status: 404, error: 'That request is not in the order book.' }
  const lowered = lowerPrice(status, await moneyOf(db, leadId), amountCents)
  return lowered.ok ? null : { ok: false, status: 409, error: lowered.error }
}

/**
 * The timeline's words: 'Refund recorded: $40 by e-Transfer, Nov 26, 2026. Reason: …',
 * led by 'Price lowered to $95 with a $25 refund.' when it lowered the price.
 */
export function refundNote({
  amountCents,
  method,
  refundedOn,
  reason,
  stripeRefundId,
  loweredToCents,
}: Pick<RefundInput, 'amountCents' | 'method' | 'refundedOn' | 'reason' | 'stripeRefundId'> & {
  loweredToCents?: number | null
}): string {
  const why = reason.trim() ? ` Reason: ${reason.trim()}` : ''
  const lowered =
    loweredToCents == null
      ? ''
      : `Price lowered to ${formatMoney(loweredToCents)} with a ${formatMoney(amountCents)} refund. `
  if (stripeRefundId) {
    return `${lowered}Refunded to the customer’s card through Stripe: ${formatMoney(amountCents)}, ${formatCalendarDate(refundedOn)}.${why}`
  }
  const by = method.trim() ? ` by ${method.trim()}` : ''
  return `${lowered}Refund recorded: ${formatMoney(amountCents)}${by}, ${formatCalendarDate(refundedOn)}.${why}`
}
