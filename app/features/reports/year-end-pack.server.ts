import { stringify } from 'csv-stringify/sync'
import { zipSync } from 'fflate'
import type { Db } from '#app/db/db.server.ts'
import {
  type GiftCardSale,
  readGiftCardSales,
} from '#app/features/gift-cards/gift-card-fees.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { neutraliseFormula, spreadsheetAmount } from '#app/utils/spreadsheet-cells.ts'
import { renderYearPdf } from './year-report-pdf.server.ts'
import { readYearLedger, readYearReport } from './year-report.server.ts'
import { CHANNEL_WORDS, type LedgerLine, type YearReport } from './year-report.ts'

export const MONTH_CSV_COLUMNS = [
  'month',
  'sales',
  'refunds',
  'net',
  'ingredients and packaging',
  'card fees',
  'tax collected',
  'margin',
] as const

export const LEDGER_CSV_COLUMNS = [
  'date',
  'kind',
  'order',
  'reference',
  'customer',
  'treat',
  'channel',
  'method',
  'amount',
  'card fee',
  'tax',
] as const

/** Month by month, then the year's total: the same figures as the page. */
export function monthsCsv(report: YearReport): string {
  const row = (label: string, figures: YearReport['total']) => [
    label,
    spreadsheetAmount(figures.salesCents),
    spreadsheetAmount(figures.refundsCents),
    spreadsheetAmount(figures.netCents),
    spreadsheetAmount(figures.materialsCents),
    spreadsheetAmount(figures.cardFeesCents),
    spreadsheetAmount(figures.taxCents),
    spreadsheetAmount(figures.marginCents),
  ]
  return stringify([
    [...MONTH_CSV_COLUMNS],
    ...report.months.map((month) => row(month.month, month)),
    row(`Total ${report.year}`, report.total),
  ])
}

/**
 * Every payment and refund of the year, a row each, a refund as a negative
 * amount; and each gift card sold, by its day, with its card fee and no
 * amount: it is a sale as it is spent, on the payment that spends it.
 */
export function ledgerCsv(
  ledger: readonly LedgerLine[],
  giftCardSales: readonly GiftCardSale[] = [],
): string {
  const rows = [
    ...ledger.map((line) => ({ on: line.on, cells: ledgerRow(line) })),
    ...giftCardSales.map((sale) => ({ on: sale.on, cells: giftCardRow(sale) })),
  ].sort((a, b) => (a.on < b.on ? -1 : a.on > b.on ? 1 : 0))
  return stringify([[...LEDGER_CSV_COLUMNS], ...rows.map((row) => row.cells)])
}

function ledgerRow(line: LedgerLine): string[] {
  return [
    line.on,
    line.kind,
    String(line.requestId),
    ...[line.reference ?? '', line.customer, line.product].map(neutraliseFormula),
    CHANNEL_WORDS[line.channel],
    neutraliseFormula(line.method),
    // Our own figure, never a formula: a refund's minus stays a minus.
    spreadsheetAmount(line.cents),
    // Empty while Stripe has not said it.
    line.feeCents === null ? '' : spreadsheetAmount(line.feeCents),
    spreadsheetAmount(line.taxCents),
  ]
}

function giftCardRow(sale: GiftCardSale): string[] {
  return [
    sale.on,
    'Gift card sold',
    '',
    sale.ending,
    neutraliseFormula(sale.buyer),
    `Gift card of ${formatMoney(sale.amountCents)}, a sale as it is spent`,
    'Gift card',
    'Card',
    '',
    sale.feeCents === null ? '' : spreadsheetAmount(sale.feeCents),
    spreadsheetAmount(0),
  ]
}

/**
 * The year-end pack for her accountant: the summary as a PDF, the months and
 * every payment and refund as spreadsheets, in one zip.
 */
export async function yearEndPack(
  db: Db,
  { year, thisYear, bakeryName }: { year: number; thisYear: number; bakeryName: string },
): Promise<Uint8Array> {
  const ledger = await readYearLedger(db, year)
  const giftCardSales = await readGiftCardSales(db, year)
  const report = await readYearReport(db, { year, thisYear, ledger, giftCardSales })
  const text = (csv: string) => new TextEncoder().encode(csv)
  return zipSync({
    [`${year}-summary.pdf`]: await renderYearPdf(report, bakeryName),
    [`${year}-months.csv`]: text(monthsCsv(report)),
    [`${year}-payments-and-refunds.csv`]: text(ledgerCsv(ledger, giftCardSales)),
  })
}

/** GET /admin/reports/year-end.zip?year=: the download, never kept by a cache. */
export async function answerYearEndPack(
  db: Db,
  options: { year: number; thisYear: number; bakeryName: string },
): Promise<Response> {
  const pack = await yearEndPack(db, options)
  return new Response(new Uint8Array(pack), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="year-end-${options.year}.zip"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
