import PDFDocument from 'pdfkit'
import { formatMoneyWithCents } from '#app/utils/money.ts'
import { type ShareNumbers, type YearReport, monthName } from './year-report.ts'

const INK = '#3b2418'
const MUTED = '#6b4a3a'
const ACCENT = '#b0335a'
const RULE = '#e8d9cc'

/**
 * The year's summary for her accountant, one or two pages: the same figures
 * as /admin/reports, drawn with PDFKit's built-in Helvetica as the receipts
 * are (receipt-pdf.server.ts). Server-only.
 */
export async function renderYearPdf(
  report: YearReport,
  bakeryName: string,
  { compress = true }: { compress?: boolean } = {},
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress,
    info: { Title: `${bakeryName}: ${report.year} in numbers`, Author: bakeryName },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  drawSummary(doc, report, bakeryName)
  doc.end()
  return done
}

function drawSummary(doc: PDFKit.PDFDocument, report: YearReport, bakeryName: string) {
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(bakeryName, left)
  doc.fillColor(INK).fontSize(15).text(`${report.year} in numbers`)
  doc.moveDown(0.8)

  const { total } = report
  const columns = [
    'Sales',
    'Refunds',
    'Net',
    'Ingredients & packaging',
    'Card fees',
    'Tax',
    'Margin',
  ]
  const figures = (line: YearReport['total']) => [
    line.salesCents,
    line.refundsCents,
    line.netCents,
    line.materialsCents,
    line.cardFeesCents,
    line.taxCents,
    line.marginCents,
  ]
  drawTable(doc, {
    left,
    width,
    head: ['Month', ...columns],
    rows: [
      ...report.months.map((month) => [
        monthName(month.month),
        ...figures(month).map(formatMoneyWithCents),
      ]),
    ],
    foot: [`Total ${report.year}`, ...figures(total).map(formatMoneyWithCents)],
  })
  doc.moveDown(1)
  shareTable(doc, { left, width, title: 'By channel', shares: report.channels })
  doc.moveDown(1)
  shareTable(doc, { left, width, title: 'By treat', shares: report.products })
  doc.moveDown(1)
  doc.font('Helvetica').fontSize(9).fillColor(MUTED)
  doc.text(
    'Sales are payments received in the year, by the day each came in; refunds by the day each was given. ' +
      'Ingredients and packaging are the recipes’ costs, at the prices set today, of the orders due in each month. ' +
      (report.uncostedOrders > 0
        ? `${report.uncostedOrders === 1 ? 'One of those orders holds' : `${report.uncostedOrders} of those orders hold`} something no recipe costs, so the costs are lower than spent. `
        : '') +
      'Card fees are what Stripe kept of each card payment and gift card sold, by the day it came in' +
      (report.feesToCome > 0
        ? `; ${report.feesToCome === 1 ? 'one fee is' : `${report.feesToCome} fees are`} still to come from Stripe. `
        : '. ') +
      (report.giftCardsSold.count > 0
        ? `${report.giftCardsSold.count === 1 ? 'One gift card was' : `${report.giftCardsSold.count} gift cards were`} sold for ${formatMoneyWithCents(report.giftCardsSold.cents)}: each is a sale as it is spent. `
        : '') +
      'Tax is each payment’s part of its order’s tax, less that of each refund; the margin leaves it out.',
    left,
    doc.y,
    { width },
  )
}

function shareTable(
  doc: PDFKit.PDFDocument,
  {
    left,
    width,
    title,
    shares,
  }: { left: number; width: number; title: string; shares: ShareNumbers[] },
) {
  drawTable(doc, {
    left,
    width,
    head: [title, 'Orders', 'Sales', 'Refunds', 'Net'],
    rows: shares.map((share) => [
      share.label,
      String(share.orders),
      formatMoneyWithCents(share.salesCents),
      formatMoneyWithCents(share.refundsCents),
      formatMoneyWithCents(share.netCents),
    ]),
  })
}

/** A table whose first column is words and the rest amounts, right-aligned; a new page when full. */
function drawTable(
  doc: PDFKit.PDFDocument,
  {
    left,
    width,
    head,
    rows,
    foot,
  }: { left: number; width: number; head: string[]; rows: string[][]; foot?: string[] },
) {
  const first = width * 0.3
  const rest = (width - first) / (head.length - 1)
  const widths = head.map((_, index) => (index === 0 ? first - 6 : rest - 4))
  const draw = (cells: string[], font: string, color: string) => {
    doc.font(font).fontSize(9).fillColor(color)
    // A row is as tall as its tallest cell: a long heading takes two lines.
    const height = Math.max(
      ...cells.map((cell, index) => doc.heightOfString(cell, { width: widths[index] })),
    )
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage()
    const y = doc.y
    cells.forEach((cell, index) => {
      const x = index === 0 ? left : left + first + (index - 1) * rest
      doc.text(cell, x, y, { width: widths[index], align: index === 0 ? 'left' : 'right' })
    })
    doc.x = left
    doc.y = y + height + 5
  }
  const rule = () => {
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .strokeColor(RULE)
      .stroke()
  }
  draw(head, 'Helvetica-Bold', MUTED)
  rule()
  for (const row of rows) draw(row, 'Helvetica', INK)
  if (foot) {
    rule()
    draw(foot, 'Helvetica-Bold', INK)
  }
}
