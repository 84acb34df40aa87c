import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { receiveCodePost } from '#app/features/discount-codes/code-form.server.ts'
import { listProducts } from '#app/features/menu/menu.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { chargesAfterPrice, totalOf } from '#app/features/order-status/money-owed.ts'
import { streamOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { readReceipts } from '#app/features/receipts/receipt.server.ts'
import { readYearReport } from '#app/features/reports/year-report.server.ts'
import { answerPrice } from '#app/features/set-price-orders/price-api.server.ts'
import { buyNowBakery, sendBuyNow } from '#tests/support/buy-now.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { loadTaxesPage, receiveTaxPost } from './tax-settings.server.ts'

const SITE = 'https://butterandbloom.example'

/** Her Taxes page's form, posted as the page posts it. */
function post(db: Db, fields: Record<string, string>) {
  return receiveTaxPost({
    db,
    request: new Request(`${SITE}/admin/settings/taxes`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
  })
}

/** HST 13% in a class "Taxable treats", and treat `name` in it, as she would set them. */
async function taxTreat(db: Db, name: string) {
  expect(
    await post(db, { intent: 'add-rate', name: 'HST', rate: '13', number: '123456789 RT0001' }),
  ).toMatchObject({
    status: 200,
    body: { ok: true, message: 'HST 13% added. Put it in a class below to charge it.' },
  })
  const { rates } = await loadTaxesPage(db)
  const added = await post(db, {
    intent: 'add-class',
    name: 'Taxable treats',
    rule: 'Sold in fewer than six single servings: HST applies (CRA memo 4.3).',
    [`rate.${rates[0]!.id}`]: 'on',
  })
  expect(added).toMatchObject({ status: 200, body: { ok: true, message: 'Taxable treats added.' } })
  const treat = (await listProducts(db)).find((product) => product.name === name)!
  const classId = (await loadTaxesPage(db)).classes[0]!.id
  expect(
    await post(db, { intent: 'save-treats', [`class.${treat.id}`]: String(classId) }),
  ).toMatchObject({
    status: 200,
    body: { ok: true },
  })
  return { classId, rateId: rates[0]!.id }
}

test('her rates and classes are read as she writes them, and what cannot be kept is refused with why', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await taxTreat(db, 'Cakes')
  expect(await post(db, { intent: 'add-rate', name: 'HST', rate: '13%' })).toMatchObject({
    status: 409,
    body: { ok: false, error: 'HST 13% is already one of your rates.' },
  })
  expect(await post(db, { intent: 'add-rate', name: 'QST', rate: '9,975' })).toMatchObject({
    status: 200,
    body: { ok: true, message: 'QST 9.975% added. Put it in a class below to charge it.' },
  })
  expect(await post(db, { intent: 'add-rate', name: 'PST', rate: '7.12345' })).toMatchObject({
    status: 400,
    body: {
      ok: false,
      error: 'Write the rate as a percent, like 13 or 9.975.',
      values: { rate: '7.12345' },
    },
  })
  // A rate changed in place keeps its classes; a change to one she has is refused, naming the rate.
  const hst = (await loadTaxesPage(db)).rates[0]!
  expect(
    await post(db, { intent: 'save-rate', id: String(hst.id), name: 'HST', rate: '15' }),
  ).toMatchObject({
    status: 200,
    body: {
      ok: true,
      message: 'Now HST 15%. New quotes and orders charge it; orders already priced keep theirs.',
    },
  })
  expect(
    await post(db, { intent: 'save-rate', id: String(hst.id), name: 'qst', rate: '9.975' }),
  ).toMatchObject({
    status: 409,
    body: { ok: false, id: hst.id, error: 'qst 9.975% is already one of your rates.' },
  })
  expect(await post(db, { intent: 'save-rate', id: 'x', name: 'HST', rate: '13' })).toMatchObject({
    status: 404,
  })
  await post(db, { intent: 'save-rate', id: String(hst.id), name: 'HST', rate: '13' })

  expect(await post(db, { intent: 'add-class', name: 'taxable TREATS' })).toMatchObject({
    status: 409,
    body: { ok: false, error: 'You have a class called Taxable treats already.' },
  })
  expect(await post(db, { intent: 'save-class', id: '999', name: 'Gone' })).toMatchObject({
    status: 404,
  })
  expect(await post(db, { intent: 'nonsense' })).toMatchObject({ status: 400 })

  const page = await loadTaxesPage(db)
  expect(page.rates.map(({ name, ppm }) => [name, ppm])).toEqual([
    ['HST', 130_000],
    ['QST', 99_750],
  ])
  expect(page.classes).toEqual([
    expect.objectContaining({
      name: 'Taxable treats',
      rule: 'Sold in fewer than six single servings: HST applies (CRA memo 4.3).',
      rateIds: [page.rates[0]!.id],
      dropItems: false,
    }),
  ])
  expect(page.treats.find((treat) => treat.name === 'Cakes')?.classId).toBe(page.classes[0]!.id)

  // A class removed leaves its treats untaxed, and says which.
  expect(await post(db, { intent: 'remove-class', id: String(page.classes[0]!.id) })).toMatchObject(
    {
      status: 200,
      body: { ok: true, message: 'Taxable treats removed. Cakes: no tax now.' },
    },
  )
  expect((await loadTaxesPage(db)).treats.every((treat) => treat.classId === null)).toBe(true)
})

test('a quote keeps the taxes of its treat’s class when it was sent: its total, lines, CSV and year all say them', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const { rateId } = await taxTreat(db, 'Cakes')
  const cake = await sendRequest(db, { product_type: 'Cakes' })
  const pops = await sendRequest(db, { product_type: 'Cake Pops', email: 'sam@example.com' })
  await quoteFor(db, cake)
  await quoteFor(db, pops)

  // $90 of cake with 13% HST: $101.70. The cake pops are in no class.
  const money = await moneyOf(db, cake)
  expect(totalOf(money)).toBe(10_170)
  expect(chargesAfterPrice(money)).toEqual([
    { label: 'HST 13%', cents: 1_170, detail: 'Registration no. 123456789 RT0001' },
  ])
  expect(totalOf(await moneyOf(db, pops))).toBe(9_000)

  // A deposit is of what she pays, its tax with it: all of it, never more.
  const requote = (deposit: { depositCents: number; depositPercent?: number }) =>
    db.transaction().execute((trx) =>
      quoteRequest(trx, {
        requestId: cake,
        quote: {
          priceCents: 9_000,
          ...deposit,
          depositDue: null,
          paymentInstructions: '',
          message: '',
        },
        now: BOOK_NOW,
      }),
    )
  expect(await requote({ depositCents: 10_171 })).toEqual({
    ok: false,
    status: 400,
    field: 'deposit',
    error: 'The deposit cannot be more than the total with its tax.',
  })
  expect(await requote({ depositCents: 0, depositPercent: 100 })).toMatchObject({ ok: true })
  expect(await moneyOf(db, cake)).toMatchObject({ depositCents: 10_170 })
  await quoteFor(db, cake)

  // The rate changes: the quote sent keeps 13%; a new quote is taxed at 15%.
  await post(db, { intent: 'remove-rate', id: String(rateId) })
  await post(db, { intent: 'add-rate', name: 'HST', rate: '15' })
  const { rates, classes } = await loadTaxesPage(db)
  await post(db, {
    intent: 'save-class',
    id: String(classes[0]!.id),
    name: 'Taxable treats',
    [`rate.${rates[0]!.id}`]: 'on',
  })
  expect(totalOf(await moneyOf(db, cake))).toBe(10_170)
  const later = await sendRequest(db, { product_type: 'Cakes', email: 'ana@example.com' })
  await quoteFor(db, later)
  expect(chargesAfterPrice(await moneyOf(db, later))).toEqual([{ label: 'HST 15%', cents: 1_350 }])
  // Quoted again under a name that is no treat (as a drop's order is named), it keeps its taxes.
  await db
    .updateTable('order_request')
    .set({ product_type: 'Saturday bake' })
    .where('id', '=', later)
    .execute()
  await quoteFor(db, later)
  expect(chargesAfterPrice(await moneyOf(db, later))).toEqual([{ label: 'HST 15%', cents: 1_350 }])

  // Paid in two parts across the year's end: the parts of the tax add up to the quote's.
  for (const [amountCents, receivedOn] of [
    [3_000, '2026-12-20'],
    [7_170, '2027-01-04'],
  ] as const) {
    const paid = await recordPayment(db, {
      requestId: cake,
      payment: { amountCents, receivedOn, method: 'e-Transfer' },
      now: BOOK_NOW,
    })
    expect(paid.ok).toBe(true)
  }
  const [y2026, y2027] = await Promise.all([
    readYearReport(db, { year: 2026, thisYear: 2026 }),
    readYearReport(db, { year: 2027, thisYear: 2026 }),
  ])
  // $30 of $101.70 holds $3.45 of the $11.70; the rest, $8.25, came in January.
  expect(y2026.total.taxCents).toBe(345)
  expect(y2027.total.taxCents).toBe(825)
  expect(y2026.total.taxCents + y2027.total.taxCents).toBe(1_170)
  expect(y2027.months[0]).toMatchObject({
    netCents: 7_170,
    taxCents: 825,
    marginCents: 7_170 - 825,
  })

  // Her receipt prints the tax with her registration number beside it.
  const { customer_token: token } = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', cake)
    .executeTakeFirstOrThrow()
  const [receipt] = (await readReceipts(db, { token: token!, now: BOOK_NOW })) ?? []
  expect(receipt?.lines).toContainEqual({
    description: 'HST 13%',
    detail: 'Registration no. 123456789 RT0001',
    amount: '$11.70',
  })
  expect(receipt?.price).toBe('$101.70')

  const csv = await new Response(streamOrdersCsv(db)).text()
  const [head, ...rows] = parse(csv) as string[][]
  const row = rows.find((cells) => cells[0] === String(cake))!
  const cell = (name: string) => row[head!.indexOf(name)]
  expect([cell('price'), cell('total'), cell('tax'), cell('taxes')]).toEqual([
    '90.00',
    '101.70',
    '11.70',
    'HST 13% $11.70',
  ])

  // Quoted again in January at the new 15%: December's part stays as it was collected, and
  // the last $1.80 carries the rest of the new tax, $1.80 of it.
  await quoteFor(db, cake, { now: Date.parse('2027-01-10T15:00:00Z') })
  expect(totalOf(await moneyOf(db, cake))).toBe(10_350)
  const last = await recordPayment(db, {
    requestId: cake,
    payment: { amountCents: 180, receivedOn: '2027-01-12', method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  expect(last.ok).toBe(true)
  const [y2026Later, y2027Later] = await Promise.all([
    readYearReport(db, { year: 2026, thisYear: 2027 }),
    readYearReport(db, { year: 2027, thisYear: 2027 }),
  ])
  expect(y2026Later.total.taxCents).toBe(345)
  expect(y2027Later.total.taxCents).toBe(825 + 180)
  expect(y2026Later.total.taxCents + y2027Later.total.taxCents).toBe(1_350)
})

test('a treat bought now is taxed after its code, the same on her page, the price lookup and the order', async () => {
  const { db, id, name } = await buyNowBakery()
  await taxTreat(db, name)
  const lookup = await answerPrice({
    db,
    url: new URL(`${SITE}/api/price?product=${id}&date=2026-12-20&option.count=dozen`),
    clientIp: '192.0.2.1',
    now: new Date('2026-11-29T15:00:00Z'),
  })
  // A dozen at $36, 13% HST: $40.68.
  expect(lookup.body).toMatchObject({
    total_cents: 4_068,
    lines: [
      { label: name, cents: 3_600 },
      { label: 'How many: A dozen', cents: 0 },
      { label: 'HST 13%', cents: 468 },
    ],
  })
  const order = {
    'option.count': 'dozen',
    due_date: '2026-12-20',
    fulfilment: 'pickup',
    payment: 'pickup',
  }
  // The untaxed total her page would have shown before the tax is refused: she sees the new one.
  expect(await sendBuyNow(db, id, { ...order, total_cents: '3600' })).toMatchObject({
    status: 409,
  })
  expect(await sendBuyNow(db, id, { ...order, total_cents: '4068' })).toHaveProperty('location')
  const { id: requestId } = await db
    .selectFrom('order_request')
    .select('id')
    .where('email', '=', 'mina@example.com')
    .executeTakeFirstOrThrow()
  expect(totalOf(await moneyOf(db, Number(requestId)))).toBe(4_068)

  // With a $5 code the tax is on $31: $4.03, and her total $35.03, on her page and her order.
  await receiveCodePost({
    db,
    request: new Request(`${SITE}/admin/codes`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'add', code: 'FIVE', kind: 'amount', amount: '5' }),
    }),
    now: BOOK_NOW,
  })
  const coded = { ...order, code: 'FIVE', email: 'jo@example.com', name: 'Jo Lee' }
  expect(await sendBuyNow(db, id, { ...coded, intent: 'apply_code' })).toMatchObject({
    body: {
      problems: [{ field: 'total', message: 'Code FIVE takes $5 off: your total is $35.03.' }],
    },
  })
  expect(await sendBuyNow(db, id, { ...coded, total_cents: '3503' })).toHaveProperty('location')
  const jo = await db
    .selectFrom('order_request')
    .select('id')
    .where('email', '=', 'jo@example.com')
    .executeTakeFirstOrThrow()
  expect(chargesAfterPrice(await moneyOf(db, Number(jo.id)))).toEqual([
    { label: 'Code FIVE', cents: -500 },
    { label: 'HST 13%', cents: 403, detail: 'Registration no. 123456789 RT0001' },
  ])
})
