import { sql } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import {
  type GiftCardSale,
  giftCardSaleYears,
  readGiftCardSales,
} from '#app/features/gift-cards/gift-card-fees.server.ts'
import { readOrderMaterials } from '#app/features/kitchen/order-materials.server.ts'
import { MADE_STATUSES } from '#app/features/order-status/order-status.ts'
import { taxPartsOf } from './ledger-taxes.server.ts'
import {
  CHANNEL_WORDS,
  type LedgerLine,
  type MonthNumbers,
  type SaleChannel,
  type ShareNumbers,
  type YearReport,
  channelOf,
  marginOf,
  takingsOf,
  yearTotal,
} from './year-report.ts'

const ownTables = tablesFor('reports')

const CHANNELS = Object.keys(CHANNEL_WORDS) as SaleChannel[]

/** Far above a home bakery's year (a few thousand lines): the bound on one read. */
const MAX_LEDGER_LINES = 50_000

/** What a ledger line says of its order: reference, customer, treat and what says its channel. */
const ORDER_COLUMNS = [
  'order_request.payment_reference',
  'order_request.name',
  'order_request.product_type',
  'set_price_order.request_id as set_price_request',
  'set_price_order.product_id',
] as const

/**
 * Every payment received and refund given in a calendar year, each by its
 * own day, with the order it was for: the pack's ledger, and what the
 * report adds up.
 */
export async function readYearLedger(db: Db, year: number): Promise<LedgerLine[]> {
  const [first, last] = [`${year}-01-01`, `${year}-12-31`]
  const payments = await readPayments(db, first, last)
  const refunds = await readRefunds(db, first, last)
  // By day; on one day, payments before refunds, each in the order recorded.
  const ledger = [
    ...payments.map(ledgerLine('Payment')),
    ...refunds.map(ledgerLine('Refund')),
  ].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0))
  const taxParts = await taxPartsOf(db, ledger, first)
  return ledger.map(({ kept, ...entry }, index) => ({
    ...entry,
    taxCents: kept ?? taxParts[index]!,
  }))
}

/** The year's payments, each with the order it was for. */
function readPayments(db: Db, first: string, last: string) {
  return ownTables(db)
    .selectFrom('payment')
    .innerJoin('order_request', 'order_request.id', 'payment.request_id')
    .leftJoin('set_price_order', 'set_price_order.request_id', 'payment.request_id')
    .select([
      'payment.id',
      'payment.request_id',
      'payment.amount_cents',
      'payment.received_on as on',
      'payment.method',
      'payment.payment_intent_id',
      'payment.fee_cents',
      'payment.tax_cents',
      ...ORDER_COLUMNS,
    ])
    .where('payment.received_on', '>=', first)
    .where('payment.received_on', '<=', last)
    .orderBy('payment.received_on')
    .orderBy('payment.id')
    .limit(MAX_LEDGER_LINES)
    .execute()
}

/** The year's refunds, in the payments' shape. */
function readRefunds(db: Db, first: string, last: string) {
  return ownTables(db)
    .selectFrom('refund')
    .innerJoin('order_request', 'order_request.id', 'refund.request_id')
    .leftJoin('set_price_order', 'set_price_order.request_id', 'refund.request_id')
    .select([
      'refund.id',
      'refund.request_id',
      'refund.amount_cents',
      'refund.refunded_on as on',
      'refund.method',
      sql<string | null>`null`.as('payment_intent_id'),
      sql<number | null>`null`.as('fee_cents'),
      'refund.tax_cents',
      ...ORDER_COLUMNS,
    ])
    .where('refund.refunded_on', '>=', first)
    .where('refund.refunded_on', '<=', last)
    .orderBy('refund.refunded_on')
    .orderBy('refund.id')
    .limit(MAX_LEDGER_LINES)
    .execute()
}

type LedgerRow = Awaited<ReturnType<typeof readPayments>>[number]

/** A payment or refund as a ledger line, with its part of the tax as it was kept. */
const ledgerLine =
  (kind: LedgerLine['kind']) =>
  (row: LedgerRow): LedgerLine & { kept: number | null } => ({
    on: row.on,
    kind,
    requestId: Number(row.request_id),
    reference: row.payment_reference,
    customer: row.name,
    product: row.product_type,
    channel: channelOf(
      row.set_price_request === null
        ? null
        : { productId: row.product_id === null ? null : Number(row.product_id) },
    ),
    method: row.method,
    cents: kind === 'Payment' ? Number(row.amount_cents) : -Number(row.amount_cents),
    // A card payment's fee once Stripe has said it; nothing kept of any other line.
    feeCents:
      row.fee_cents !== null ? Number(row.fee_cents) : row.payment_intent_id === null ? 0 : null,
    taxCents: 0,
    // Its part of the tax as it was kept (a refund's given back); null on older rows.
    kept:
      row.tax_cents === null
        ? null
        : kind === 'Payment'
          ? Number(row.tax_cents)
          : -Number(row.tax_cents),
  })

