import { stringify } from 'csv-stringify/sync'
import type { Kysely, Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { HANDOVER_COLUMNS } from '#app/features/order-book/handover.ts'
import { paymentTotals } from '#app/features/order-book/money.server.ts'
import { discountOfRow } from '#app/features/order-status/money-owed.ts'
import { amountsOwed, taxLinesOf, taxOf, totalOf } from '#app/features/order-status/money-owed.ts'
import { taxesOfColumn } from '#app/features/order-status/tax-rules.ts'
import { bakeryDateOf, bakeryTimeOf, bakeryToday } from '#app/utils/dates.ts'
import { groupBy } from '#app/utils/group-by.ts'
import { formatMoneyWithCents } from '#app/utils/money.ts'
import { streamPages } from '#app/utils/page-stream.server.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { neutraliseFormula, spreadsheetAmount } from '#app/utils/spreadsheet-cells.ts'

const ownTables = tablesFor('owner-desk')

type Executor = Kysely<Database> | Transaction<Database>

export const CSV_COLUMNS = [
  'id',
  'sent at',
  'status',
  'due date',
  'product',
  'name',
  'email',
  'phone',
  'event/theme',
  'servings',
  'allergies',
  'fulfilment',
  'time window',
  'delivery street',
  'delivery city',
  'delivery postal code',
  'delivery notes',
  'comments',
  'effort',
  'price',
  'delivery fee',
  'total',
  'deposit',
  'paid',
  'deposit owed',
  'balance owed',
  'payments',
  'payment reference',
  'deposit due',
  'balance due',
  'refunded',
  'refunds',
  // A party's payment reference, its lead's, on each of its rows (decision 049).
  'party',
  // What a discount code took off the total, and the code (decision 109).
  'discount',
  'discount code',
  // The taxes it carries, in all and each by name and rate (decision 113).
  'tax',
  'taxes',
] as const

/** The money columns: a party member's read "in party BB-4821", its money being on the lead's row. */
const PARTY_MONEY_COLUMNS = new Set<string>([
  'price',
  'delivery fee',
  'total',
  'deposit',
  'paid',
  'deposit owed',
  'balance owed',
  'refunded',
  'discount',
  'tax',
  'taxes',
])

/** '2026-11-23 15:00', in the bakery's own time zone, as the owner lived it: one formatting per row. */
function formatSentAt(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${bakeryDateOf(date)} ${bakeryTimeOf(date)}`
}

/**
 * Requests per page read from the database and written to the download.
 * Between pages the server answers everyone else, so a page is also the
 * longest anyone waits behind a download: 100 rows is a few milliseconds
 * (500 made other requests twice as slow while a 100,000-row file streamed,
 * decision 042), and keyset pages cost the same however deep.
 */
const CSV_PAGE_SIZE = 100

/**
 * One page of the book: up to `pageSize` requests after request `afterId`,
 * with their quotes and payments, as CSV rows. Keyset on the id, so the
 * last page costs what the first does; the quotes and payments are read for
 * the page's own id range (their request_id indexes), not for the whole book.
 */
async function readCsvPage(db: Executor, afterId: number, pageSize: number) {
  const requests = await pageRequests(db, afterId, pageSize)
  if (requests.length === 0) return { rows: [], lastId: null }
  const lastId = Number(requests.at(-1)!.id)
  const ledger = await pageLedger(db, afterId, lastId, requests)
  return { rows: requests.map((request) => csvRow(request, ledger)), lastId }
}

/** Up to `pageSize` requests after request `afterId`, in id order, with what their rows print. */
function pageRequests(db: Executor, afterId: number, pageSize: number) {
  return ownTables(db)
    .selectFrom('order_request')
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .select([
      'order_request.id',
      'order_batch.created_at',
      'order_request.status',
      'order_request.due_date',
      'order_request.product_type',
      'order_request.name',
      'order_request.email',
      'order_request.phone_number',
      'order_request.event_theme',
      'order_request.servings',
      'order_request.allergies',
      'order_request.fulfilment',
      ...HANDOVER_COLUMNS,
      'order_request.comments',
      'order_request.effort',
      'order_request.deposit_waived',
      'order_request.discount_cents',
      'order_request.discount_code',
      'order_request.payment_reference',
      'order_request.party_lead_id',
    ])
    .where('order_request.id', '>', afterId)
    .orderBy('order_request.id')
    .limit(pageSize)
    .execute()
}

/**
 * The page's quotes, payments, refunds and totals, read for its own id range
 * (their request_id indexes), and the references of its parties' leads.
 */
async function pageLedger(db: Executor, afterId: number, lastId: number, requests: PageRequest[]) {
  const [quotes, payments, refunds, totals] = await Promise.all([
    ownTables(db)
      .selectFrom('request_quote')
      .select([
        'request_id',
        'price_cents',
        'delivery_fee_cents',
        'deposit_cents',
        'deposit_due',
        'balance_due',
        'taxes',
      ])
      .where('request_id', '>', afterId)
      .where('request_id', '<=', lastId)
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('payment')
      .select(['request_id', 'amount_cents', 'received_on', 'method'])
      .where('request_id', '>', afterId)
      .where('request_id', '<=', lastId)
      .orderBy('received_on')
      .orderBy('id')
      .execute(),
    ownTables(db)
      .selectFrom('refund')
      .select(['request_id', 'amount_cents', 'refunded_on', 'method'])
      .where('request_id', '>', afterId)
      .where('request_id', '<=', lastId)
      .orderBy('refunded_on')
      .orderBy('id')
      .execute(),
    paymentTotals(
      db,
      requests.map((request) => Number(request.id)),
    ),
  ])
  // Each party's reference is its lead's, which may be on an earlier page.
  const leadIds = [
    ...new Set(requests.flatMap((r) => (r.party_lead_id == null ? [] : [Number(r.party_lead_id)]))),
  ]
  const leadReferences = new Map(
    leadIds.length === 0
      ? []
      : (
          await ownTables(db)
            .selectFrom('order_request')
            .select(['id', 'payment_reference'])
            .where('id', 'in', leadIds)
            .execute()
        ).map((lead) => [Number(lead.id), lead.payment_reference ?? `#${lead.id}`]),
  )
  // Ordered by id, so the last quote seen for a request is its current one.
  const quoteOf = new Map(quotes.map((quote) => [Number(quote.request_id), quote]))
  return {
    quoteOf,
    paymentsOf: groupBy(payments, (payment) => Number(payment.request_id)),
    refundsOf: groupBy(refunds, (refund) => Number(refund.request_id)),
    totals,
    leadReferences,
  }
}

