import { parse } from 'csv-parse/sync'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import {
  expireQuotesAndTell,
  readCustomerBook,
  receiveQuoteAnswer,
} from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { amountsOwed, totalOf } from '#app/features/order-status/money-owed.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import { parseOrderFilters } from '#app/features/owner-desk/order-list.ts'
import { answerOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { readReceipts } from '#app/features/receipts/receipt.server.ts'
import { composeReminder } from '#app/features/scheduled-work/reminder-email.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { openTestConnection, openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { moneyOf } from './money.server.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const SITE = 'https://butterandbloom.example'

/**
 * Priya sends a cake (Saturday, December 12), cupcakes (Sunday, December 13)
 * and cookies together; Sam sends a cake of his own. Their ids and tokens.
 */
async function openParty() {
  const { db, location } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const priyaSent = await submitOrderRequests(
    db,
    [
      birthdayCakeOrder,
      { ...birthdayCakeOrder, product_type: 'Cupcakes', due_date: '2026-12-13' },
      { ...birthdayCakeOrder, product_type: 'Cookies', due_date: '2026-12-13' },
    ],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  const samSent = await submitOrderRequests(
    db,
    [{ ...birthdayCakeOrder, name: 'Sam Ortiz', email: 'sam@example.com' }],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  if (!priyaSent.ok || !samSent.ok) throw new Error('The requests could not be booked.')
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token', 'email', 'position'])
    .orderBy('id')
    .execute()
  const [cake, cupcakes, cookies, samCake] = rows.map((row) => Number(row.id))
  return {
    db,
    location,
    cake: cake!,
    cupcakes: cupcakes!,
    cookies: cookies!,
    samCake: samCake!,
    token: rows[0]!.customer_token!,
  }
}

async function versionOf(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return String(row.version)
}

/** A post from the owner's order page of request `id`, her question answered yes. */
async function ownerPost(db: Db, id: number, form: Record<string, string>, now = NOW) {
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ confirm: 'yes', version: await versionOf(db, id), ...form }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now,
  })
}

const QUOTE = {
  intent: 'quote',
  deposit_kind: 'amount',
  deposit: '50',
  deposit_due: '2026-12-01',
  payment_instructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: 'One table of treats for the party.',
  expires_in_days: '3',
}

/** The cake at $120 and the cupcakes at $45, quoted together from the cupcakes' page. */
async function quoteCakeAndCupcakes(
  db: Db,
  { cake, cupcakes }: { cake: number; cupcakes: number },
) {
  return ownerPost(db, cupcakes, {
    ...QUOTE,
    price: '45',
    [`with_${cake}`]: 'yes',
    [`line_${cake}`]: '120',
  })
}

async function statuses(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute()
  return rows.map((row) => row.status)
}

async function customerEmails(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'topic'])
    .where('topic', 'in', ['request_update', 'payment_notice'])
    .orderBy('id')
    .execute()
  return rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => email.to !== undefined)
}

let ip = 0
function answer(db: Db, token: string, body: string, now = NOW + HOUR) {
  return receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
    token,
    clientIp: `198.51.100.${++ip}`,
    db,
    now,
    siteUrl: SITE,
  })
}

