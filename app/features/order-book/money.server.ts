import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import {
  type Money,
  type MoneyLine,
  discountOfRow,
  taxInPaid,
} from '#app/features/order-status/money-owed.ts'
import { taxesOfColumn } from '#app/features/order-status/tax-rules.ts'
import { partyOf } from './party.server.ts'
import { currentQuote, isNewestQuote } from './quotes.server.ts'

const ownTables = tablesFor('order-book')

type Executor = Kysely<Database> | Transaction<Database>

/**
 * What a request's quote asks and what has been paid towards it: its
 * payments less its refunds (netPaid, the one rule). A party member's is
 * its party's, read from the lead (decision 049), with the lines.
 */
export async function moneyOf(db: Executor, requestId: number): Promise<Money> {
  const party = await partyOf(db, requestId)
  const [money, lines] = await Promise.all([
    ownMoneyOf(db, party.leadId),
    party.memberIds.length > 1 ? partyLines(db, party.memberIds) : undefined,
  ])
  if (!lines) return money
  // A refund that lowered the party's price (decision 060) is a line of its
  // own, so the lines still add up to the price.
  const lowered = lines.reduce((sum, line) => sum + line.cents, 0) - money.priceCents
  return {
    ...money,
    lines: lowered > 0 ? [...lines, { label: PRICE_LOWERED_LINE, cents: -lowered }] : lines,
  }
}

/** The party's line for what refunds took off its price (decision 060). */
export const PRICE_LOWERED_LINE = 'Lowered with a refund'

/** Each member's treat and own price, from its newest quote, in the party's order. */
async function partyLines(db: Executor, memberIds: readonly number[]): Promise<MoneyLine[]> {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('request_quote', 'request_quote.request_id', 'order_request.id')
    .select(['order_request.id', 'order_request.product_type', 'request_quote.line_cents'])
    .where('order_request.id', 'in', memberIds)
    .where(isNewestQuote)
    .execute()
  const byId = new Map(rows.map((row) => [Number(row.id), row]))
  return memberIds.flatMap((id) => {
    const row = byId.get(id)
    return row ? [{ label: row.product_type, cents: Number(row.line_cents ?? 0) }] : []
  })
}

async function ownMoneyOf(db: Executor, requestId: number): Promise<Money> {
  const [quote, request] = await Promise.all([
    currentQuote(db, requestId),
    ownTables(db)
      .selectFrom('order_request')
      .select((eb) => ['deposit_waived', 'discount_cents', 'discount_code', netPaid(eb).as('paid')])
      .where('id', '=', requestId)
      .executeTakeFirst(),
  ])
  return {
    priceCents: quote ? Number(quote.price_cents) : 0,
    deliveryFeeCents: quote ? Number(quote.delivery_fee_cents) : 0,
    depositCents: quote ? Number(quote.deposit_cents) : 0,
    paidCents: Number(request?.paid ?? 0),
    depositWaived: Number(request?.deposit_waived ?? 0) === 1,
    discount: discountOfRow(request ?? { discount_cents: 0, discount_code: null }),
    taxes: taxesOfColumn(quote?.taxes),
  }
}

/**
 * What has been paid on the joined request, as a column `paid`: its
 * payments less its refunds (see netPaid).
 */
export function paidSoFar(eb: ExpressionBuilder<Database, 'order_request' | 'request_quote'>) {
  return netPaid(eb).as('paid')
}

/**
 * The money of a request joined to its newest quote (isNewestQuote), for a
 * select: its quote's amounts, its waiver and what is paid (paidSoFar).
 * moneyOfRow makes the row the Money every rule reads.
 */
export function quoteMoneyColumns(
  eb: ExpressionBuilder<Database, 'order_request' | 'request_quote'>,
) {
  return [
    'order_request.deposit_waived',
    'order_request.discount_cents',
    'order_request.discount_code',
    'request_quote.price_cents',
    'request_quote.delivery_fee_cents',
    'request_quote.deposit_cents',
    'request_quote.taxes',
    paidSoFar(eb),
  ] as const
}

/** A row read with quoteMoneyColumns, as Money. */
export function moneyOfRow(row: {
  price_cents: number
  delivery_fee_cents: number
  deposit_cents: number
  deposit_waived: number
  discount_cents: number
  discount_code: string | null
  taxes: string
  paid: number | string | bigint | null
}): Money {
  return {
    priceCents: Number(row.price_cents),
    deliveryFeeCents: Number(row.delivery_fee_cents),
    depositCents: Number(row.deposit_cents),
    paidCents: Number(row.paid ?? 0),
    depositWaived: Number(row.deposit_waived) === 1,
    discount: discountOfRow(row),
    taxes: taxesOfColumn(row.taxes),
  }
}