/**
 * Her year's numbers: month by month, by channel and by treat, with what
 * making cost her. A gift card sold is no sale until it is spent (decision
 * 114), but what Stripe kept of it is a card fee of the day it was bought.
 */
export async function readYearReport(
  db: Db,
  {
    year,
    thisYear,
    ledger,
    giftCardSales,
  }: {
    year: number
    thisYear: number
    ledger?: readonly LedgerLine[]
    giftCardSales?: readonly GiftCardSale[]
  },
): Promise<YearReport> {
  ledger ??= await readYearLedger(db, year)
  giftCardSales ??= await readGiftCardSales(db, year)
  const months: MonthNumbers[] = Array.from({ length: 12 }, (_, index) => ({
    month: `${year}-${String(index + 1).padStart(2, '0')}`,
    ...takingsOf(0, 0),
    materialsCents: 0,
    cardFeesCents: 0,
    taxCents: 0,
    marginCents: 0,
  }))
  for (const entry of ledger) {
    const month = months[Number(entry.on.slice(5, 7)) - 1]!
    if (entry.cents >= 0) month.salesCents += entry.cents
    else month.refundsCents -= entry.cents
    month.cardFeesCents += entry.feeCents ?? 0
    month.taxCents += entry.taxCents
  }
  for (const sale of giftCardSales) {
    months[Number(sale.on.slice(5, 7)) - 1]!.cardFeesCents += sale.feeCents ?? 0
  }
  const made = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'due_date'])
    .where('due_date', '>=', `${year}-01-01`)
    .where('due_date', '<=', `${year}-12-31`)
    .where('status', 'in', MADE_STATUSES)
    .limit(MAX_LEDGER_LINES)
    .execute()
  const materials = await readOrderMaterials(
    db,
    made.map((order) => Number(order.id)),
  )
  for (const order of made) {
    const month = months[Number(order.due_date.slice(5, 7)) - 1]!
    month.materialsCents += materials.cents.get(Number(order.id)) ?? 0
  }
  for (const month of months) {
    Object.assign(month, takingsOf(month.salesCents, month.refundsCents))
    month.marginCents = marginOf(month.netCents, month)
  }
  return {
    year,
    months,
    total: yearTotal(months),
    // Always in the same order (custom, drops, buy now), those with money only.
    channels: shares(
      [...ledger].sort((a, b) => CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel)),
      (entry) => CHANNEL_WORDS[entry.channel],
    ),
    products: shares(ledger, (entry) => entry.product).sort(
      (a, b) => b.netCents - a.netCents || a.label.localeCompare(b.label),
    ),
    uncostedOrders: materials.uncosted.size,
    feesToCome: [...ledger, ...giftCardSales].filter((entry) => entry.feeCents === null).length,
    giftCardsSold: {
      count: giftCardSales.length,
      cents: giftCardSales.reduce((sum, sale) => sum + sale.amountCents, 0),
    },
    years: await yearsWithMoney(db, year, thisYear),
  }
}

/** The ledger's takings grouped by a label, with how many orders each group's money came from. */
function shares(ledger: readonly LedgerLine[], labelOf: (entry: LedgerLine) => string) {
  const groups = new Map<string, { sales: number; refunds: number; orders: Set<number> }>()
  for (const entry of ledger) {
    const label = labelOf(entry)
    const group = groups.get(label) ?? { sales: 0, refunds: 0, orders: new Set<number>() }
    if (entry.cents >= 0) group.sales += entry.cents
    else group.refunds -= entry.cents
    group.orders.add(entry.requestId)
    groups.set(label, group)
  }
  return [...groups].map(([label, group]): ShareNumbers => ({
    label,
    orders: group.orders.size,
    ...takingsOf(group.sales, group.refunds),
  }))
}

/**
 * The years her book has money in (a payment, a refund, a gift card sold),
 * with this one and the one asked for: the page's year links.
 */
async function yearsWithMoney(db: Db, year: number, thisYear: number): Promise<number[]> {
  const yearOf = (column: 'received_on' | 'refunded_on') =>
    sql<string>`substr(${sql.ref(column)}, 1, 4)`
  const [paid, refunded] = [
    await ownTables(db)
      .selectFrom('payment')
      .select(yearOf('received_on').as('year'))
      .distinct()
      .execute(),
    await ownTables(db)
      .selectFrom('refund')
      .select(yearOf('refunded_on').as('year'))
      .distinct()
      .execute(),
  ]
  const years = new Set([
    year,
    thisYear,
    ...[...paid, ...refunded].map((row) => Number(row.year)),
    ...(await giftCardSaleYears(db)),
  ])
  return [...years].sort((a, b) => a - b)
}