test('two requests of one send are quoted as one: one email lists both lines and one total', async () => {
  const { db, cake, cupcakes, cookies } = await openParty()
  const sent = await quoteCakeAndCupcakes(db, { cake, cupcakes })
  expect(sent).toMatchObject({ status: 200, body: { ok: true } })
  expect(await statuses(db, [cake, cupcakes, cookies])).toEqual(['quoted', 'quoted', 'new'])

  const emails = await customerEmails(db)
  expect(emails).toHaveLength(1)
  const [email] = emails
  expect(email!.subject).toContain('Cakes and Cupcakes')
  expect(email!.text).toContain('Cakes: $120')
  expect(email!.text).toContain('Cupcakes: $45')
  expect(email!.text).toContain('Total: $165')
  expect(email!.text).toContain('Deposit: $50, due by')

  // The party's money is the lines' sum, whichever member it is read from.
  for (const id of [cake, cupcakes]) {
    const money = await moneyOf(db, id)
    expect(totalOf(money)).toBe(16_500)
    expect(money.depositCents).toBe(5_000)
    expect(money.lines).toEqual([
      { label: 'Cakes', cents: 12_000 },
      { label: 'Cupcakes', cents: 4_500 },
    ])
  }
  // The owner's page of either member shows the party, and links the other.
  const detail = (await readOrderDetail(db, cupcakes))!
  expect(detail.party?.members.map((member) => [member.productType, member.lineCents])).toEqual([
    ['Cakes', 12_000],
    ['Cupcakes', 4_500],
  ])
  expect(detail.money).toMatchObject({ depositOwed: 5_000, balanceOwed: 11_500, stillOwed: 16_500 })
  // The cookies, not ticked, wait for their own quote, and may still join.
  const cookiesChoice = detail.partyChoices.find((choice) => choice.id === cookies)
  expect(cookiesChoice).toMatchObject({ inParty: false, refused: null })
})

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

test('declining, or letting the quote lapse, closes every member with one email', async () => {
  const declined = await openParty()
  await quoteCakeAndCupcakes(declined.db, declined)
  expect(
    await answer(declined.db, declined.token, 'intent=decline&request=1&quote=1'),
  ).toMatchObject({ status: 200, body: { ok: true, outcome: 'declined' } })
  expect(await statuses(declined.db, [declined.cake, declined.cupcakes])).toEqual([
    'declined',
    'declined',
  ])

  const lapsed = await openParty()
  await quoteCakeAndCupcakes(lapsed.db, lapsed)
  const expired = await expireQuotesAndTell(lapsed.db, { now: NOW + 4 * DAY, siteUrl: SITE })
  expect(expired).toEqual([lapsed.cake])
  expect(await statuses(lapsed.db, [lapsed.cake, lapsed.cupcakes])).toEqual(['expired', 'expired'])
  const told = (await customerEmails(lapsed.db)).filter((email) =>
    email.subject.includes('expired'),
  )
  expect(told).toHaveLength(1)
  // Run again: nothing moves, nothing more is sent.
  expect(await expireQuotesAndTell(lapsed.db, { now: NOW + 5 * DAY, siteUrl: SITE })).toEqual([])

  // The owner's cancel from one member's page calls off the whole party.
  const called = await openParty()
  await quoteCakeAndCupcakes(called.db, called)
  expect(
    await ownerPost(called.db, called.cupcakes, { intent: 'cancel', note: 'Party moved.' }),
  ).toMatchObject({ status: 200, body: { ok: true } })
  expect(await statuses(called.db, [called.cake, called.cupcakes])).toEqual([
    'cancelled',
    'cancelled',
  ])
})

test('two pages accepting the party at once: one answer wins', async () => {
  const { db, location, cake, cupcakes, token } = await openParty()
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  // Two instances on PostgreSQL; SQLite runs one writer at a time.
  const other = testDatabaseKind() === 'pg' ? openTestConnection(location) : db
  const answers = await Promise.all([
    answer(db, token, 'intent=accept&request=1&quote=1'),
    answer(other, token, 'intent=accept&request=2&quote=1'),
    answer(other, token, 'intent=decline&request=2&quote=1'),
  ])
  expect(answers.filter((result) => result.status === 200)).toHaveLength(1)
  expect(answers.filter((result) => result.status === 409)).toHaveLength(2)
  const statusesNow = await statuses(db, [cake, cupcakes])
  expect(new Set(statusesNow).size).toBe(1)
  const ownerNews = await db
    .selectFrom('outbox')
    .select('id')
    .where('topic', '=', 'request_update')
    .execute()
  expect(ownerNews).toHaveLength(2)
  if (other !== db) await other.destroy()
})