/** One request's row, its cells as the spreadsheet gets them. */
function csvRow(request: PageRequest, ledger: PageLedger): string[] {
  const id = Number(request.id)
  const quote = ledger.quoteOf.get(id)
  const paid = ledger.paymentsOf.get(id) ?? []
  const money = {
    priceCents: quote ? Number(quote.price_cents) : 0,
    deliveryFeeCents: quote ? Number(quote.delivery_fee_cents) : 0,
    depositCents: quote ? Number(quote.deposit_cents) : 0,
    // Payments less refunds: the one rule (netPaid).
    paidCents: ledger.totals.get(id)?.paidCents ?? 0,
    depositWaived: Number(request.deposit_waived) === 1,
    discount: discountOfRow(request),
    taxes: taxesOfColumn(quote?.taxes),
  }
  const owed = amountsOwed(money)
  const lead = request.party_lead_id == null ? null : Number(request.party_lead_id)
  const party = lead === null ? '' : (ledger.leadReferences.get(lead) ?? '')
  // A member other than the lead carries no money of its own: it says where the money is.
  const inParty = lead !== null && lead !== id ? `in party ${party}` : null
  const cells = [
    String(id),
    formatSentAt(request.created_at),
    request.status,
    request.due_date,
    request.product_type,
    request.name,
    request.email,
    formatPhoneNumber(request.phone_number),
    request.event_theme,
    request.servings ?? '',
    request.allergies ?? '',
    request.fulfilment ?? '',
    request.pickup_window ?? '',
    request.delivery_street ?? '',
    request.delivery_city ?? '',
    request.delivery_postal_code ?? '',
    request.delivery_notes ?? '',
    request.comments ?? '',
    String(Number(request.effort)),
    quote ? spreadsheetAmount(money.priceCents) : '',
    quote ? spreadsheetAmount(money.deliveryFeeCents) : '',
    quote ? spreadsheetAmount(totalOf(money)) : '',
    quote ? spreadsheetAmount(money.depositCents) : '',
    spreadsheetAmount(money.paidCents),
    spreadsheetAmount(owed.depositOwed),
    spreadsheetAmount(owed.balanceOwed),
    paid
      .map((payment) => ledgerEntry(payment.received_on, payment.amount_cents, payment.method))
      .join('; '),
    request.payment_reference ?? '',
    quote?.deposit_due ?? '',
    quote?.balance_due ?? '',
    spreadsheetAmount(ledger.totals.get(id)?.refundedCents ?? 0),
    (ledger.refundsOf.get(id) ?? [])
      .map((refund) => ledgerEntry(refund.refunded_on, refund.amount_cents, refund.method))
      .join('; '),
    party,
    quote ? spreadsheetAmount(money.discount?.cents ?? 0) : '',
    money.discount?.code ?? '',
    quote ? spreadsheetAmount(taxOf(money)) : '',
    taxLinesOf(money)
      .map((line) => `${line.label} ${formatMoneyWithCents(line.cents)}`)
      .join('; '),
  ]
  return cells
    .map((cell, index) =>
      inParty !== null && PARTY_MONEY_COLUMNS.has(CSV_COLUMNS[index]!) ? inParty : cell,
    )
    .map(neutraliseFormula)
}

type PageRequest = Awaited<ReturnType<typeof pageRequests>>[number]
type PageLedger = Awaited<ReturnType<typeof pageLedger>>

/** A payment or refund as its cell lists it: "2026-11-24 $60.00 Cash". */
function ledgerEntry(on: string, cents: number | string | bigint, method: string | null): string {
  return [on, formatMoneyWithCents(Number(cents)), method].filter(Boolean).join(' ')
}

/**
 * Every request in the order book, one row each, with its quote and
 * payments: for the owner's books. Streamed a page at a time (each page
 * stringified on its own: a record always ends with its line break, so the
 * pages join into the same file one stringify of everything made).
 */
export function streamOrdersCsv(
  db: Executor,
  { pageSize = CSV_PAGE_SIZE }: { pageSize?: number } = {},
): ReadableStream<Uint8Array> {
  return streamPages<number>({
    head: stringify([[...CSV_COLUMNS]]),
    first: 0,
    readPage: async (afterId) => {
      const { rows, lastId } = await readCsvPage(db, afterId, pageSize)
      return {
        text: rows.length > 0 ? stringify(rows) : '',
        next: rows.length < pageSize ? null : lastId,
      }
    },
  })
}

/** GET /admin/orders.csv: the whole order book as a download named for today. */
export async function answerOrdersCsv({
  db,
  now = new Date(),
}: {
  db: Executor
  now?: Date
}): Promise<Response> {
  return new Response(streamOrdersCsv(db), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${bakeryToday(now)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
