/**
 * A party's money, kept on its lead: the same deposit and balance on every
 * view, one deposit confirming every member, a refund that comes off the
 * party's money or lowers its price, one receipt, and the CSV showing the
 * money once.
 */
import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { amountsOwed, totalOf } from '#app/features/order-status/money-owed.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import { parseOrderFilters } from '#app/features/owner-desk/order-list.ts'
import { answerOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { readReceipts } from '#app/features/receipts/receipt.server.ts'
import {
  DAY,
  HOUR,
  NOW,
  answer,
  bookedPartyOfThree,
  customerEmails,
  openParty,
  ownerPost,
  quoteCakeAndCupcakes,
  statuses,
} from '#tests/support/party-quote.ts'
import { moneyOf } from './money.server.ts'

test('every view owes the same deposit and balance: the owner’s card and list, the CSV, her page, the quote email and the receipt', async () => {
  const { db, cake, cupcakes, token } = await openParty()
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  await answer(db, token, 'intent=accept&request=1&quote=1')
  // $120 + $45 with a $50 deposit: a $50 deposit and a $115 balance, everywhere.
  const said = { depositOwed: 5_000, balanceOwed: 11_500, stillOwed: 16_500 }
  expect((await readOrderDetail(db, cupcakes))!.money).toMatchObject(said)
  const list = await listOrderBook(
    db,
    parseOrderFilters(new URLSearchParams()).filters,
    '2026-11-23',
  )
  expect(list.rows.find((row) => row.id === cake)!.money).toMatchObject(said)
  const csv = parse(await (await answerOrdersCsv({ db, now: new Date(NOW) })).text()) as string[][]
  const [header, ...records] = csv
  const lead = records.find((cells) => cells[0] === String(cake))!
  const column = (name: string) => lead[header!.indexOf(name)]
  expect([column('deposit owed'), column('balance owed')]).toEqual(['50.00', '115.00'])
  const book = await readCustomerBook(db, token, NOW + HOUR)
  expect(book[1]!.quote).toMatchObject({ deposit: '$50', balance: '$115' })
  expect(book[1]!.owed).toEqual({ deposit: '$50', depositLabel: 'Deposit', balance: '$115' })
  const quoteEmail = (await customerEmails(db)).find((email) => email.subject.includes('quote'))!
  expect(quoteEmail.text).toContain('Deposit: $50')
  expect(quoteEmail.text).toContain('Balance: $115')

  // The deposit in: nothing of it owed, the same $115 balance on every side.
  await ownerPost(db, cupcakes, {
    intent: 'payment',
    amount: '50',
    received_on: '2026-11-24',
    method: 'e-Transfer',
  })
  expect((await readOrderDetail(db, cake))!.money).toMatchObject({
    depositOwed: 0,
    balanceOwed: 11_500,
    stillOwed: 11_500,
  })
  expect((await readCustomerBook(db, token, NOW + DAY))[1]!.owed).toEqual({
    deposit: null,
    depositLabel: 'Deposit',
    balance: '$115',
  })
  const [receipt] = (await readReceipts(db, { token, now: NOW + DAY }))!
  expect(receipt).toMatchObject({ balance: { amount: '$115' }, stillOwed: '$115', paid: '$50' })
})

test('one acceptance answers for the party, one deposit confirms both, and a refund is the party’s', async () => {
  const { db, cake, cupcakes, token } = await openParty()
  await quoteCakeAndCupcakes(db, { cake, cupcakes })

  // The customer's page shows one quote, on the lead (the cake, first in her send).
  const book = await readCustomerBook(db, token, NOW + HOUR)
  expect(book[1]!.quote?.lines).toEqual([
    ['Cakes', '$120'],
    ['Cupcakes', '$45'],
  ])
  expect(book[1]!.quote?.total).toBe('$165')
  expect(book[2]!.quote).toBeNull()
  expect(book[2]!.partyWith).toEqual({ position: 1, productType: 'Cakes', accepted: false })

  // She accepts on the cupcakes' number: the party is accepted, once.
  expect(await answer(db, token, 'intent=accept&request=2&quote=1')).toMatchObject({
    status: 200,
    body: { ok: true, outcome: 'accepted' },
  })
  expect(await answer(db, token, 'intent=accept&request=1&quote=1')).toMatchObject({
    status: 409,
  })
  const accepted = await readCustomerBook(db, token, NOW + HOUR)
  expect(accepted[1]!.quote?.accepted).toBe(true)
  const ownerNews = await db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', 'request_update')
    .execute()
  // The quote to her, and one note of her answer to the owner.
  expect(ownerNews).toHaveLength(2)

  // Both read as accepted on the owner's list, the money on the lead's row alone.
  const list = await listOrderBook(
    db,
    parseOrderFilters(new URLSearchParams()).filters,
    '2026-11-23',
  )
  const rowOf = (id: number) => list.rows.find((row) => row.id === id)!
  expect(rowOf(cake).state).toBe('accepted')
  expect(rowOf(cupcakes).state).toBe('accepted')
  expect(rowOf(cake).money?.totalCents).toBe(16_500)
  expect(rowOf(cupcakes).money).toBeNull()
  expect(rowOf(cupcakes).partyLeadId).toBe(cake)

  // The deposit, recorded from the cupcakes' page, confirms both.
  const paid = await ownerPost(db, cupcakes, {
    intent: 'payment',
    amount: '50',
    received_on: '2026-11-24',
    method: 'e-Transfer',
  })
  expect(paid).toMatchObject({ status: 200, body: { ok: true } })
  expect(await statuses(db, [cake, cupcakes])).toEqual(['confirmed', 'confirmed'])
  const owed = amountsOwed(await moneyOf(db, cupcakes))
  expect(owed).toEqual({ depositOwed: 0, balanceOwed: 11_500, stillOwed: 11_500 })
  const confirmations = (await customerEmails(db)).filter((email) =>
    email.subject.startsWith('Your Cakes and Cupcakes order is booked'),
  )
  expect(confirmations).toHaveLength(1)
  // Recorded once, on the lead.
  const payments = await db.selectFrom('payment').select('request_id').execute()
  expect(payments.map((payment) => Number(payment.request_id))).toEqual([cake])

  // A refund from the cake's page comes off the party's money.
  const refunded = await ownerPost(db, cake, {
    intent: 'refund',
    refund_amount: '20',
    refunded_on: '2026-11-25',
    refund_method: 'e-Transfer',
    refund_reason: 'Fewer cupcakes.',
  })
  expect(refunded).toMatchObject({ status: 200, body: { ok: true } })
  // The one money rule: what is paid after refunds, 0, against the deposit and the total.
  expect(amountsOwed(await moneyOf(db, cupcakes))).toEqual({
    depositOwed: 2_000,
    balanceOwed: 11_500,
    stillOwed: 13_500,
  })
  // More than was paid is refused with a sentence.
  expect(
    await ownerPost(db, cupcakes, {
      intent: 'refund',
      refund_amount: '40',
      refunded_on: '2026-11-25',
      refund_method: 'e-Transfer',
    }),
  ).toMatchObject({ status: 409, body: { ok: false, error: expect.stringContaining('$30') } })

  // One receipt for the party, whichever member's link opens it.
  const receipts = await readReceipts(db, { token, position: 2, now: NOW })
  expect(receipts).toHaveLength(1)
  expect(receipts![0]!.lines.map((line) => [line.description, line.amount])).toEqual([
    ['Cakes', '$120'],
    ['Cupcakes', '$45'],
  ])
  expect(receipts![0]!.paid).toBe('$30')
  const all = await readReceipts(db, { token, now: NOW })
  expect(all!.map((receipt) => receipt.number)).toEqual([receipts![0]!.number])
})

test("a refund that lowers a party's price comes off the lead's quote, a line of its own", async () => {
  const { db, cake, cupcakes, token } = await openParty()
  expect((await quoteCakeAndCupcakes(db, { cake, cupcakes })).status).toBe(200)
  await answer(db, token, 'intent=accept&request=1&quote=1')
  await ownerPost(db, cake, {
    intent: 'payment',
    amount: '165',
    received_on: '2026-11-24',
    method: 'e-Transfer',
  })
  // From the cupcakes' page: a dozen fewer, $20 back, at a lower price.
  const refunded = await ownerPost(db, cupcakes, {
    intent: 'refund',
    refund_amount: '20',
    refunded_on: '2026-11-25',
    refund_method: 'e-Transfer',
    refund_reason: 'A dozen fewer cupcakes.',
    refund_lowers_price: 'yes',
  })
  expect(refunded).toMatchObject({ status: 200, body: { ok: true } })

  const money = await moneyOf(db, cupcakes)
  expect(totalOf(money)).toBe(14_500)
  expect(amountsOwed(money)).toEqual({ depositOwed: 0, balanceOwed: 0, stillOwed: 0 })
  expect(money.lines).toEqual([
    { label: 'Cakes', cents: 12_000 },
    { label: 'Cupcakes', cents: 4_500 },
    { label: 'Lowered with a refund', cents: -2_000 },
  ])
  // On the lead's quote, which holds the party's money; the member's stays $0.
  const quotes = await db
    .selectFrom('request_quote')
    .select(['request_id', 'price_cents'])
    .orderBy('request_id')
    .execute()
  expect(quotes.map((quote) => [Number(quote.request_id), Number(quote.price_cents)])).toEqual([
    [cake, 14_500],
    [cupcakes, 0],
  ])
  const book = await readCustomerBook(db, token, NOW + DAY)
  expect(book[1]!.schedule?.charges).toEqual([
    ['Cakes', '$120'],
    ['Cupcakes', '$45'],
    ['Lowered with a refund', '−$20'],
    ['Total', '$145'],
  ])
  expect(book[1]!.ledger?.entries.at(-1)).toMatchObject({ lowered: 'Price lowered to $145' })
  const [receipt] = (await readReceipts(db, { token, now: NOW + DAY }))!
  expect(receipt!.lines.map((line) => [line.description, line.amount])).toEqual([
    ['Cakes', '$120'],
    ['Cupcakes', '$45'],
    ['Lowered with a refund', '−$20'],
  ])
  expect(receipt!.refunds[0]!.method).toBe('e-Transfer · price lowered to $145')
  const notes = (await readOrderDetail(db, cake))!.timeline.map((entry) => entry.note)
  expect(notes).toContainEqual(
    expect.stringMatching(/^Price lowered to \$145 with a \$20 refund\. Refund recorded/),
  )
})

test('the CSV marks each party row with its reference and shows its money once, on the lead', async () => {
  const { db, cake, cupcakes, cookies, samCake } = await bookedPartyOfThree()
  const response = await answerOrdersCsv({ db, now: new Date(NOW + DAY) })
  const [header, ...records] = parse(await response.text()) as string[][]
  const rowOf = (id: number) => {
    const record = records.find((cells) => cells[0] === String(id))!
    return Object.fromEntries(header!.map((name, index) => [name, record[index]]))
  }
  const reference = (
    await db
      .selectFrom('order_request')
      .select('payment_reference')
      .where('id', '=', cake)
      .executeTakeFirstOrThrow()
  ).payment_reference!
  expect(reference).toMatch(/^BB-/)
  expect(rowOf(cake)).toMatchObject({
    party: reference,
    total: '195.00',
    paid: '50.00',
    'balance owed': '145.00',
  })
  for (const member of [cupcakes, cookies]) {
    expect(rowOf(member)).toMatchObject({
      party: reference,
      price: `in party ${reference}`,
      total: `in party ${reference}`,
      paid: `in party ${reference}`,
      'balance owed': `in party ${reference}`,
    })
  }
  // A request quoted on its own has no party.
  expect(rowOf(samCake).party).toBe('')
})
