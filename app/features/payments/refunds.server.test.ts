import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { ensureReceiptIn, recordPayment } from '#app/features/order-book/money-in.server.ts'
import { moneyOf, paymentTotals } from '#app/features/order-book/money.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import { answerOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { versionOf } from '#tests/support/order-book.ts'

const SITE = 'https://butterandbloom.example'

/** Priya's cake, quoted at $120 with a $60 deposit, and $60 paid by e-Transfer. */
async function paidBook(given?: Db) {
  const db = given ?? (await openTestDatabase()).db
  await openBakery(db)
  const id = await sendRequest(db)
  const quoted = await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: id,
      quote: {
        priceCents: 12000,
        depositCents: 6000,
        depositDue: null,
        paymentInstructions: '',
        message: '',
      },
      now: BOOK_NOW,
    }),
  )
  if (!quoted.ok) throw new Error(quoted.error)
  const paid = await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 6000, receivedOn: '2026-11-23', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  if (!paid.ok) throw new Error(paid.error)
  const { customer_token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return { db, id, token: customer_token! }
}

/** A post of the owner's refund form, as her page sends it. */
async function postRefund(db: Db, id: number, fields: Record<string, string>) {
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        intent: 'refund',
        version: await versionOf(db, id),
        refunded_on: '2026-11-26',
        refund_method: 'e-Transfer',
        refund_reason: '',
        ...fields,
      }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now: BOOK_NOW + 60_000,
  })
}

async function refundEmails(db: Db, id: number): Promise<OutgoingEmail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute()
  return rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => email.subject.startsWith('A refund'))
}

test('the owner is asked first, then the refund is recorded, on the timeline, and emailed', async () => {
  const { db, id } = await paidBook()

  const asked = await postRefund(db, id, {
    refund_amount: '$40',
    refund_reason: 'Smaller cake after all.',
  })
  expect(asked.status).toBe(200)
  expect(asked.body).toMatchObject({
    ok: false,
    ask: { question: expect.stringMatching(/^Refund \$40 to Priya\?/) },
  })
  expect(await db.selectFrom('refund').selectAll().execute()).toEqual([])

  const done = await postRefund(db, id, {
    refund_amount: '$40',
    refund_reason: 'Smaller cake after all.',
    confirm: 'yes',
  })
  expect(done).toMatchObject({ status: 200, body: { ok: true, intent: 'refund' } })

  // Net paid everywhere: the money rule, the order page, the list, the customer's page.
  expect((await moneyOf(db, id)).paidCents).toBe(2000)
  const detail = (await readOrderDetail(db, id))!
  expect(detail.money).toMatchObject({
    receivedCents: 6000,
    refundedCents: 4000,
    paidCents: 2000,
    // Back under the deposit: $40 of it is owed again.
    depositOwed: 4000,
    balanceOwed: 6000,
    stillOwed: 10000,
  })
  expect(detail.timeline.at(-1)?.note).toBe(
    'Refund recorded: $40 by e-Transfer, Thursday, November 26, 2026. Reason: Smaller cake after all.',
  )
  const list = await listOrderBook(
    db,
    { status: null, from: null, to: null, q: '', sort: 'due', page: 1 },
    '2026-11-23',
  )
  // The list reads what is owed from what is paid net: $100 of the $120.
  expect(list.rows.find((row) => row.id === id)?.money).toMatchObject({
    depositOwed: 4000,
    balanceOwed: 6000,
    stillOwed: 10000,
  })

  const [email] = await refundEmails(db, id)
  expect(email?.to).toMatchObject({ address: 'priya@example.com' })
  expect(email?.text).toContain('We sent you $40 by e-Transfer on Thursday, November 26, 2026')
  expect(email?.text).toContain('Smaller cake after all.')
  expect(email?.text).toContain('Paid, after refunds: $20')
  expect(email?.text).toMatch(/\/requests\/[\w-]+\/receipt/)
})

