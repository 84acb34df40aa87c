import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readCustomerBook } from '#app/features/customer-page/customer-quotes.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import type { OrderFilters } from '#app/features/owner-desk/order-list.ts'
import { readTodayPage } from '#app/features/owner-desk/today.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { versionOf } from '#tests/support/order-book.ts'
import { answerQuote } from './quote-answers.server.ts'

const DAY = 24 * 60 * 60_000
const ALL: OrderFilters = { status: null, from: null, to: null, q: '', sort: 'newest', page: 1 }
const SITE = 'https://butterandbloom.example'

const address = {
  fulfilment: 'delivery',
  delivery_street: '12 Maple Street',
  delivery_city: 'Toronto',
  delivery_postal_code: 'M4C 1A1',
} as const

async function openBook() {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const delivery = await sendRequest(db, address)
  const pickup = await sendRequest(db, {
    name: 'Sam Lee',
    email: 'sam@example.com',
    fulfilment: 'pickup',
  })
  return { db, delivery, pickup }
}

async function tokenOf(db: Db, id: number) {
  const row = await db
    .selectFrom('order_request')
    .select('customer_token')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.customer_token!
}

/** A post from the owner's page as it stands, its question already answered yes. */
async function post(db: Db, id: number, form: Record<string, string>, now = BOOK_NOW) {
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

const quoteForm = {
  intent: 'quote',
  price: '120',
  deposit_kind: 'amount',
  deposit: '60',
  deposit_due: '2026-12-01',
  balance_due: '2026-12-05',
  payment_instructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: '',
  expires_in_days: '3',
}

/** The customer's emails about a request, oldest first. */
async function customerEmails(db: Db, id: number): Promise<OutgoingEmail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute()
  return rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => email.to !== undefined)
}

async function storedQuotes(db: Db) {
  return db.selectFrom('request_quote').select(['request_id', 'delivery_fee_cents']).execute()
}

test('a delivery’s fee, written as people write it, is stored, owed and emailed as its own line with the total', async () => {
  const { db, delivery } = await openBook()
  const answer = await post(db, delivery, {
    ...quoteForm,
    delivery_fee: '$12.50',
    deposit_kind: 'percent',
    deposit: '50',
  })
  expect(answer.status).toBe(200)
  const detail = (await readOrderDetail(db, delivery))!
  expect(detail.quote).toMatchObject({ priceCents: 12_000, deliveryFeeCents: 1_250 })
  // Half of what she owes in all: the price and the fee.
  expect(detail.money).toMatchObject({
    depositCents: 6_625,
    depositOwed: 6_625,
    balanceOwed: 6_625,
    stillOwed: 13_250,
  })

  const [email, ...more] = await customerEmails(db, delivery)
  expect(more).toEqual([])
  for (const line of [
    'Price: $120',
    'Delivery fee: $12.50',
    'Total: $132.50',
    'Deposit: $66.25, due by Tuesday, December 1, 2026',
    'Balance: $66.25, due by Saturday, December 5, 2026',
  ]) {
    expect(email!.text).toContain(line)
  }

  const book = await readCustomerBook(db, await tokenOf(db, delivery), BOOK_NOW)
  const entry = Object.values(book)[0]!
  expect(entry.quote).toMatchObject({
    price: '$120',
    afterPrice: [['Delivery fee', '$12.50']],
    total: '$132.50',
  })
  expect(entry.schedule?.charges).toEqual([
    ['Price', '$120'],
    ['Delivery fee', '$12.50'],
    ['Total', '$132.50'],
  ])
  expect(entry.schedule?.lines.map((line) => [line.label, line.amount])).toEqual([
    ['Deposit', '$66.25'],
    ['Balance', '$66.25'],
  ])

  const list = await listOrderBook(db, ALL, '2026-11-23')
  expect(list.rows.find((row) => row.id === delivery)?.money).toMatchObject({
    totalCents: 13_250,
    balanceOwed: 6_625,
    stillOwed: 13_250,
  })
})

test('a pickup is refused a delivery fee with a sentence beside the field, and nothing is written', async () => {
  const { db, pickup } = await openBook()
  const answer = await post(db, pickup, { ...quoteForm, delivery_fee: '10' })
  expect(answer).toMatchObject({
    status: 400,
    body: {
      ok: false,
      fieldErrors: {
        delivery_fee:
          'This order is picked up, so it takes no delivery fee. Leave the delivery fee empty.',
      },
    },
  })
  expect(await storedQuotes(db)).toEqual([])
  expect(await customerEmails(db, pickup)).toEqual([])
  // Empty (or $0) is no fee at all, and the pickup is quoted.
  expect((await post(db, pickup, { ...quoteForm, delivery_fee: '' })).status).toBe(200)
  expect(await storedQuotes(db)).toEqual([{ request_id: pickup, delivery_fee_cents: 0 }])
  const [email] = await customerEmails(db, pickup)
  expect(email!.text).toContain('Price: $120')
  expect(email!.text).not.toContain('Delivery fee')
})

test('a fee that is not money, too large, or that a deposit outgrows is refused with its reason', async () => {
  const { db, delivery } = await openBook()
  for (const [form, field, message] of [
    [{ delivery_fee: 'ten' }, 'delivery_fee', /delivery fee/i],
    [{ delivery_fee: '1,500' }, 'delivery_fee', /at most \$1,000/],
    [
      { delivery_fee: '15', deposit: '136' },
      'deposit',
      /more than the price and the delivery fee together/,
    ],
  ] as const) {
    const answer = await post(db, delivery, { ...quoteForm, ...form })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({
      fieldErrors: { [field]: expect.stringMatching(message) },
    })
  }
  expect(await storedQuotes(db)).toEqual([])
  // A deposit of the whole, fee included, is fine.
  const whole = await post(db, delivery, { ...quoteForm, delivery_fee: '15', deposit: '135' })
  expect(whole.status).toBe(200)
})

