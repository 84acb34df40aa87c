import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { orderHold } from '#app/features/drop-orders/hold-order.server.ts'
import { reserveDrop } from '#app/features/drops/drop-holds.server.ts'
import { createDrop } from '#app/features/drops/drops.server.ts'
import { listProducts } from '#app/features/menu/menu.server.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { readReceipts } from '#app/features/receipts/receipt.server.ts'
import { readMoney } from '#app/utils/money.ts'
import { buyTwoDozen, cupcakeKitchen } from '#tests/support/buy-now.ts'
import { BOOK_NOW, moveTo, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { LEDGER_CSV_COLUMNS, MONTH_CSV_COLUMNS, answerYearEndPack } from './year-end-pack.server.ts'
import { readYearReport } from './year-report.server.ts'
import { salesInYear } from './year-sales.server.ts'

const noCards = {
  STRIPE_SECRET_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_URL: '',
  SITE_URL: 'https://butterandbloom.example',
}

async function paid(db: Db, requestId: number, amountCents: number, receivedOn: string) {
  const recorded = await recordPayment(db, {
    requestId,
    payment: { amountCents, receivedOn, method: 'e-Transfer' },
    now: BOOK_NOW,
  })
  if (!recorded.ok) throw new Error(recorded.error)
}

/**
 * Marks a request's payment as a card payment through Stripe, with the fee
 * Stripe kept (card-fees.server.test.ts reads it from Stripe), or none said yet.
 */
async function byCard(db: Db, requestId: number, feeCents: number | null) {
  await db
    .updateTable('payment')
    .set({ payment_intent_id: `pi_test_${requestId}`, method: 'Card', fee_cents: feeCents })
    .where('request_id', '=', requestId)
    .execute()
}

/** Saturday's bake: two loaves and a box of buns, ordered to pay at pickup on December 5. */
async function dropOrder(db: Db): Promise<number> {
  const opens = Date.parse('2026-12-02T17:00:00Z')
  await createDrop(
    db,
    {
      slug: 'saturday-bake',
      name: 'Saturday bake',
      pickupDate: '2026-12-05',
      opensAt: new Date(opens),
      closesAt: new Date(opens + 86_400_000),
      holdMinutes: 10,
      payAtPickup: true,
      items: [
        { name: 'Sourdough loaf', priceCents: 900, stock: 2 },
        { name: 'Cinnamon buns (6)', priceCents: 1_800, stock: 5 },
      ],
      windows: [{ start: '10:00', end: '11:00', capacity: null }],
    },
    new Date(opens - 86_400_000),
  )
  const [loaf, buns] = (
    await db.selectFrom('drop_item').select('id').orderBy('position').execute()
  ).map((item) => Number(item.id))
  const held = await reserveDrop(db, {
    slug: 'saturday-bake',
    basket: {
      quantities: new Map([
        [loaf!, 2],
        [buns!, 1],
      ]),
      window: '10:00-11:00',
    },
    customer: { name: 'Jo Baker', email: 'jo@example.com', phone: '416-555-0177' },
    now: new Date(opens + 60_000),
  })
  if (!held.ok) throw new Error(held.problems.join(' '))
  const ordered = await orderHold(db, {
    token: held.token,
    payment: 'pickup',
    now: opens + 120_000,
    env: noCards,
  })
  if (!ordered.ok) throw new Error(ordered.message)
  const { id } = await db
    .selectFrom('order_request')
    .select('id')
    .where('email', '=', 'jo@example.com')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/**
 * A year of her book: two dozen cupcakes bought now ($82.50, costed by her
 * recipes at $3.40), a custom order of Cupcakes paid in two parts with a
 * refund, a drop's basket, and (when asked) a deposit paid last December.
 */
async function aYearOfOrders({ lastYear }: { lastYear: boolean }) {
  const { db, id } = await cupcakeKitchen()
  await setWeekdayCapacity(db, [0, 6, 6, 6, 6, 6, 6])
  const boughtNow = await buyTwoDozen(db, id)
  await paid(db, boughtNow, 8_250, '2026-12-01')
  // Stripe kept 2.9% and 30¢ of it.
  await byCard(db, boughtNow, 269)
  const custom = await sendRequest(db, { product_type: 'Cupcakes', name: 'Priya Sharma' })
  await quoteFor(db, custom)
  await moveTo(db, custom, 'confirmed')
  await paid(db, custom, 3_000, '2026-11-24')
  await paid(db, custom, 6_000, '2026-12-05')
  await db.transaction().execute((trx) =>
    recordRefundIn(trx, {
      requestId: custom,
      amountCents: 1_500,
      refundedOn: '2026-12-06',
      method: 'e-Transfer',
      reason: 'A smaller box',
      now: BOOK_NOW,
    }),
  )
  const drop = await dropOrder(db)
  await paid(db, drop, 3_600, '2026-12-05')
  // Paid by card a moment ago: Stripe has not said its fee yet.
  await byCard(db, drop, null)
  if (lastYear) {
    const early = await sendRequest(db, {
      product_type: 'Cake Pops',
      email: 'sam@example.com',
      due_date: '2026-12-19',
    })
    await quoteFor(db, early)
    await paid(db, early, 2_000, '2025-12-30')
  }
  const [treat] = await listProducts(db)
  return { db, treat: treat!.name }
}

test('her year’s numbers: month by month, by channel and by treat, with what making them cost her', async () => {
  const { db, treat } = await aYearOfOrders({ lastYear: true })
  const report = await readYearReport(db, { year: 2026, thisYear: 2026 })

  expect(report.months).toHaveLength(12)
  expect(report.months[0]).toEqual({
    month: '2026-01',
    salesCents: 0,
    refundsCents: 0,
    netCents: 0,
    materialsCents: 0,
    cardFeesCents: 0,
    taxCents: 0,
    marginCents: 0,
  })
  expect(report.months[10]).toEqual({
    month: '2026-11',
    salesCents: 3_000,
    refundsCents: 0,
    netCents: 3_000,
    materialsCents: 0,
    cardFeesCents: 0,
    taxCents: 0,
    marginCents: 3_000,
  })
  // December: the three orders' money in, the refund out; only the cupcakes bought now are costed.
  expect(report.months[11]).toEqual({
    month: '2026-12',
    salesCents: 17_850,
    refundsCents: 1_500,
    netCents: 16_350,
    materialsCents: 340,
    cardFeesCents: 269,
    taxCents: 0,
    marginCents: 16_350 - 340 - 269,
  })
  expect(report.total).toEqual({
    salesCents: 20_850,
    refundsCents: 1_500,
    netCents: 19_350,
    materialsCents: 340,
    cardFeesCents: 269,
    taxCents: 0,
    marginCents: 19_350 - 340 - 269,
  })
  // The drop's card payment is still to hear of its fee.
  expect(report.feesToCome).toBe(1)
  expect(report.channels).toEqual([
    { label: 'Custom orders', orders: 1, salesCents: 9_000, refundsCents: 1_500, netCents: 7_500 },
    { label: 'Drops', orders: 1, salesCents: 3_600, refundsCents: 0, netCents: 3_600 },
    { label: 'Buy now', orders: 1, salesCents: 8_250, refundsCents: 0, netCents: 8_250 },
  ])
  expect(report.products.map(({ label, netCents }) => [label, netCents])).toEqual([
    [treat, 8_250],
    ['Cupcakes', 7_500],
    ['Saturday bake', 3_600],
  ])
  // The custom Cupcakes and the drop's basket have no recipes: their costs are missing, and said so.
  expect(report.uncostedOrders).toBe(2)
  expect(report.years).toEqual([2025, 2026])
  // Settings' sales cap counts the same year the same way.
  expect(await salesInYear(db, 2026)).toBe(report.total.netCents)

  // Last December's deposit is last year's alone.
  const before = await readYearReport(db, { year: 2025, thisYear: 2026 })
  expect(before.total).toMatchObject({ salesCents: 2_000, netCents: 2_000, materialsCents: 0 })
  expect(before.months[11]!.salesCents).toBe(2_000)
})

test('the year-end pack’s totals equal the sum of her receipts', async () => {
  const { db } = await aYearOfOrders({ lastYear: false })
  const response = await answerYearEndPack(db, {
    year: 2026,
    thisYear: 2026,
    bakeryName: 'Butter & Bloom',
  })
  expect(response.headers.get('content-type')).toBe('application/zip')
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="year-end-2026.zip"',
  )
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  expect(Object.keys(files).sort()).toEqual([
    '2026-months.csv',
    '2026-payments-and-refunds.csv',
    '2026-summary.pdf',
  ])
  expect(new TextDecoder().decode(files['2026-summary.pdf']!.slice(0, 5))).toBe('%PDF-')
  const csv = (name: string) => parse(new TextDecoder().decode(files[name])) as string[][]
  const [monthsHead, ...months] = csv('2026-months.csv')
  expect(monthsHead).toEqual([...MONTH_CSV_COLUMNS])
  expect(months.at(-1)).toEqual([
    'Total 2026',
    '208.50',
    '15.00',
    '193.50',
    '3.40',
    '2.69',
    '0.00',
    '187.41',
  ])
  const [ledgerHead, ...ledger] = csv('2026-payments-and-refunds.csv')
  expect(ledgerHead).toEqual([...LEDGER_CSV_COLUMNS])
  expect(ledger.find((line) => line[1] === 'Refund')).toMatchObject({
    0: '2026-12-06',
    8: '-15.00',
    9: '0.00',
  })
  // Each card payment with what Stripe kept, or nothing while Stripe has not said.
  expect(ledger.filter((line) => line[7] === 'Card').map((line) => [line[8], line[9]])).toEqual([
    ['82.50', '2.69'],
    ['36.00', ''],
  ])

  // Every receipt's "paid", read as a person reads it, adds up to the pack's net and its ledger.
  const tokens = await db.selectFrom('order_request').select('customer_token').execute()
  let receiptsCents = 0
  for (const { customer_token } of tokens) {
    for (const receipt of (await readReceipts(db, { token: customer_token!, now: BOOK_NOW })) ??
      []) {
      const reading = readMoney(receipt.paid)
      if (!reading.ok) throw new Error(`Receipt ${receipt.number} says ${receipt.paid}`)
      receiptsCents += reading.cents
    }
  }
  expect(receiptsCents).toBe(19_350)
  expect(Math.round(Number(months.at(-1)![3]) * 100)).toBe(receiptsCents)
  expect(ledger.reduce((sum, line) => sum + Math.round(Number(line[8]) * 100), 0)).toBe(
    receiptsCents,
  )
})