test('a refund of more than is paid net is refused with a sentence, and writes nothing', async () => {
  const { db, id } = await paidBook()
  await db.transaction().execute((trx) =>
    recordRefundIn(trx, {
      requestId: id,
      amountCents: 5000,
      refundedOn: '2026-11-24',
      method: 'cash',
      reason: '',
      now: BOOK_NOW,
    }),
  )
  const before = await db.selectFrom('request_event').select('id').execute()

  const refused = await postRefund(db, id, { refund_amount: '10.01', confirm: 'yes' })
  expect(refused.status).toBe(409)
  expect(refused.body).toMatchObject({
    ok: false,
    error: 'Only $10 has been paid (after refunds), so no more than that can be refunded.',
  })
  expect(await db.selectFrom('refund').select('id').execute()).toHaveLength(1)
  expect(await db.selectFrom('request_event').select('id').execute()).toHaveLength(before.length)
  expect(await refundEmails(db, id)).toEqual([])

  // Not even asked about: the refusal says why.
  const unasked = await postRefund(db, id, { refund_amount: '11' })
  expect(unasked.status).toBe(409)

  // Amounts are read as people write them, or refused (400 naming the field).
  const unreadable = await postRefund(db, id, { refund_amount: 'ten', confirm: 'yes' })
  expect(unreadable.status).toBe(400)
  expect(unreadable.body).toMatchObject({ fieldErrors: { refund_amount: expect.any(String) } })
  const zero = await postRefund(db, id, { refund_amount: '0', confirm: 'yes' })
  expect(zero.status).toBe(400)
})

test("a cancelled order's deposit may be refunded; a request never paid has nothing to refund", async () => {
  const { db, id } = await paidBook()
  await moveTo(db, id, 'cancelled')
  const done = await postRefund(db, id, { refund_amount: '60', confirm: 'yes' })
  expect(done).toMatchObject({ status: 200, body: { ok: true } })
  expect(await paymentTotals(db, [id])).toEqual(
    new Map([[id, { receivedCents: 6000, refundedCents: 6000, paidCents: 0 }]]),
  )
  // Nothing is left to refund.
  const again = await postRefund(db, id, { refund_amount: '1', confirm: 'yes' })
  expect(again).toMatchObject({
    status: 409,
    body: { error: 'Nothing has been paid on this request, so there is nothing to refund.' },
  })

  const unpaid = await sendRequest(db, { due_date: '2026-12-19' })
  const refused = await postRefund(db, unpaid, { refund_amount: '5', confirm: 'yes' })
  expect(refused.status).toBe(409)
})

test('a card refund is recorded once however often it is told, and never past its payment', async () => {
  const { db, id } = await paidBook()
  const payment = await db
    .selectFrom('payment')
    .select('id')
    .where('request_id', '=', id)
    .executeTakeFirstOrThrow()
  const refund = (amountCents: number, stripeRefundId: string) =>
    db.transaction().execute((trx) =>
      recordRefundIn(trx, {
        requestId: id,
        paymentId: payment.id,
        amountCents,
        refundedOn: '2026-11-24',
        method: 'card',
        reason: '',
        stripeRefundId,
        now: BOOK_NOW,
      }),
    )
  const first = await refund(2500, 're_1')
  const replay = await refund(2500, 're_1')
  expect(first).toMatchObject({ ok: true })
  expect(replay).toEqual({ ok: true, refundId: first.refundId, duplicate: true })
  expect((await moneyOf(db, id)).paidCents).toBe(3500)
  expect(await refund(3501, 're_2')).toMatchObject({
    ok: false,
    status: 409,
    error: 'Only $35 has been paid (after refunds), so no more than that can be refunded.',
  })
})

/** Two instances on PostgreSQL; on SQLite one, whose single writer settles it the same way. */
async function twoInstances(): Promise<[Db, Db]> {
  if (testDatabaseKind() === 'pg') return openTwoInstances()
  const { db } = await openTestDatabase()
  return [db, db]
}

test('two refunds racing on two instances never give back more than was paid', async () => {
  const [one, two] = await twoInstances()
  const { id } = await paidBook(one)
  const refund = (db: Db) =>
    db.transaction().execute((trx) =>
      recordRefundIn(trx, {
        requestId: id,
        amountCents: 4000,
        refundedOn: '2026-11-24',
        method: 'e-Transfer',
        reason: '',
        now: BOOK_NOW,
      }),
    )
  const results = await Promise.all([refund(one), refund(two), refund(one), refund(two)])
  expect(results.filter((result) => result.ok)).toHaveLength(1)
  expect((await paymentTotals(one, [id])).get(id)).toEqual({
    receivedCents: 6000,
    refundedCents: 4000,
    paidCents: 2000,
  })
})

