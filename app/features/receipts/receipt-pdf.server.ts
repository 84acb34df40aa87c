import PDFDocument from 'pdfkit'
import { type Receipt, bakeryLineOf } from './receipt.ts'

const INK = '#3b2418'
const MUTED = '#6b4a3a'
const ACCENT = '#b0335a'
const RULE = '#e8d9cc'

/**
 * The receipts as a PDF, one page each: the same words as the HTML page
 * (receipt-page.tsx), drawn with PDFKit's built-in Helvetica, so the server
 * needs no font files. Server-only: PDFKit reads Node's streams and buffers.
 */
export async function renderReceiptPdf(
  receipts: readonly Receipt[],
  { compress = true }: { compress?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const first = receipts[0]
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    compress,
    autoFirstPage: false,
    info: {
      Title: first ? `Receipt ${receipts.map((receipt) => receipt.number).join(', ')}` : 'Receipt',
      Author: first?.bakery.name ?? '',
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })
  for (const receipt of receipts) drawReceipt(doc, receipt)
  doc.end()
  return done
}

function drawReceipt(doc: PDFKit.PDFDocument, receipt: Receipt) {
  doc.addPage()
  const pen = receiptPen(doc)
  drawHead(doc, pen.left, receipt)
  drawAmounts(doc, pen, receipt)
  doc.moveDown(1.5)
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`Thank you! Questions about this receipt: ${receipt.bakery.email}`, pen.left, doc.y, {
      width: pen.width,
    })
}

/** The page's measures and its three strokes: a rule, a heading over a rule, a row with its amount. */
function receiptPen(doc: PDFKit.PDFDocument) {
  const left = doc.page.margins.left
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right
  const amountX = left + width - 110
  const rule = () => {
    const y = doc.y + 4
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(1)
      .strokeColor(RULE)
      .stroke()
    doc.y = y + 8
  }
  const heading = (text: string) => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(text, left)
    rule()
  }
  /** A line with its amount at the right, and an optional line of detail under it. */
  const row = (label: string, amount: string, detail?: string, { bold = false } = {}) => {
    const y = doc.y
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(label, left, y, { width: amountX - left - 12 })
    const below = doc.y
    doc.text(amount, amountX, y, { width: 110, align: 'right' })
    doc.y = Math.max(below, doc.y)
    if (detail) {
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(MUTED)
        .text(detail, left, doc.y, {
          width: amountX - left - 12,
        })
    }
    doc.x = left
    doc.moveDown(0.4)
  }
  return { left, width, rule, heading, row }
}

/** The bakery, the receipt's number and date, and whom and what it is for. */
function drawHead(doc: PDFKit.PDFDocument, left: number, receipt: Receipt) {
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text(receipt.bakery.name, left)
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(bakeryLineOf(receipt.bakery))
  doc.moveDown(1.2)

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(`Receipt ${receipt.number}`)
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Issued ${receipt.issuedOn}`)
  doc.moveDown(0.8)

  const pair = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fillColor(MUTED).fontSize(10).text(`${label}: `, { continued: true })
    doc.font('Helvetica').fillColor(INK).text(value)
  }
  pair('Customer', `${receipt.customer.name} (${receipt.customer.email})`)
  if (receipt.reference) pair('Payment reference', receipt.reference)
  pair('Status', receipt.status)
  doc.moveDown(1)
}

/** The order's lines and price, what was paid and refunded, and what is still owed. */
function drawAmounts(
  doc: PDFKit.PDFDocument,
  { rule, heading, row }: ReturnType<typeof receiptPen>,
  receipt: Receipt,
) {
  heading('Your order')
  for (const line of receipt.lines) row(line.description, line.amount, line.detail)
  row('Total', receipt.price, undefined, { bold: true })
  row(receipt.deposit.label, receipt.deposit.amount, receipt.deposit.note ?? undefined)
  if (receipt.balance) row('Balance', receipt.balance.amount, receipt.balance.note ?? undefined)
  doc.moveDown(0.6)

  heading('Payments')
  for (const payment of receipt.payments) {
    row(`Paid ${payment.on}`, payment.amount, payment.method || undefined)
  }
  if (receipt.refunds.length > 0) {
    doc.moveDown(0.4)
    heading('Refunds')
    for (const refund of receipt.refunds) {
      const detail = [refund.method, refund.reason].filter(Boolean).join(' · ')
      row(`Refunded ${refund.on}`, `-${refund.amount}`, detail || undefined)
    }
  }
  doc.moveDown(0.6)
  rule()
  row('Received', receipt.received)
  if (receipt.refunded) row('Refunded', `-${receipt.refunded}`)
  row('Paid', receipt.paid, undefined, { bold: true })
  row('Still owed', receipt.stillOwed, undefined, { bold: true })
}
