import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { totalOf } from '#app/features/order-status/money-owed.ts'
import { QUOTE_EXPIRY } from '#app/features/order-status/owner-intents.ts'
import { taxesColumn, taxesOfColumn } from '#app/features/order-status/tax-rules.ts'
import { type TaxedLine, isTreat, taxesForLines } from '#app/features/taxes/order-taxes.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate, bakeryToday } from '#app/utils/dates.ts'
import { type BookChange, NOT_FOUND, moveRequest } from './request-moves.server.ts'

const ownTables = tablesFor('order-book')

type Executor = Kysely<Database> | Transaction<Database>

const DAY_MS = 24 * 60 * 60 * 1000

export interface QuoteInput {
  priceCents: number
  /** What a delivery adds, in cents; absent or 0 for none. A pickup takes none. */
  deliveryFeeCents?: number
  depositCents: number
  /** YYYY-MM-DD, or null for no set date. */
  depositDue: string | null
  /**
   * YYYY-MM-DD: when the balance is due. Absent (or null), the settings'
   * "N days before the order date" decides (see defaultBalanceDue).
   */
  balanceDue?: string | null
  paymentInstructions: string
  message: string
  /** Days the customer has to answer; the settings' default when absent. */
  expiresInDays?: number
  /**
   * A party member's own line, in cents (decision 049): the lead's
   * priceCents is then the lines' sum, a member's 0. Absent for a quote of one.
   */
  lineCents?: number
  /** A party with a delivery in it may take a fee on its lead, whichever way the lead goes. */
  partyDelivers?: boolean
  /**
   * The deposit as a percent (0 to 100) of the total the customer pays, its
   * tax with it: worked out here, where the taxes are known. depositCents
   * is then not read.
   */
  depositPercent?: number
  /**
   * What the price is made of, for its taxes: a party's lead names each
   * member's treat and line. Absent, the price is all the request's own treat.
   */
  taxedLines?: readonly TaxedLine[]
}

/** Why a request picked up at the bakery is refused a delivery fee. */
export const PICKUP_FEE_MESSAGE =
  'This order is picked up, so it takes no delivery fee. Leave the delivery fee empty.'