test('a request from another send, or one quoted on its own, is refused with a sentence', async () => {
  const { db, cake, cupcakes, cookies, samCake } = await openParty()
  const foreign = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${samCake}`]: 'yes',
    [`line_${samCake}`]: '45',
  })
  expect(foreign).toMatchObject({
    status: 400,
    body: { ok: false, error: expect.stringContaining('sent together') },
  })
  // Quoting separately still works as before.
  expect(await ownerPost(db, cookies, { ...QUOTE, price: '30', deposit: '' })).toMatchObject({
    status: 200,
  })
  expect((await moneyOf(db, cookies)).lines).toBeUndefined()
  const quotedAlone = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${cookies}`]: 'yes',
    [`line_${cookies}`]: '30',
  })
  expect(quotedAlone).toMatchObject({
    status: 409,
    body: {
      error:
        'The Cookies request is already quoted on its own. Quote it separately, or decline it first.',
    },
  })
  // A price it cannot read is the field's error; nothing is written.
  const unread = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${cupcakes}`]: 'yes',
    [`line_${cupcakes}`]: 'lots',
  })
  expect(unread).toMatchObject({
    status: 400,
    body: { fieldErrors: { [`line_${cupcakes}`]: expect.any(String) } },
  })
  // A deposit more than the party's total is refused.
  const tooMuch = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    deposit: '200',
    [`with_${cupcakes}`]: 'yes',
    [`line_${cupcakes}`]: '45',
  })
  expect(tooMuch).toMatchObject({
    status: 400,
    body: { fieldErrors: { deposit: 'The deposit cannot be more than the party’s total.' } },
  })
  expect(await statuses(db, [cake, cupcakes])).toEqual(['new', 'new'])
  // A party re-quoted must keep its members: leaving one out is refused.
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  const leftOut = await ownerPost(db, cake, { ...QUOTE, price: '130' })
  expect(leftOut).toMatchObject({ status: 409 })
  expect(totalOf(await moneyOf(db, cake))).toBe(16_500)
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

/** The cake, cupcakes and cookies quoted together from the cake's page, accepted and the deposit paid. */
async function bookedPartyOfThree() {
  const party = await openParty()
  const { db, cake, cupcakes, cookies, token } = party
  const quoted = await ownerPost(db, cake, {
    ...QUOTE,
    price: '120',
    [`with_${cupcakes}`]: 'yes',
    [`line_${cupcakes}`]: '45',
    [`with_${cookies}`]: 'yes',
    [`line_${cookies}`]: '30',
  })
  expect(quoted.status).toBe(200)
  expect(await answer(db, token, 'intent=accept&request=3&quote=1')).toMatchObject({
    status: 200,
  })
  const paid = await ownerPost(db, cookies, {
    intent: 'payment',
    amount: '50',
    received_on: '2026-11-24',
    method: 'e-Transfer',
  })
  expect(paid.status).toBe(200)
  return party
}

test("the owner's news of a party's answer names every line, its date and price", async () => {
  const { db } = await bookedPartyOfThree()
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .orderBy('id')
    .execute()
  const news = rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => / accepted the quote for /.test(email.subject))
  expect(news).toHaveLength(1)
  expect(news[0]!.subject).toMatch(/accepted the quote for Cakes, Cupcakes and Cookies$/)
  expect(news[0]!.text).toContain('1. Cakes: Saturday, December 12, 2026, $120')
  expect(news[0]!.text).toContain('2. Cupcakes: Sunday, December 13, 2026, $45')
  expect(news[0]!.text).toContain('3. Cookies: Sunday, December 13, 2026, $30')
  expect(news[0]!.text).toContain('Total: $195')
})

test('the day-before reminder names every member of the party on that day, once per party and day', async () => {
  const { db, cake, cupcakes } = await bookedPartyOfThree()
  const reminders = async () =>
    (
      await db
        .selectFrom('outbox')
        .select(['payload', 'dedupe_key', 'subject_id'])
        .where('topic', '=', 'request_reminder')
        .orderBy('id')
        .execute()
    ).map((row) => ({
      key: row.dedupe_key,
      subjectId: Number(row.subject_id),
      email: JSON.parse(row.payload) as OutgoingEmail,
    }))
  // Friday, December 11, 10 a.m. in Toronto: the cake, alone on Saturday.
  await runSchedule(db, { now: new Date('2026-12-11T15:00:00Z'), siteUrl: SITE })
  // Saturday, December 12, 10 a.m., twice (a restart, a second instance): Sunday's two, once.
  await runSchedule(db, { now: new Date('2026-12-12T15:00:00Z'), siteUrl: SITE })
  await runSchedule(db, { now: new Date('2026-12-12T15:05:00Z'), siteUrl: SITE })
  const sent = await reminders()
  expect(sent.map((reminder) => reminder.key)).toEqual([
    `reminder:${cake}:2026-12-12`,
    `reminder:party:${cake}:2026-12-13`,
  ])
  expect(sent[0]!.email.subject).toMatch(/^See you tomorrow — your Cakes from /)
  const sunday = sent[1]!
  expect(sunday.subjectId).toBe(cupcakes)
  expect(sunday.email.subject).toMatch(/^See you tomorrow — your Cupcakes and Cookies from /)
  expect(sunday.email.text).toContain('Cupcakes and Cookies are ready for pickup tomorrow')
  // The party's balance is on its lead's money: $195 less the $50 deposit, on both.
  expect(sent[0]!.email.text).toContain('Still to pay: $145.')
  expect(sunday.email.text).toContain('Still to pay: $145.')
})

test("a party's reminder lists each treat at its own time when their pickup windows differ", async () => {
  const { db, cupcakes, cookies } = await bookedPartyOfThree()
  // Sunday's two treats are picked up at two different times.
  for (const [id, window] of [
    [cupcakes, '10:00-12:00'],
    [cookies, '14:00-16:00'],
  ] as const) {
    await db
      .updateTable('order_request')
      .set({ fulfilment: 'pickup', pickup_window: window })
      .where('id', '=', id)
      .execute()
  }
  // Saturday, December 12, 10 a.m. in Toronto: the reminders for Sunday.
  await runSchedule(db, { now: new Date('2026-12-12T15:00:00Z'), siteUrl: SITE })
  const [reminder] = (
    await db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', 'request_reminder')
      .where('dedupe_key', 'like', 'reminder:party:%')
      .execute()
  ).map((row) => JSON.parse(row.payload) as OutgoingEmail)
  expect(reminder).toBeDefined()
  expect(reminder!.text).toContain(
    'your Cupcakes and Cookies are ready for pickup tomorrow, Sunday, December 13, 2026, each at its own time:',
  )
  expect(reminder!.text).toContain('• Cupcakes: Pickup, 10:00\u00a0a.m.–12:00\u00a0p.m.')
  expect(reminder!.text).toContain('• Cookies: Pickup, 2:00\u00a0p.m.–4:00\u00a0p.m.')
  // The first member's time no longer stands for both.
  expect(reminder!.text).not.toMatch(
    /tomorrow, Sunday, December 13, 2026, 10:00\u00a0a.m.–12:00\u00a0p.m.\./,
  )
  expect(reminder!.html).toMatch(/Cupcakes<\/th><td[^>]*>Pickup, 10:00\u00a0a.m.–12:00\u00a0p.m./)
  expect(reminder!.html).toMatch(/Cookies<\/th><td[^>]*>Pickup, 2:00\u00a0p.m.–4:00\u00a0p.m./)
})

test("a party's treats at one time share one line, in the plural", async () => {
  const { db, cupcakes, cookies } = await bookedPartyOfThree()
  await db
    .updateTable('order_request')
    .set({ fulfilment: 'pickup', pickup_window: '10:00-12:00' })
    .where('id', 'in', [cupcakes, cookies])
    .execute()
  await runSchedule(db, { now: new Date('2026-12-12T15:00:00Z'), siteUrl: SITE })
  const [reminder] = (
    await db
      .selectFrom('outbox')
      .select('payload')
      .where('dedupe_key', 'like', 'reminder:party:%')
      .execute()
  ).map((row) => JSON.parse(row.payload) as OutgoingEmail)
  expect(reminder!.text).toContain(
    'your Cupcakes and Cookies are ready for pickup tomorrow, Sunday, December 13, 2026, 10:00\u00a0a.m.–12:00\u00a0p.m.\n',
  )
  expect(reminder!.text).not.toContain('each at its own time')
  expect(reminder!.html).toContain('Treats</th>')
})

test("a party's reminder says where each treat goes when one is picked up and one delivered", () => {
  const reminder = composeReminder({
    name: 'Priya Sharma',
    email: 'priya@example.com',
    product_type: 'Cupcakes and Cookies',
    due_date: '2026-12-13',
    fulfilment: 'pickup',
    treats: [
      {
        productType: 'Cupcakes',
        fulfilment: 'pickup',
        window: '10:00-12:00',
        place: '12 Rosewood Avenue',
      },
      {
        productType: 'Cookies',
        fulfilment: 'delivery',
        window: '14:00-16:00',
        place: '88 Lilac Lane, Oakville',
      },
    ],
    stillOwed: 0,
    statusUrl: undefined,
  })
  expect(reminder.text).toContain(
    'your Cupcakes and Cookies are due tomorrow, Sunday, December 13, 2026, each at its own time:',
  )
  expect(reminder.text).toContain(
    '• Cupcakes: Pickup, 10:00\u00a0a.m.–12:00\u00a0p.m., at 12 Rosewood Avenue',
  )
  expect(reminder.text).toContain(
    '• Cookies: Delivery, 2:00\u00a0p.m.–4:00\u00a0p.m., to 88 Lilac Lane, Oakville',
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

test("the owner's change on a member and the customer's answer, forced to meet, go in turn: one outcome", async () => {
  const { db, location, cake, cupcakes, token } = await openParty()
  await quoteCakeAndCupcakes(db, { cake, cupcakes })
  const pg = testDatabaseKind() === 'pg'
  const owner = pg ? openTestConnection(location) : db
  const customer = pg ? openTestConnection(location) : db
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  // On PostgreSQL a third instance holds the lead's row, so both changes start, queue up
  // behind it and are let go together: the owner's must not hold the member meanwhile,
  // or the answer (lead, then members) and the cancel (member, then lead) would deadlock.
  const holding = pg
    ? db.transaction().execute(async (trx) => {
        await trx
          .updateTable('order_request')
          .set((eb) => ({ version: eb.ref('version') }))
          .where('id', '=', cake)
          .execute()
        await released
      })
    : Promise.resolve()
  const ownerVersion = await versionOf(db, cupcakes)
  const changes = Promise.all([
    receiveOrderAction({
      request: new Request(`http://localhost/admin/orders/${cupcakes}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'cancel',
          note: '',
          confirm: 'yes',
          version: ownerVersion,
        }),
      }),
      db: owner,
      requestId: cupcakes,
      siteUrl: SITE,
      now: NOW + HOUR,
    }),
    answer(customer, token, 'intent=accept&request=1&quote=1'),
  ])
  if (pg) {
    // Until both wait on the lead's lock (bounded: each look is a query, not a timer).
    for (let look = 0; look < 2_000; look++) {
      const { rows } = await sql<{ waiting: number | string }>`
        select count(*) as waiting from pg_locks where not granted`.execute(db)
      if (Number(rows[0]!.waiting) >= 2) break
    }
    release()
  }
  const [cancelled, accepted] = await changes
  await holding
  // Both settle (no deadlock, no 500): each went through or was refused with a sentence.
  for (const result of [cancelled, accepted]) expect([200, 409]).toContain(result.status)
  const after = await statuses(db, [cake, cupcakes])
  // One outcome for the whole party.
  expect(new Set(after).size).toBe(1)
  if (cancelled.status === 200) expect(after[0]).toBe('cancelled')
  else expect(accepted.status).toBe(200)
  if (owner !== db) await owner.destroy()
  if (customer !== db) await customer.destroy()
})
