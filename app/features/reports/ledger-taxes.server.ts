import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import {
  type MoneyBeforeTotal,
  discountOfRow,
  taxInPaid,
  taxOf,
} from '#app/features/order-status/money-owed.ts'
import { taxesOfColumn } from '#app/features/order-status/tax-rules.ts'
import type { LedgerLine } from './year-report.ts'

const ownTables = tablesFor('reports')

/** Orders read per query: a year's are read in a few. */
const CHUNK = 500

/**
 * Each payment's and refund's part of its order's tax (decision 113), for
 * the rows recorded before each kept its own part (migration 066): the tax
 * on what had been paid after it, less the tax on what had been paid before
 * it, at the order's money now, each rounded half up to the cent. So an
 * order's parts, from its deposit to its last refund, add up to the tax its
 * receipt shows, whatever year they fall in.
 */
export async function taxPartsOf(
  db: Db,
  ledger: readonly LedgerLine[],
  firstDay: string,
): Promise<number[]> {
  const ids = [...new Set(ledger.map((line) => line.requestId))]
  const orders = new Map<number, { taxCents: number; money: MoneyBeforeTotal; before: number }>()
  for (let start = 0; start < ids.length; start += CHUNK) {
    for (const [id, order] of await ordersOf(db, ids.slice(start, start + CHUNK), firstDay)) {
      orders.set(id, order)
    }
  }
  const paidSoFar = new Map<number, number>()
  return ledger.map((line) => {
    const order = orders.get(line.requestId)
    if (!order || order.taxCents === 0) return 0
    const before = paidSoFar.get(line.requestId) ?? order.before
    paidSoFar.set(line.requestId, before + line.cents)
    return taxInPaid(before + line.cents, order.money) - taxInPaid(before, order.money)
  })
}

/** Each order's tax and total (its newest quote's), and what was paid on it before `firstDay`. */
async function ordersOf(db: Db, ids: readonly number[], firstDay: string) {
  const [quotes, requests, paidBefore, refundedBefore] = await Promise.all([
    ownTables(db)
      .selectFrom('request_quote')
      .select(['request_id', 'price_cents', 'delivery_fee_cents', 'taxes'])
      .where('request_id', 'in', ids)
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('order_request')
      .select(['id', 'discount_cents', 'discount_code'])
      .where('id', 'in', ids)
      .execute(),
    ownTables(db)
      .selectFrom('payment')
      .select(({ fn }) => ['request_id', fn.sum<number | string>('amount_cents').as('cents')])
      .where('request_id', 'in', ids)
      .where('received_on', '<', firstDay)
      .groupBy('request_id')
      .execute(),
    ownTables(db)
      .selectFrom('refund')
      .select(({ fn }) => ['request_id', fn.sum<number | string>('amount_cents').as('cents')])
      .where('request_id', 'in', ids)
      .where('refunded_on', '<', firstDay)
      .groupBy('request_id')
      .execute(),
  ])
  // The newest quote is the order's price: read in id order, the last one stays.
  const quoteOf = new Map(quotes.map((quote) => [Number(quote.request_id), quote]))
  const sumOf = (rows: typeof paidBefore) =>
    new Map(rows.map((row) => [Number(row.request_id), Number(row.cents ?? 0)]))
  const [paid, refunded] = [sumOf(paidBefore), sumOf(refundedBefore)]
  return requests.flatMap((request) => {
    const id = Number(request.id)
    const quote = quoteOf.get(id)
    if (!quote) return []
    const money = {
      priceCents: Number(quote.price_cents),
      deliveryFeeCents: Number(quote.delivery_fee_cents),
      discount: discountOfRow(request),
      taxes: taxesOfColumn(quote.taxes),
    }
    const order = {
      taxCents: taxOf(money),
      money,
      before: (paid.get(id) ?? 0) - (refunded.get(id) ?? 0),
    }
    return [[id, order] as const]
  })
}
