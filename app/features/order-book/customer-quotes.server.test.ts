import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { setWeekdayCapacity } from '../availability/availability.server.ts'
import type { OutgoingEmail } from '../mail/email.ts'
import { seedMenu } from '../menu/menu.server.ts'
import { submitOrderRequests } from '../orders/order-requests.server.ts'
import {
  ANSWERS_PER_MINUTE,
  expireQuotesAndTell,
  readCustomerBook,
  receiveQuoteAnswer,
} from './customer-quotes.server.ts'
import { quoteRequest, recordPayment, waiveDeposit } from './order-book.server.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const SITE = 'https://butterandbloom.example'

const quote = {
  priceCents: 12_000,
  depositCents: 6_000,
  depositDue: '2026-12-01',
  paymentInstructions:
    'Interac e-Transfer to hello@butterandbloom.ca\nor pay at https://pay.example/bb',
  message: 'Two tiers, lemon and raspberry.',
}

/**
 * A bakery with a send from two customers, Priya (a cake for Saturday,
 * December 12) and Sam, each quoted; their ids and private tokens.
 */
async function openQuotedBook() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(
    db,
    [
      birthdayCakeOrder,
      { ...birthdayCakeOrder, name: 'Sam Ortiz', email: 'sam@example.com', due_date: '2026-12-13' },
    ],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  if (!sent.ok) throw new Error('The requests could not be booked.')
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .orderBy('position')
    .execute()
  for (const row of rows) {
    await db
      .transaction()
      .execute((trx) => quoteRequest(trx, { requestId: row.id, quote, now: NOW }))
  }
  const [priya, sam] = rows.map((row) => ({ id: row.id, token: row.customer_token! }))
  return { db, priya: priya!, sam: sam! }
}

/** The answer as the page's form posts it. */
function post(token: string, body: string, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/requests/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  })
}

let ipCounter = 0
function answer(
  db: Db,
  token: string,
  body: string,
  { now = NOW + HOUR, clientIp = `192.0.2.${++ipCounter}` } = {},
) {
  return receiveQuoteAnswer({
    request: post(token, body),
    token,
    clientIp,
    db,
    now,
    siteUrl: SITE,
  })
}

async function statusOf(db: Db, id: number) {
  const row = await db
    .selectFrom('order_request')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.status
}

async function updates(db: Db, id?: number) {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'subject_id'])
    .where('topic', '=', 'request_update')
    .$if(id !== undefined, (query) => query.where('subject_id', '=', id!))
    .orderBy('id')
    .execute()
  return rows.map((row) => JSON.parse(row.payload) as OutgoingEmail)
}

test('accepting a quote keeps the date waiting for the deposit, and tells the owner', async () => {
  const { db, priya } = await openQuotedBook()
  expect(await answer(db, priya.token, `intent=accept&request=${priya.id}`)).toEqual({
    status: 200,
    body: { ok: true, requestId: priya.id, outcome: 'accepted' },
  })
  expect(await statusOf(db, priya.id)).toBe('quoted')
  const [email, ...more] = await updates(db, priya.id)
  expect(more).toEqual([])
  expect(email!.subject).toBe(
    'Priya Sharma accepted the quote for Cakes on Saturday, December 12, 2026',
  )
  expect(email!.to).toBeUndefined()
  expect(email!.replyTo).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  expect(email!.text).toContain('waits for the deposit')
  expect(email!.text).toContain(`Open this request: ${SITE}/admin/orders/${priya.id}`)
  expect(email!.html).toContain(`href="${SITE}/admin/orders/${priya.id}"`)

  // Accepting again (a second click) changes nothing and tells nobody twice.
  expect((await answer(db, priya.token, `intent=accept&request=${priya.id}`)).status).toBe(200)
  expect(await updates(db, priya.id)).toHaveLength(1)

  // The page: an accepted quote, the deposit still owed.
  const book = await readCustomerBook(db, [{ id: priya.id, status: 'quoted' }], NOW + HOUR)
  expect(book[priya.id]).toMatchObject({
    quote: { price: '$120', deposit: '$60', accepted: true, expired: false },
    owed: { deposit: '$60', balance: '$120' },
  })
})

test('accepting with the deposit waived books the date at once', async () => {
  const { db, priya } = await openQuotedBook()
  await waiveDeposit(db, { requestId: priya.id, now: NOW })
  expect((await answer(db, priya.token, `intent=accept&request=${priya.id}`)).body).toEqual({
    ok: true,
    requestId: priya.id,
    outcome: 'confirmed',
  })
  expect(await statusOf(db, priya.id)).toBe('confirmed')
  const [email] = await updates(db, priya.id)
  expect(email!.text).toContain('the date is now confirmed')
  const book = await readCustomerBook(db, [{ id: priya.id, status: 'confirmed' }], NOW)
  expect(book[priya.id]).toEqual({
    quote: null,
    owed: { deposit: null, balance: '$120' },
    declinedByCustomer: false,
  })
})

test('declining closes the request, tells the owner and shows as the customer’s own choice', async () => {
  const { db, priya } = await openQuotedBook()
  expect((await answer(db, priya.token, `intent=decline&request=${priya.id}`)).body).toEqual({
    ok: true,
    requestId: priya.id,
    outcome: 'declined',
  })
  expect(await statusOf(db, priya.id)).toBe('declined')
  const [email] = await updates(db, priya.id)
  expect(email!.subject).toBe(
    'Priya Sharma declined the quote for Cakes on Saturday, December 12, 2026',
  )
  expect(email!.replyTo?.address).toBe('priya@example.com')
  const book = await readCustomerBook(db, [{ id: priya.id, status: 'declined' }], NOW)
  expect(book[priya.id]?.declinedByCustomer).toBe(true)
  // Declining twice: the quote is no longer waiting.
  expect(await answer(db, priya.token, `intent=decline&request=${priya.id}`)).toMatchObject({
    status: 409,
    body: { ok: false, error: 'This request has no quote waiting for an answer.' },
  })
})