test('the CSV counts what is paid net, with a refunded column and each refund', async () => {
  const { db, id } = await paidBook()
  await postRefund(db, id, { refund_amount: '15.50', confirm: 'yes', refund_method: 'cash' })
  const response = await answerOrdersCsv({ db, now: new Date(BOOK_NOW) })
  const [header, ...records] = parse(await response.text()) as string[][]
  const row = Object.fromEntries(header!.map((name, i) => [name, records[0]![i]]))
  expect(row).toMatchObject({
    id: String(id),
    paid: '44.50',
    refunded: '15.50',
    refunds: '2026-11-26 $15.50 cash',
    payments: '2026-11-23 $60.00 e-Transfer',
    'deposit owed': '15.50',
    'balance owed': '60.00',
  })
})

test("the customer's page lists her payments and refunds, with what is paid after them", async () => {
  const { db, id, token } = await paidBook()
  await postRefund(db, id, { refund_amount: '40', confirm: 'yes' })
  const book = await readCustomerBook(db, token, BOOK_NOW)
  const [entry] = Object.values(book)
  expect(entry?.ledger).toEqual({
    entries: [
      { kind: 'payment', on: 'Monday, November 23, 2026', amount: '$60', method: 'e-Transfer' },
      { kind: 'refund', on: 'Thursday, November 26, 2026', amount: '$40', method: 'e-Transfer' },
    ],
    refunded: '$40',
    paid: '$20',
  })
  expect(entry?.schedule?.paid).toBe('$20')
})

test('a receipt number is given once per request, the same to every instance racing for it', async () => {
  const [one, two] = await twoInstances()
  const { id } = await paidBook(one)
  const second = await sendRequest(one, { due_date: '2026-12-19' })
  // The first payment gave it its number.
  const first = await one.selectFrom('receipt').select('id').where('request_id', '=', id).execute()
  expect(first).toHaveLength(1)
  const numbers = await Promise.all(
    [one, two, one, two].map((db) =>
      db.transaction().execute((trx) => ensureReceiptIn(trx, { requestId: second, now: BOOK_NOW })),
    ),
  )
  expect(new Set(numbers).size).toBe(1)
  expect(numbers[0]).not.toBe(Number(first[0]!.id))
  expect(
    await one.selectFrom('receipt').select('id').where('request_id', '=', second).execute(),
  ).toHaveLength(1)
})

/** The refunds on a request, as stored. */
async function refundRows(db: Db) {
  return db.selectFrom('refund').select(['amount_cents', 'lowered_to_cents']).execute()
}

test('a refund that lowers the price leaves nothing owed again, on every page and in her email', async () => {
  const { db, id, token } = await paidBook()
  // The balance is paid too: $120 in, then "one tier fewer, $25 back".
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 6000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  await moveTo(db, id, 'confirmed')

  const asked = await postRefund(db, id, { refund_amount: '25', refund_lowers_price: 'yes' })
  expect(asked.body).toMatchObject({
    ask: {
      question: expect.stringMatching(/^Refund \$25 to Priya and lower the price by as much\?/),
    },
  })
  const done = await postRefund(db, id, {
    refund_amount: '25',
    refund_lowers_price: 'yes',
    refund_reason: 'One tier fewer.',
    confirm: 'yes',
  })
  expect(done).toMatchObject({ status: 200, body: { ok: true } })

  const money = await moneyOf(db, id)
  expect(money).toMatchObject({ priceCents: 9500, depositCents: 6000, paidCents: 9500 })
  const detail = (await readOrderDetail(db, id))!
  expect(detail.money).toMatchObject({ depositOwed: 0, balanceOwed: 0, refundedCents: 2500 })
  expect(detail.request.status).toBe('confirmed')
  expect(detail.timeline.at(-1)?.note).toBe(
    'Price lowered to $95 with a $25 refund. Refund recorded: $25 by e-Transfer, Thursday, November 26, 2026. Reason: One tier fewer.',
  )
  expect(await refundRows(db)).toEqual([{ amount_cents: 2500, lowered_to_cents: 9500 }])

  const [email] = await refundEmails(db, id)
  expect(email?.text).toContain('Your order’s price is lowered by the same $25, to $95.')
  expect(email?.text).toContain('New total: $95')
  expect(email?.text).not.toContain('Still to pay')

  const [entry] = Object.values(await readCustomerBook(db, token, BOOK_NOW))
  expect(entry?.owed).toEqual({ deposit: null, depositLabel: 'Deposit', balance: null })
  expect(entry?.ledger?.entries.find((line) => line.kind === 'refund')).toMatchObject({
    amount: '$25',
    lowered: 'Price lowered to $95',
  })
})

