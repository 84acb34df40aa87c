import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { readSiteSection, saveSiteSection } from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { pdfText } from '#tests/support/pdf-text.ts'
import { ReceiptPage } from './receipt-page.tsx'
import { renderReceiptPdf } from './receipt-pdf.server.ts'
import { readReceipts, receiptNumber } from './receipt.server.ts'

async function paidRequest(db: Db, change: Parameters<typeof sendRequest>[1] = {}) {
  const id = await sendRequest(db, change)
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: id,
      quote: {
        priceCents: 12000,
        depositCents: 6000,
        depositDue: '2026-11-30',
        balanceDue: '2026-12-05',
        paymentInstructions: '',
        message: '',
      },
      now: BOOK_NOW,
    }),
  )
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 6000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  const row = await db
    .selectFrom('order_request')
    .select(['customer_token', 'payment_reference', 'position'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return {
    id,
    token: row.customer_token!,
    reference: row.payment_reference!,
    position: row.position,
  }
}

test('a receipt lists the order, its payments and refunds, and keeps its number', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const { id, token, reference } = await paidRequest(db)
  await db.transaction().execute((trx) =>
    recordRefundIn(trx, {
      requestId: id,
      amountCents: 2500,
      refundedOn: '2026-11-26',
      method: 'e-Transfer',
      reason: 'Smaller cake',
      now: BOOK_NOW,
    }),
  )
  const { id: receiptId } = await db
    .selectFrom('receipt')
    .select('id')
    .where('request_id', '=', id)
    .executeTakeFirstOrThrow()

  const [receipt, ...others] = (await readReceipts(db, { token, now: BOOK_NOW }))!
  expect(others).toEqual([])
  expect(receipt).toMatchObject({
    number: receiptNumber(Number(receiptId)),
    reference,
    customer: { name: 'Priya Sharma', email: 'priya@example.com' },
    bakery: { name: site.brandTitle, email: site.email },
    price: '$120',
    deposit: { amount: '$60', note: 'due Monday, November 30, 2026' },
    balance: { amount: '$60', note: 'due Saturday, December 5, 2026' },
    payments: [{ on: 'Tuesday, November 24, 2026', method: 'e-Transfer', amount: '$60' }],
    refunds: [
      {
        on: 'Thursday, November 26, 2026',
        method: 'e-Transfer',
        amount: '$25',
        reason: 'Smaller cake',
      },
    ],
    received: '$60',
    refunded: '$25',
    paid: '$35',
    stillOwed: '$85',
  })
  expect(receipt!.lines).toHaveLength(1)
  expect(receipt!.lines[0]!.amount).toBe('$120')
  // Read again, the same number: assigned once.
  const again = (await readReceipts(db, { token, now: BOOK_NOW + 86_400_000 }))!
  expect(again[0]!.number).toBe(receipt!.number)

  // The PDF says the same, drawn.
  const text = pdfText(await renderReceiptPdf([receipt!]))
  for (const words of [
    `Receipt ${receipt!.number}`,
    site.brandTitle,
    reference,
    'Priya Sharma',
    '$120',
    'Paid Tuesday, November 24, 2026',
    'Refunded Thursday, November 26, 2026',
    '-$25',
    '$35',
    '$85',
  ]) {
    expect(text).toContain(words)
  }

  // And the page, with the receipt's number and amounts.
  const html = renderToStaticMarkup(
    <ReceiptPage receipts={[receipt!]} pdfHref="/receipt.pdf" backTo="/requests/x" />,
  )
  expect(html).toContain(`Receipt <span data-testid="receipt-number">${receipt!.number}</span>`)
  expect(html).toContain('Refunded Thursday, November 26, 2026')
  expect(html).toContain('−$25')
  expect(html).toContain('Download PDF')
})

test('a link with nothing paid, a wrong token or another request has no receipt', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const unpaid = await sendRequest(db, { due_date: '2026-12-19' })
  const { customer_token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', unpaid)
    .executeTakeFirstOrThrow()
  expect(await readReceipts(db, { token: customer_token!, now: BOOK_NOW })).toBeUndefined()
  const { token, position } = await paidRequest(db)
  expect(await readReceipts(db, { token: 'x'.repeat(22), now: BOOK_NOW })).toBeUndefined()
  expect(await readReceipts(db, { token: '../etc', now: BOOK_NOW })).toBeUndefined()
  expect(await readReceipts(db, { token, position: position + 1, now: BOOK_NOW })).toBeUndefined()
  expect(await readReceipts(db, { token, position, now: BOOK_NOW })).toHaveLength(1)
  // Nothing was numbered for the unpaid request.
  expect(
    await db.selectFrom('receipt').select('id').where('request_id', '=', unpaid).execute(),
  ).toEqual([])
})

test("a cancelled order's receipt shows its refunded deposit and owes nothing more", async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const { id, token } = await paidRequest(db)
  await moveTo(db, id, 'cancelled')
  await db.transaction().execute((trx) =>
    recordRefundIn(trx, {
      requestId: id,
      amountCents: 6000,
      refundedOn: '2026-11-27',
      method: 'e-Transfer',
      reason: '',
      now: BOOK_NOW,
    }),
  )
  const [receipt] = (await readReceipts(db, { token, now: BOOK_NOW }))!
  expect(receipt).toMatchObject({
    status: 'Cancelled',
    received: '$60',
    refunded: '$60',
    paid: '$0',
    stillOwed: '$0',
  })
  // The real route's PDF is compressed: the reader inflates it as a viewer would.
  const text = pdfText(await renderReceiptPdf([receipt!], { compress: true }))
  expect(text).toContain('Cancelled')
  expect(text).toContain('Refunded Friday, November 27, 2026')
})

test('the receipt says where the bakery is as she set it: a Vancouver bakery never prints ON', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await saveSiteSection(db, 'identity', {
    ...(await readSiteSection(db, 'identity')),
    serviceArea: 'Mount Pleasant',
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  })
  const { token } = await paidRequest(db)
  const [receipt] = (await readReceipts(db, { token, now: BOOK_NOW }))!
  expect(receipt!.bakery.place).toBe('Vancouver, BC V5K 0A1')

  const html = renderToStaticMarkup(
    <ReceiptPage receipts={[receipt!]} pdfHref="/receipt.pdf" backTo="/requests/x" />,
  )
  const text = pdfText(await renderReceiptPdf([receipt!]))
  for (const printed of [html, text]) {
    expect(printed).toContain('Vancouver, BC V5K 0A1')
    expect(printed).not.toMatch(/\bON\b|Toronto/)
  }
})
