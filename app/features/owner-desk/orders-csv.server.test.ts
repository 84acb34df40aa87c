import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { neutraliseFormula } from '#app/utils/spreadsheet-cells.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { CSV_COLUMNS, answerOrdersCsv, streamOrdersCsv } from './orders-csv.server.ts'

const DAY = 24 * 60 * 60 * 1000

async function download(db: Parameters<typeof answerOrdersCsv>[0]['db']) {
  const response = await answerOrdersCsv({ db, now: new Date(BOOK_NOW) })
  const rows: string[][] = parse(await response.text())
  const [header, ...records] = rows
  return {
    response,
    header,
    records: records.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]]))),
  }
}

async function referenceOf(db: Db, id: number) {
  const row = await db
    .selectFrom('order_request')
    .select('payment_reference')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.payment_reference
}

test('one row per request, with its quote, delivery fee, payments and what is still owed', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const cake = await sendRequest(db, {
    allergies: 'Tree nuts',
    servings: '20',
    fulfilment: 'delivery',
    comments: 'Lemon, please.',
  })
  const cupcakes = await sendRequest(db, { product_type: 'Cupcakes', name: 'Sam Lee' })
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: cake,
      quote: {
        priceCents: 12_050,
        deliveryFeeCents: 1_500,
        depositCents: 6_000,
        depositDue: '2026-12-01',
        paymentInstructions: 'e-Transfer',
        message: '',
      },
      now: BOOK_NOW,
    }),
  )
  for (const [amountCents, receivedOn, method] of [
    [4_000, '2026-11-24', 'e-Transfer'],
    [1_000, '2026-11-26', 'Cash'],
  ] as const) {
    const paid = await recordPayment(db, {
      requestId: cake,
      payment: { amountCents, receivedOn, method },
      now: BOOK_NOW + DAY,
    })
    expect(paid.ok).toBe(true)
  }

  const { response, header, records } = await download(db)
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="orders-2026-11-23.csv"',
  )
  expect(header).toEqual([...CSV_COLUMNS])
  expect(records).toEqual([
    {
      id: String(cake),
      'sent at': '2026-11-23 15:00',
      status: 'quoted',
      'due date': '2026-12-12',
      product: 'Cakes',
      name: 'Priya Sharma',
      email: 'priya@example.com',
      phone: '416-555-0199',
      'event/theme': 'Unicorn birthday',
      servings: '20',
      allergies: 'Tree nuts',
      fulfilment: 'delivery',
      'time window': '',
      'delivery street': '',
      'delivery city': '',
      'delivery postal code': '',
      'delivery notes': '',
      comments: 'Lemon, please.',
      effort: '2',
      price: '120.50',
      'delivery fee': '15.00',
      total: '135.50',
      deposit: '60.00',
      paid: '50.00',
      'deposit owed': '10.00',
      discount: '0.00',
      'discount code': '',
      tax: '0.00',
      taxes: '',
      'balance owed': '75.50',
      payments: '2026-11-24 $40.00 e-Transfer; 2026-11-26 $10.00 Cash',
      'payment reference': await referenceOf(db, cake),
      'deposit due': '2026-12-01',
      'balance due': '2026-12-05',
      refunded: '0.00',
      refunds: '',
      // Quoted on their own: no party.
      party: '',
    },
    {
      id: String(cupcakes),
      'sent at': '2026-11-23 15:00',
      status: 'new',
      'due date': '2026-12-12',
      product: 'Cupcakes',
      name: 'Sam Lee',
      email: 'priya@example.com',
      phone: '416-555-0199',
      'event/theme': 'Unicorn birthday',
      servings: '',
      allergies: '',
      fulfilment: '',
      'time window': '',
      'delivery street': '',
      'delivery city': '',
      'delivery postal code': '',
      'delivery notes': '',
      comments: '',
      effort: '1',
      price: '',
      'delivery fee': '',
      total: '',
      deposit: '',
      paid: '0.00',
      'deposit owed': '0.00',
      discount: '',
      'discount code': '',
      tax: '',
      taxes: '',
      'balance owed': '0.00',
      payments: '',
      'payment reference': await referenceOf(db, cupcakes),
      'deposit due': '',
      'balance due': '',
      refunded: '0.00',
      refunds: '',
      // Quoted on their own: no party.
      party: '',
    },
  ])
  expect(records.map((record) => record['payment reference'])).toEqual([
    expect.stringMatching(/^BB-\d{4}$/),
    expect.stringMatching(/^BB-\d{4}$/),
  ])
})

test('a cell a spreadsheet would run as a formula is written as plain text', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await sendRequest(db, {
    name: '=HYPERLINK("http://evil.example","Click")',
    event_theme: '+1+1',
    comments: '@SUM(A1:A9)',
    allergies: '-2+3',
    phone_number: '\t=1+1',
  })
  const { records } = await download(db)
  expect(records[0]).toMatchObject({
    name: `'=HYPERLINK("http://evil.example","Click")`,
    'event/theme': "'+1+1",
    comments: "'@SUM(A1:A9)",
    allergies: "'-2+3",
    phone: "'\t=1+1",
  })
  expect(neutraliseFormula('\r=1')).toBe("'\r=1")
  expect(neutraliseFormula('Lemon = good')).toBe('Lemon = good')
})

test('a book longer than a page comes out whole, each request once with its own quote and payments', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const ids: number[] = []
  for (const name of ['Ada', 'Ben', 'Cy', 'Di', 'Eve']) {
    ids.push(await sendRequest(db, { product_type: 'Cupcakes', name, due_date: '2026-12-15' }))
  }
  // Money on the requests either side of the page boundaries (pages of 2: 1–2, 3–4, 5).
  for (const [index, cents] of [
    [1, 2_000],
    [2, 3_000],
    [3, 4_000],
    [4, 5_000],
  ] as const) {
    await db.transaction().execute((trx) =>
      quoteRequest(trx, {
        requestId: ids[index]!,
        quote: {
          priceCents: cents * 2,
          depositCents: cents,
          depositDue: '2026-12-01',
          paymentInstructions: '',
          message: '',
        },
        now: BOOK_NOW,
      }),
    )
    await recordPayment(db, {
      requestId: ids[index]!,
      payment: { amountCents: cents, receivedOn: '2026-11-24', method: 'Cash' },
      now: BOOK_NOW,
    })
  }
  const { records } = await download(db)
  expect(records.map((record) => [record.id, record.name, record.price, record.payments])).toEqual([
    [String(ids[0]), 'Ada', '', ''],
    [String(ids[1]), 'Ben', '40.00', '2026-11-24 $20.00 Cash'],
    [String(ids[2]), 'Cy', '60.00', '2026-11-24 $30.00 Cash'],
    [String(ids[3]), 'Di', '80.00', '2026-11-24 $40.00 Cash'],
    [String(ids[4]), 'Eve', '100.00', '2026-11-24 $50.00 Cash'],
  ])
  const whole = await (await answerOrdersCsv({ db, now: new Date(BOOK_NOW) })).text()
  // Pages that end on a request, one short of it, and exactly at the last one.
  for (const pageSize of [1, 2, 4, 5]) {
    expect(await new Response(streamOrdersCsv(db, { pageSize })).text()).toBe(whole)
  }
})