/** What the joined request's payments come to, in cents (0 for none). */
function receivedOf(eb: ExpressionBuilder<Database, 'order_request'>) {
  return eb
    .selectFrom('payment')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('payment.amount_cents'), sql.lit(0)).as('received'),
    )
    .whereRef('payment.request_id', '=', 'order_request.id')
}

/** What the joined request's refunds come to, in cents (0 for none). */
function refundedOf(eb: ExpressionBuilder<Database, 'order_request'>) {
  return eb
    .selectFrom('refund')
    .select(({ fn }) =>
      fn.coalesce(fn.sum<number | string>('refund.amount_cents'), sql.lit(0)).as('refunded'),
    )
    .whereRef('refund.request_id', '=', 'order_request.id')
}

/**
 * The one rule of what has been paid on a request: its payments less its
 * refunds (docs/decisions/046). Everything that reads what is paid or owed
 * (the order page, the list, the CSV, Today, the digest, the notices, the
 * customer's page and emails, the receipt) reads it through this
 * expression, via paidSoFar, moneyOf or paymentTotals.
 */
export function netPaid(eb: ExpressionBuilder<Database, 'order_request'>) {
  return eb(receivedOf(eb), '-', refundedOf(eb))
}

export interface PaymentTotals {
  /** What the payments came to. */
  receivedCents: number
  /** What was handed back. */
  refundedCents: number
  /** What is paid: received less refunded (netPaid). */
  paidCents: number
}

/** Each request's payments, refunds and what is paid net, for a page of requests. */
export async function paymentTotals(
  db: Executor,
  requestIds: readonly number[],
): Promise<Map<number, PaymentTotals>> {
  const ids = [...new Set(requestIds)]
  if (ids.length === 0) return new Map()
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select((eb) => [
      'order_request.id',
      receivedOf(eb).as('received'),
      refundedOf(eb).as('refunded'),
      netPaid(eb).as('paid'),
    ])
    .where('order_request.id', 'in', ids)
    .execute()
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        receivedCents: Number(row.received ?? 0),
        refundedCents: Number(row.refunded ?? 0),
        paidCents: Number(row.paid ?? 0),
      },
    ]),
  )
}

/**
 * Whether any quote or payment is recorded: from then on every amount in
 * the book is in the bakery's currency, which then stays (decision 057).
 */
export async function moneyRecorded(db: Executor): Promise<boolean> {
  const [quote, payment] = await Promise.all([
    ownTables(db).selectFrom('request_quote').select('id').limit(1).executeTakeFirst(),
    ownTables(db).selectFrom('payment').select('id').limit(1).executeTakeFirst(),
  ])
  return quote !== undefined || payment !== undefined
}

/**
 * Keeps a new payment's or refund's part of the order's tax (decision 113),
 * in the transaction that records it: the tax in what is paid now, at the
 * order's money now, less the parts its earlier rows kept, so an order's
 * parts add up to its tax however often it is quoted again. An order with a
 * row from before parts were kept keeps none: her numbers work those out.
 */
export async function keepTaxPart(
  trx: Transaction<Database>,
  { requestId, table, id }: { requestId: number; table: 'payment' | 'refund'; id: number },
) {
  const sums = ({ fn }: ExpressionBuilder<Database, 'payment' | 'refund'>) => [
    fn.sum<number | string>('tax_cents').as('sum'),
    fn.count<number | string>('tax_cents').as('kept'),
    fn.countAll<number | string>().as('rows'),
  ]
  const [paid, refunded, money] = [
    await ownTables(trx)
      .selectFrom('payment')
      .select(sums)
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow(),
    await ownTables(trx)
      .selectFrom('refund')
      .select(sums)
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow(),
    await moneyOf(trx, requestId),
  ]
  // Every row but the new one keeps its part, or none is kept.
  if (Number(paid.rows) + Number(refunded.rows) - 1 !== Number(paid.kept) + Number(refunded.kept))
    return
  const part = taxInPaid(money.paidCents, money) - Number(paid.sum ?? 0) + Number(refunded.sum ?? 0)
  if (table === 'payment') {
    await ownTables(trx)
      .updateTable('payment')
      .set({ tax_cents: part })
      .where('id', '=', id)
      .execute()
  } else {
    await ownTables(trx)
      .updateTable('refund')
      .set({ tax_cents: -part })
      .where('id', '=', id)
      .execute()
  }
}
