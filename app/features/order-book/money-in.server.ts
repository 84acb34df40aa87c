import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestEventTable } from '#app/db/schema.ts'
import { amountsOwed, depositSettled } from '#app/features/order-status/money-owed.ts'
import {
  refusedPaymentMessage,
  refusedWaiveMessage,
} from '#app/features/order-status/money-rules.ts'
import { BOOKED_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { keepTaxPart, moneyOf } from './money.server.ts'
import { partyOf } from './party.server.ts'
import { currentQuote } from './quotes.server.ts'
import {
  type BookChange,
  NOT_FOUND,
  moveRequest,
  recordEvent,
  statusOf,
} from './request-moves.server.ts'

const ownTables = tablesFor('order-book')

type Actor = RequestEventTable['actor']

/**
 * A quoted request whose quote is accepted and whose deposit is in (or
 * waived) becomes confirmed; otherwise it stays as it is.
 */
export async function confirmIfSettled(
  trx: Transaction<Database>,
  { requestId: anyMember, actor, now }: { requestId: number; actor: Actor; now: number },
): Promise<boolean> {
  // A party's deposit and acceptance are its lead's.
  const requestId = (await partyOf(trx, anyMember)).leadId
  const status = await statusOf(trx, requestId)
  const quote = await currentQuote(trx, requestId)
  if (status !== 'quoted' || !quote?.accepted_at) return false
  if (!depositSettled(await moneyOf(trx, requestId))) return false
  const moved = await moveRequest(trx, { requestId, to: 'confirmed', actor, now })
  return moved.ok
}

export interface PaymentInput {
  amountCents: number
  /** YYYY-MM-DD */
  receivedOn: string
  method: string
  /** A card payment's Stripe Checkout session: recorded once (unique), never by the owner. */
  checkoutSessionId?: string
  /** Its Stripe payment intent (pi_…), which a card refund names. */
  paymentIntentId?: string | null
}

/** Records a payment the owner received; an accepted quote whose deposit it settles is confirmed. */
export async function recordPayment(
  db: Db,
  input: { requestId: number; payment: PaymentInput; now: number },
): Promise<BookChange & { confirmed?: boolean }> {
  return db.transaction().execute((trx) => recordPaymentIn(trx, input))
}

/**
 * recordPayment in the caller's transaction, so an email announcing the
 * confirmation it may bring is stored with it.
 */
export async function recordPaymentIn(
  trx: Transaction<Database>,
  {
    requestId: anyMember,
    payment,
    now,
    actor = 'owner',
  }: { requestId: number; payment: PaymentInput; now: number; actor?: Actor },
): Promise<BookChange & { confirmed?: boolean; settled?: boolean; paymentId?: number }> {
  // A party's payments are recorded once, on its lead (decision 049).
  const requestId = (await partyOf(trx, anyMember)).leadId
  const status = await statusOf(trx, requestId)
  if (!status) return NOT_FOUND
  const refused = refusedPaymentMessage(status)
  if (refused) return { ok: false, status: 409, error: refused }
  const owedBefore = amountsOwed(await moneyOf(trx, requestId)).stillOwed
  const { id: paymentId } = await ownTables(trx)
    .insertInto('payment')
    .values({
      request_id: requestId,
      amount_cents: payment.amountCents,
      received_on: payment.receivedOn,
      method: payment.method,
      created_at: now,
      checkout_session_id: payment.checkoutSessionId ?? null,
      payment_intent_id: payment.paymentIntentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await keepTaxPart(trx, { requestId, table: 'payment', id: Number(paymentId) })
  // Its receipt gets its number with the first money in.
  await ensureReceiptIn(trx, { requestId, now })
  // On the timeline too, so the story of a request shows when its money came in.
  await recordEvent(trx, {
    requestId,
    from: status,
    to: status,
    actor,
    note: `Payment received: ${formatMoney(payment.amountCents)} by ${payment.method}, ${formatCalendarDate(payment.receivedOn)}.`,
    now,
  })
  const confirmed = await confirmIfSettled(trx, { requestId, actor, now })
  // A booked order's last payment: what was owed is now nothing (decision 047).
  const settled =
    !confirmed &&
    isIn(BOOKED_STATUSES, status) &&
    owedBefore > 0 &&
    amountsOwed(await moneyOf(trx, requestId)).stillOwed === 0
  return { ok: true, confirmed, settled, paymentId: Number(paymentId) }
}

/** The owner confirms without a deposit: an accepted quote is confirmed at once. */
export async function waiveDeposit(
  db: Db,
  input: { requestId: number; now: number },
): Promise<BookChange & { confirmed?: boolean }> {
  return db.transaction().execute((trx) => waiveDepositIn(trx, input))
}

/** waiveDeposit in the caller's transaction. */
export async function waiveDepositIn(
  trx: Transaction<Database>,
  { requestId: anyMember, now }: { requestId: number; now: number },
): Promise<BookChange & { confirmed?: boolean }> {
  // A party's one deposit is its lead's.
  const requestId = (await partyOf(trx, anyMember)).leadId
  // Naming the status it waives from, so a request closed meanwhile is not changed.
  const updated = await ownTables(trx)
    .updateTable('order_request')
    .set({ deposit_waived: 1 })
    .where('id', '=', requestId)
    .where('status', '=', 'quoted')
    .executeTakeFirst()
  if (updated.numUpdatedRows === 0n) {
    const status = await statusOf(trx, requestId)
    if (!status) return NOT_FOUND
    return { ok: false, status: 409, error: refusedWaiveMessage(status) ?? 'Try again.' }
  }
  await recordEvent(trx, {
    requestId,
    from: 'quoted',
    to: 'quoted',
    actor: 'owner',
    note: 'Deposit waived.',
    now,
  })
  const confirmed = await confirmIfSettled(trx, { requestId, actor: 'owner', now })
  return { ok: true, confirmed }
}

/**
 * The request's receipt number, assigned the first time something is paid
 * (or its receipt is first opened) and never again: the receipt row's id,
 * which neither database hands out twice. Two transactions racing for one
 * request meet at the unique index on request_id: the second inserts
 * nothing and reads the first's number.
 */
export async function ensureReceiptIn(
  trx: Transaction<Database>,
  { requestId: anyMember, now }: { requestId: number; now: number },
): Promise<number> {
  // One receipt, one number, for a party: its lead's.
  const requestId = (await partyOf(trx, anyMember)).leadId
  const numberOf = () =>
    ownTables(trx)
      .selectFrom('receipt')
      .select('id')
      .where('request_id', '=', requestId)
      .executeTakeFirst()
  const known = await numberOf()
  if (known) return Number(known.id)
  await ownTables(trx)
    .insertInto('receipt')
    .values({ request_id: requestId, created_at: now })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .execute()
  return Number((await numberOf())!.id)
}