/** The newest quote of a request, if it has one. */
export async function currentQuote(db: Executor, requestId: number) {
  return ownTables(db)
    .selectFrom('request_quote')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/**
 * Sends a quote: stores it (a newer one replaces the last) and moves the
 * request to quoted. Emailing the customer is the caller's, in the same
 * transaction, so the quote and its email are stored together.
 */
export async function quoteRequest(
  trx: Transaction<Database>,
  { requestId, quote, now }: { requestId: number; quote: QuoteInput; now: number },
): Promise<BookChange & { expiresAt?: number }> {
  const settings = await ownTables(trx)
    .selectFrom('booking_settings')
    .select(['quote_expiry_days', 'balance_due_days'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  const request = await ownTables(trx)
    .selectFrom('order_request')
    .select(['due_date', 'fulfilment', 'product_type'])
    .where('id', '=', requestId)
    .executeTakeFirst()
  if (!request) return NOT_FOUND
  const money = await quoteMoney(trx, { requestId, request, quote })
  if (!money.ok) return money
  const dates = quoteDates(quote, {
    orderDate: request.due_date,
    today: bakeryToday(new Date(now)),
    depositCents: money.depositCents,
    balanceDueDays: Number(settings.balance_due_days),
  })
  if (!dates.ok) return dates
  const moved = await moveRequest(trx, {
    requestId,
    to: 'quoted',
    actor: 'owner',
    note: null,
    now,
  })
  if (!moved.ok) return moved
  const expiresAt = now + (quote.expiresInDays ?? Number(settings.quote_expiry_days)) * DAY_MS
  await ownTables(trx)
    .insertInto('request_quote')
    .values({
      request_id: requestId,
      created_at: now,
      price_cents: quote.priceCents,
      line_cents: quote.lineCents ?? null,
      taxes: taxesColumn(money.taxes),
      delivery_fee_cents: money.deliveryFeeCents,
      deposit_cents: money.depositCents,
      deposit_due: dates.depositDue,
      balance_due: dates.balanceDue,
      payment_instructions: quote.paymentInstructions,
      message: quote.message,
      expires_at: expiresAt,
    })
    .execute()
  return { ok: true, expiresAt }
}

type Refusal = Extract<BookChange, { ok: false }>

/** A quote's delivery fee, taxes and deposit, or why the owner's numbers cannot stand. */
async function quoteMoney(
  trx: Transaction<Database>,
  {
    requestId,
    request,
    quote,
  }: {
    requestId: number
    request: { fulfilment: string | null; product_type: string }
    quote: QuoteInput
  },
) {
  const deliveryFeeCents = quote.deliveryFeeCents ?? 0
  if (deliveryFeeCents > 0 && request.fulfilment !== 'delivery' && !quote.partyDelivers) {
    return refusal(PICKUP_FEE_MESSAGE, 'delivery_fee')
  }
  // Its treats' taxes now (decision 113); named for no treat (a drop's order), its last quote's.
  const lines = quote.taxedLines ?? [{ product: request.product_type, cents: quote.priceCents }]
  const taxes =
    quote.taxedLines || (await isTreat(trx, request.product_type))
      ? await taxesForLines(trx, lines)
      : taxesOfColumn((await currentQuote(trx, requestId))?.taxes)
  const totalCents = totalOf({
    priceCents: quote.priceCents,
    deliveryFeeCents,
    discount: null,
    taxes,
  })
  const depositCents =
    quote.depositPercent === undefined
      ? quote.depositCents
      : Math.round((totalCents * quote.depositPercent) / 100)
  if (depositCents > totalCents) {
    return refusal(depositCapMessage(quote, taxes.length > 0), 'deposit')
  }
  return { ok: true as const, deliveryFeeCents, taxes, depositCents }
}

/** When the deposit and the balance fall due, or why a date she gave cannot be. */
function quoteDates(
  quote: QuoteInput,
  {
    orderDate,
    today,
    depositCents,
    balanceDueDays,
  }: { orderDate: string; today: string; depositCents: number; balanceDueDays: number },
) {
  // A due date only means something for a deposit there is to pay.
  const depositDue = depositCents > 0 ? quote.depositDue : null
  const refusedDue = refusedDepositDue(depositDue, { today, orderDate })
  if (refusedDue) return refusal(refusedDue, 'deposit_due')
  const balanceDue =
    quote.balanceDue ??
    defaultBalanceDue({ orderDate, daysBefore: balanceDueDays, today, depositDue })
  const refusedBalance = refusedBalanceDue(balanceDue, { today, orderDate, depositDue })
  if (refusedBalance) return refusal(refusedBalance, 'balance_due')
  return { ok: true as const, depositDue, balanceDue }
}

const refusal = (error: string, field: string): Refusal => ({
  ok: false,
  status: 400,
  error,
  field,
})

/** Why a deposit is more than the quote's total, as the owner reads it beside the deposit. */
function depositCapMessage(quote: QuoteInput, taxed: boolean): string {
  if (quote.lineCents !== undefined) return 'The deposit cannot be more than the party’s total.'
  if (taxed) return 'The deposit cannot be more than the total with its tax.'
  return (quote.deliveryFeeCents ?? 0) > 0
    ? 'The deposit cannot be more than the price and the delivery fee together.'
    : 'The deposit cannot be more than the price.'
}

/**
 * A deposit falls due between today (in the bakery's time zone) and the
 * order's own date: a date already past would make it overdue on arrival,
 * and one after the order would leave the owner baking unpaid.
 */
function refusedDepositDue(
  depositDue: string | null,
  { today, orderDate }: { today: string; orderDate: string },
): string | null {
  if (depositDue === null) return null
  if (depositDue < today) return 'The deposit cannot be due before today.'
  if (depositDue > orderDate) {
    return `The deposit must be due by the order date, ${formatCalendarDate(orderDate)}.`
  }
  return null
}

/**
 * The balance's date when the owner sets none: `daysBefore` the order date
 * (the setting), but never before today or before the deposit's own date,
 * for an order booked closer than that. Null for an order whose date has
 * passed.
 */
export function defaultBalanceDue({
  orderDate,
  daysBefore,
  today,
  depositDue,
}: {
  orderDate: string
  daysBefore: number
  today: string
  depositDue: string | null
}): string | null {
  // An order whose date has passed has no schedule left to keep.
  if (orderDate < today) return null
  const dates = [addDays(orderDate, -daysBefore), today, depositDue ?? today].sort()
  const latest = dates.at(-1)!
  return latest > orderDate ? orderDate : latest
}

/**
 * A balance falls due from today (and not before the deposit) to the order
 * date: earlier would make it overdue on arrival or before the deposit,
 * later would leave the owner handing over an unpaid order.
 */
function refusedBalanceDue(
  balanceDue: string | null,
  { today, orderDate, depositDue }: { today: string; orderDate: string; depositDue: string | null },
): string | null {
  if (balanceDue === null) return null
  if (balanceDue < today) return 'The balance cannot be due before today.'
  if (balanceDue > orderDate) {
    return `The balance must be due by the order date, ${formatCalendarDate(orderDate)}.`
  }
  if (depositDue !== null && balanceDue < depositDue) {
    return `The balance cannot be due before the deposit, due ${formatCalendarDate(depositDue)}.`
  }
  return null
}

/**
 * Quotes nobody answered in time: their requests become expired (by the
 * site), which frees their day's capacity. Returns the ids it expired.
 * Safe to run from any instance at any time: each move names the status it
 * moves from, so a request is expired once. `onExpired` runs in the move's
 * own transaction (to queue the customer's email with it), and only for a
 * move that happened.
 */
export async function expireQuotes(
  db: Db,
  now: number,
  onExpired?: (trx: Transaction<Database>, requestId: number) => Promise<void>,
): Promise<number[]> {
  const expired: number[] = []
  // Keyset on the request id: a request that would not move is not met again.
  let afterId = 0
  for (;;) {
    const page = await expireQuotesPage(db, { now, afterId }, onExpired)
    expired.push(...page.expired)
    if (page.lastId === null) return expired
    afterId = page.lastId
  }
}

/**
 * Keeps a joined quote only if no newer one exists for its request: a
 * re-quote replaces the last, so only the newest counts.
 */
export function isNewestQuote(eb: ExpressionBuilder<Database, 'order_request' | 'request_quote'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('request_quote as newer')
        .select('newer.id')
        .whereRef('newer.request_id', '=', 'order_request.id')
        .whereRef('newer.id', '>', 'request_quote.id'),
    ),
  )
}

/** Quotes expired per pass: a server back after weeks away works through them a page at a time. */
const EXPIRY_PAGE_SIZE = 200

async function expireQuotesPage(
  db: Db,
  { now, afterId }: { now: number; afterId: number },
  onExpired?: (trx: Transaction<Database>, requestId: number) => Promise<void>,
): Promise<{ expired: number[]; lastId: number | null }> {
  const due = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select('order_request.id')
    // Written out rather than bound, so both databases can answer from the
    // small partial index of quoted requests (migration 017-streaming-quoted-requests)
    // instead of reading the whole book every five minutes.
    .where('order_request.status', '=', sql.lit('quoted'))
    .where('order_request.id', '>', afterId)
    .where('request_quote.accepted_at', 'is', null)
    .where('request_quote.expires_at', '<=', now)
    // Only the newest quote counts: a re-quote replaces an expired one.
    .where(isNewestQuote)
    .orderBy('order_request.id')
    .limit(EXPIRY_PAGE_SIZE)
    .execute()
  const expired: number[] = []
  for (const { id } of due) {
    const moved = await db.transaction().execute(async (trx) => {
      const result = await moveRequest(trx, {
        requestId: id,
        to: QUOTE_EXPIRY.target,
        actor: 'site',
        note: 'Quote not answered in time.',
        now,
      })
      if (result.ok && onExpired) await onExpired(trx, id)
      return result
    })
    if (moved.ok) expired.push(id)
  }
  return {
    expired,
    lastId: due.length === EXPIRY_PAGE_SIZE ? Number(due.at(-1)!.id) : null,
  }
}