test('Today’s balances count the fee in what is owed, and its link lists what it counted', async () => {
  const { db, delivery, pickup } = await openBook()
  const paid = { intent: 'payment', received_on: '2026-11-24', method: 'e-Transfer' }
  for (const [id, form] of [
    [delivery, { ...quoteForm, delivery_fee: '15' }],
    // Booked too, its balance due later than Today looks.
    [pickup, { ...quoteForm, balance_due: '2026-12-12' }],
  ] as const) {
    await post(db, id, form)
    const token = await tokenOf(db, id)
    await answerQuote(db, { token, requestId: id, answer: 'accept', now: BOOK_NOW + 1000 })
    await post(db, id, { ...paid, amount: '60' }, BOOK_NOW + DAY)
  }
  // A third, only quoted, is no balance to chase.
  await post(db, await sendRequest(db, { name: 'Ana Ruiz', email: 'ana@example.com' }), quoteForm)
  // Saturday, December 5: the delivery's balance is due today.
  const now = BOOK_NOW + 12 * DAY
  const today = await readTodayPage(db, { now: new Date(now) })
  expect(today.balances.items).toMatchObject([{ id: delivery, owedCents: 7_500 }])
  expect(today.balances.total).toBe(1)

  const listed = await listOrderBook(db, { ...ALL, balance: true }, today.today)
  expect(listed.rows.map((row) => row.id)).toEqual([delivery])
  expect(listed.matching).toBe(today.balances.total)
  expect(listed.rows[0]!.money).toMatchObject({ totalCents: 13_500, balanceOwed: 7_500 })
  // Nothing due: an empty list, not the whole book.
  const early = await listOrderBook(db, { ...ALL, balance: true }, '2026-11-25')
  expect(early).toMatchObject({ rows: [], matching: 0 })
  // The other filters still narrow it.
  const searched = await listOrderBook(db, { ...ALL, balance: true, q: 'Sam' }, today.today)
  expect(searched).toMatchObject({ rows: [], matching: 0 })
})

test('a payment on a booked order emails the customer only when it leaves nothing owed, once', async () => {
  const { db, delivery } = await openBook()
  await post(db, delivery, { ...quoteForm, delivery_fee: '15' })
  const token = await tokenOf(db, delivery)
  await answerQuote(db, { token, requestId: delivery, answer: 'accept', now: BOOK_NOW + 1000 })
  const paid = { intent: 'payment', received_on: '2026-11-24', method: 'e-Transfer' }
  // The deposit confirms: the one "booked" email.
  await post(db, delivery, { ...paid, amount: '60' }, BOOK_NOW + DAY)
  expect((await customerEmails(db, delivery)).map((email) => email.subject)).toEqual([
    'A quote for your cakes order — Butter & Bloom Bakery',
    'Your cakes order is booked — Butter & Bloom Bakery',
  ])
  // Part of the balance: recorded, and no email.
  const part = await post(db, delivery, { ...paid, amount: '50' }, BOOK_NOW + 2 * DAY)
  expect(part.body).toMatchObject({ ok: true, message: 'Payment recorded.' })
  expect(await customerEmails(db, delivery)).toHaveLength(2)
  // The rest, fee included: one thank-you.
  const rest = await post(db, delivery, { ...paid, amount: '25' }, BOOK_NOW + 3 * DAY)
  expect(rest.body).toMatchObject({
    ok: true,
    message: 'Payment recorded. It is all paid; the customer is thanked by email.',
  })
  const emails = await customerEmails(db, delivery)
  expect(emails).toHaveLength(3)
  const thanks = emails.at(-1)!
  expect(thanks.subject).toBe('Your cakes order is paid in full — Butter & Bloom Bakery')
  for (const line of [
    'is paid in full',
    'Delivery fee: $15',
    'Total: $135',
    'Paid: $135',
    'Still owed: Nothing',
  ]) {
    expect(thanks.text).toContain(line)
  }
  // A payment after that (a tip, a slip) says nothing more.
  await post(db, delivery, { ...paid, amount: '5' }, BOOK_NOW + 4 * DAY)
  expect(await customerEmails(db, delivery)).toHaveLength(3)
})

test('a payment that confirms and pays everything at once sends the booked email alone', async () => {
  const { db, delivery } = await openBook()
  await post(db, delivery, { ...quoteForm, delivery_fee: '15' })
  const token = await tokenOf(db, delivery)
  await answerQuote(db, { token, requestId: delivery, answer: 'accept', now: BOOK_NOW + 1000 })
  const all = await post(
    db,
    delivery,
    { intent: 'payment', amount: '135', received_on: '2026-11-24', method: 'e-Transfer' },
    BOOK_NOW + DAY,
  )
  expect(all.body).toMatchObject({ ok: true, message: 'Payment recorded.' })
  const emails = await customerEmails(db, delivery)
  expect(emails.map((email) => email.subject)).toEqual([
    'A quote for your cakes order — Butter & Bloom Bakery',
    'Your cakes order is booked — Butter & Bloom Bakery',
  ])
  expect(emails[1]!.text).toContain('Still owed: Nothing')
})