test('an expired quote cannot be answered: 409 with the reason, and nothing is written', async () => {
  const { db, priya } = await openQuotedBook()
  const late = NOW + 3 * DAY
  const book = await readCustomerBook(db, [{ id: priya.id, status: 'quoted' }], late)
  expect(book[priya.id]?.quote).toMatchObject({
    expired: true,
    expiresLabel: 'Thursday, November 26, 2026 at 3:00 PM',
  })
  expect(await answer(db, priya.token, `intent=accept&request=${priya.id}`, { now: late })).toEqual(
    {
      status: 409,
      body: {
        ok: false,
        requestId: priya.id,
        error: 'This quote has expired. Please reply to our email if you would still like it.',
      },
    },
  )
  expect(await statusOf(db, priya.id)).toBe('quoted')
  expect(await updates(db)).toEqual([])
})

test('another customer’s link, or a made-up one, gets 404 and changes nothing', async () => {
  const { db, priya, sam } = await openQuotedBook()
  for (const token of [sam.token, 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
    for (const intent of ['accept', 'decline']) {
      expect(await answer(db, token, `intent=${intent}&request=${priya.id}`)).toEqual({
        status: 404,
        body: { ok: false, notFound: true, error: 'That request is not in the order book.' },
      })
    }
  }
  expect(await answer(db, priya.token, `intent=accept&request=999999`)).toMatchObject({
    status: 404,
  })
  expect(await statusOf(db, priya.id)).toBe('quoted')
  expect(await statusOf(db, sam.id)).toBe('quoted')
  const accepted = await db
    .selectFrom('request_quote')
    .select('accepted_at')
    .where('accepted_at', 'is not', null)
    .execute()
  expect(accepted).toEqual([])
  expect(await updates(db)).toEqual([])
})

test('posts the page’s forms never send are refused with a message, not a server error', async () => {
  const { db, priya } = await openQuotedBook()
  expect(await answer(db, priya.token, `intent=maybe&request=${priya.id}`)).toEqual({
    status: 400,
    body: { ok: false, error: 'Please choose Accept quote or Decline quote.' },
  })
  expect((await answer(db, priya.token, 'intent=accept&request=1e3')).status).toBe(400)
  expect((await answer(db, priya.token, 'intent=accept')).status).toBe(400)
  expect(
    (await answer(db, priya.token, `intent=accept&request=${priya.id}&pad=${'x'.repeat(2000)}`))
      .status,
  ).toBe(413)
  const json = await receiveQuoteAnswer({
    request: post(priya.token, '{}', { 'content-type': 'application/json' }),
    token: priya.token,
    clientIp: '192.0.2.250',
    db,
    now: NOW,
  })
  expect(json.status).toBe(415)
  const get = await receiveQuoteAnswer({
    request: new Request(`${SITE}/requests/${priya.token}`),
    token: priya.token,
    clientIp: '192.0.2.250',
    db,
    now: NOW,
  })
  expect(get.status).toBe(405)
  expect(await statusOf(db, priya.id)).toBe('quoted')
})

test('answers from one address are limited per minute', async () => {
  const { db, priya } = await openQuotedBook()
  const clientIp = '198.51.100.7'
  for (let index = 0; index < ANSWERS_PER_MINUTE; index++) {
    await answer(db, priya.token, 'intent=accept&request=999999', { clientIp })
  }
  const refused = await answer(db, priya.token, `intent=accept&request=${priya.id}`, { clientIp })
  expect(refused.status).toBe(429)
  expect(refused.headers?.get('Retry-After')).toBe('60')
  expect(await statusOf(db, priya.id)).toBe('quoted')
})

test('an expired quote’s customer is told once, however often expiry runs', async () => {
  const { db, priya, sam } = await openQuotedBook()
  await answer(db, sam.token, `intent=accept&request=${sam.id}`)
  const late = NOW + 3 * DAY
  expect(await expireQuotesAndTell(db, { now: late, siteUrl: SITE })).toEqual([priya.id])
  expect(await expireQuotesAndTell(db, { now: late + HOUR, siteUrl: SITE })).toEqual([])
  expect(await statusOf(db, priya.id)).toBe('expired')
  const emails = await updates(db, priya.id)
  expect(emails).toHaveLength(1)
  expect(emails[0]!.to).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  expect(emails[0]!.replyTo).toBeUndefined()
  expect(emails[0]!.subject).toBe('Your quote has expired — Butter & Bloom Bakery')
  expect(emails[0]!.text).toContain('Cakes on Saturday, December 12, 2026')
  expect(emails[0]!.text).toContain('the date has been released')
  expect(emails[0]!.text).toContain(`${SITE}/requests/${priya.token}`)
  // Sam accepted in time: his quote stays, and his only email is the owner's news.
  expect(await statusOf(db, sam.id)).toBe('quoted')
  expect((await updates(db, sam.id)).map((email) => email.to)).toEqual([undefined])
})

test('a paid-up booking shows nothing owed', async () => {
  const { db, priya } = await openQuotedBook()
  await answer(db, priya.token, `intent=accept&request=${priya.id}`)
  await recordPayment(db, {
    requestId: priya.id,
    payment: { amountCents: 12_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + DAY,
  })
  const book = await readCustomerBook(db, [{ id: priya.id, status: 'ready' }], NOW + DAY)
  expect(book[priya.id]?.owed).toEqual({ deposit: null, balance: null })
})
