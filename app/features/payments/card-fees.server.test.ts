import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import { expect, test, vi } from 'vitest'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { answerYearEndPack } from '#app/features/reports/year-end-pack.server.ts'
import { readYearReport } from '#app/features/reports/year-report.server.ts'
import { WEBHOOK_NOW, openCardBook, paidByCard } from '#tests/support/card-book.ts'
import { buyGiftCard } from '#tests/support/gift-cards.ts'
import { recordCardFees } from './card-fees.server.ts'

const MINUTE = 60_000

test('what Stripe kept of a card payment is read from its balance transaction once, after Stripe is back if it was away', async () => {
  const book = await openCardBook()
  const { paymentId, intent } = await paidByCard(book)
  // A payment she records by hand has no card fee to ask about.
  await recordPayment(book.db, {
    requestId: book.id,
    payment: { amountCents: 1_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: WEBHOOK_NOW,
  })
  const asked = () =>
    book.fake.received.filter((call) => call.path.startsWith('/v1/payment_intents/'))
  const feeOf = async () =>
    (
      await book.db
        .selectFrom('payment')
        .select('fee_cents')
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow()
    ).fee_cents

  // Stripe away: nothing is written, and the payment waits its turn to be asked again.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  book.fake.failWith = 500
  expect(await recordCardFees(book.db, { env: book.env, now: WEBHOOK_NOW })).toBe(0)
  book.fake.failWith = undefined
  const tries = asked().length
  expect(tries).toBeGreaterThan(0)
  expect(await recordCardFees(book.db, { env: book.env, now: WEBHOOK_NOW + MINUTE })).toBe(0)
  expect(asked()).toHaveLength(tries)

  expect(await recordCardFees(book.db, { env: book.env, now: WEBHOOK_NOW + 11 * MINUTE })).toBe(1)
  const charge = book.fake.charges.get(intent)!
  // 2.9% of $50 and 30¢, as the fake's Canadian card is charged.
  expect(charge.fee).toBe(175)
  expect(await feeOf()).toBe(charge.fee)
  const [request] = asked().slice(tries)
  expect(request).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intent}` })
  expect([...request!.query]).toEqual([['expand[0]', 'latest_charge.balance_transaction']])

  // Known, it is never asked again.
  expect(await recordCardFees(book.db, { env: book.env, now: WEBHOOK_NOW + 30 * MINUTE })).toBe(0)
  expect(asked()).toHaveLength(tries + 1)
  // Without cards, nothing is asked.
  expect(await recordCardFees(book.db, { env: { ...book.env, STRIPE_SECRET_KEY: '' } })).toBe(0)
})

test('what Stripe kept of a gift card sold is her card fee of the day it was bought, though the card is no sale until spent', async () => {
  const book = await openCardBook()
  const { session, code } = await buyGiftCard(book, { amount: '7500' })
  const report = () => readYearReport(book.db, { year: 2026, thisYear: 2026 })

  // Until Stripe has said, the fee is to come, and no sale is counted.
  expect((await report()).feesToCome).toBe(1)
  expect(await recordCardFees(book.db, { env: book.env, now: WEBHOOK_NOW })).toBe(1)
  const fee = book.fake.charges.get(session.payment_intent!)!.fee
  // 2.9% of $75 and 30¢.
  expect(fee).toBe(248)
  expect(await recordCardFees(book.db, { env: book.env, now: WEBHOOK_NOW + 30 * MINUTE })).toBe(0)

  const year = await report()
  expect(year.feesToCome).toBe(0)
  expect(year.giftCardsSold).toEqual({ count: 1, cents: 7_500 })
  expect(year.months[10]).toMatchObject({ salesCents: 0, cardFeesCents: fee, marginCents: -fee })
  expect(year.total).toMatchObject({ salesCents: 0, cardFeesCents: fee })
  // A year with no order but a card sold is one of her year links.
  expect((await readYearReport(book.db, { year: 2027, thisYear: 2027 })).years).toEqual([
    2026, 2027,
  ])

  // Her accountant's ledger lists the sale by its day, with its fee and no amount.
  const response = await answerYearEndPack(book.db, {
    year: 2026,
    thisYear: 2026,
    bakeryName: 'Butter & Bloom',
  })
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  const [, ...ledger] = parse(new TextDecoder().decode(files['2026-payments-and-refunds.csv']!))
  expect(ledger).toEqual([
    [
      '2026-11-23',
      'Gift card sold',
      '',
      `····${code.slice(-4)}`,
      'Ana Giver',
      'Gift card of $75, a sale as it is spent',
      'Gift card',
      'Card',
      '',
      '2.48',
      '0.00',
    ],
  ])
  const [, ...months] = parse(new TextDecoder().decode(files['2026-months.csv']!))
  expect(months.at(-1)).toEqual([
    'Total 2026',
    '0.00',
    '0.00',
    '0.00',
    '0.00',
    '2.48',
    '0.00',
    '-2.48',
  ])
})