test('money back at an unchanged price makes the refund owed again, as before', async () => {
  const { db, id } = await paidBook()
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 6000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  const done = await postRefund(db, id, {
    refund_amount: '25',
    refund_lowers_price: 'no',
    confirm: 'yes',
  })
  expect(done.status).toBe(200)
  expect(await moneyOf(db, id)).toMatchObject({ priceCents: 12000, paidCents: 9500 })
  expect((await readOrderDetail(db, id))!.money.balanceOwed).toBe(2500)
  expect(await refundRows(db)).toEqual([{ amount_cents: 2500, lowered_to_cents: null }])
})

test('a deposit above the lowered total comes down to it', async () => {
  const { db, id } = await paidBook()
  // $60 paid of a $60 deposit; $50 back lowers the $120 price to $70: the deposit stays $60.
  expect(
    await postRefund(db, id, { refund_amount: '50', refund_lowers_price: 'yes', confirm: 'yes' }),
  ).toMatchObject({ status: 200 })
  expect(await moneyOf(db, id)).toMatchObject({ priceCents: 7000, depositCents: 6000 })
  // Paying it all, then $70 back at a lower price: a $0 order owes no deposit.
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 6000, receivedOn: '2026-11-24', method: 'cash' },
    now: BOOK_NOW,
  })
  expect(
    await postRefund(db, id, { refund_amount: '70', refund_lowers_price: 'yes', confirm: 'yes' }),
  ).toMatchObject({ status: 200 })
  const money = await moneyOf(db, id)
  expect(money).toMatchObject({ priceCents: 0, depositCents: 0, paidCents: 0 })
})

test('a price that cannot come down is refused with a sentence, and nothing is written', async () => {
  const { db, id } = await paidBook()
  const before = await db.selectFrom('request_event').select('id').execute()
  // Overpaid: $130 in on a $120 price; lowering it would leave paid above the total.
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 7000, receivedOn: '2026-11-24', method: 'cash' },
    now: BOOK_NOW,
  })
  const overpaid = await postRefund(db, id, {
    refund_amount: '10',
    refund_lowers_price: 'yes',
    confirm: 'yes',
  })
  expect(overpaid.status).toBe(409)
  expect(overpaid.body).toMatchObject({
    error:
      '$130 has been paid on a total of $120, so the price cannot come down with this refund: give the extra back as money back first.',
    fieldErrors: { refund_lowers_price: expect.any(String) },
  })
  // Not asked about first: the refusal says why.
  const unasked = await postRefund(db, id, { refund_amount: '10', refund_lowers_price: 'yes' })
  expect(unasked.status).toBe(409)

  await moveTo(db, id, 'cancelled')
  const cancelled = await postRefund(db, id, {
    refund_amount: '60',
    refund_lowers_price: 'yes',
    confirm: 'yes',
  })
  expect(cancelled).toMatchObject({
    status: 409,
    body: {
      error: 'A cancelled request has no price left to lower: record the refund as money back.',
    },
  })
  expect(await refundRows(db)).toEqual([])
  expect(await moneyOf(db, id)).toMatchObject({ priceCents: 12000 })
  const events = await db.selectFrom('request_event').select('id').execute()
  // The payment and the move wrote their own lines; the refusals none.
  expect(events.length).toBe(before.length + 2)
  expect(await refundEmails(db, id)).toEqual([])

  // A value that is neither choice is a 400 that names the field.
  const odd = await postRefund(db, id, { refund_amount: '1', refund_lowers_price: 'maybe' })
  expect(odd).toMatchObject({
    status: 400,
    body: { fieldErrors: { refund_lowers_price: 'Choose whether the refund lowers the price.' } },
  })
})

test('a lowering refund more than the price itself is refused', async () => {
  const { db, id } = await paidBook()
  // The price is $120 and $60 is paid: a price of $120 cannot lose $130, and more than is paid
  // is refused first anyway; so the price's own limit shows with a fee-free $50 price.
  await db
    .updateTable('request_quote')
    .set({ price_cents: 5000, delivery_fee_cents: 2000 })
    .execute()
  const refused = await postRefund(db, id, {
    refund_amount: '55',
    refund_lowers_price: 'yes',
    confirm: 'yes',
  })
  expect(refused).toMatchObject({
    status: 409,
    body: {
      error:
        'The price is $50 before the delivery fee, so a refund can lower it by no more than that.',
    },
  })
})
