import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { consentLines, giveTextConsent } from '#app/features/texts/text-consent.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { receiveCustomerNote } from './customer-notes.server.ts'
import { CUSTOMER_CSV_COLUMNS, answerCustomersCsv } from './customers-csv.server.ts'

test('her customers download as a spreadsheet: a row each, with what they paid, her notes and their consent to texts, never a formula', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const priya = await sendRequest(db, { allergies: 'No nuts' })
  await sendRequest(db, { email: 'PRIYA@example.com', due_date: '2026-12-19' })
  const sam = await sendRequest(db, {
    name: '=HYPERLINK("x")',
    email: 'sam@example.com',
    phone_number: '6475550101',
  })
  await quoteFor(db, priya)
  await recordPayment(db, {
    requestId: priya,
    payment: { amountCents: 3_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  const note = (requestId: number, text: string) =>
    receiveCustomerNote({
      db,
      requestId,
      request: new Request('https://butterandbloom.example/admin/customers/1', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ note: text }).toString(),
      }),
    })
  await note(priya, 'Loves lemon')
  await note(sam, '+1 for chocolate')
  await giveTextConsent(db, {
    phone: '6475550101',
    where: 'her order page, BB-0001',
    now: BOOK_NOW,
  })

  const response = await answerCustomersCsv({
    db,
    consentLines: (phones) => consentLines(db, phones),
    now: new Date(BOOK_NOW),
  })
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="customers-2026-11-23.csv"',
  )
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  const [head, ...rows] = parse(await response.text()) as string[][]
  expect(head).toEqual([...CUSTOMER_CSV_COLUMNS])
  expect(rows).toEqual([
    [
      `'=HYPERLINK("x")`,
      'sam@example.com',
      '647-555-0101',
      '1',
      '2026-12-12',
      '0.00',
      '',
      "'+1 for chocolate",
      'Texts about orders: yes since Nov 23, 2026 (her order page, BB-0001)',
    ],
    [
      'Priya Sharma',
      'priya@example.com',
      '416-555-0199',
      '2',
      '2026-12-19',
      '30.00',
      'No nuts',
      'Loves lemon',
      '',
    ],
  ])
})
