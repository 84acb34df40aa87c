import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { recordPayment, waiveDeposit } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestConnection, openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import {
  ANSWERS_PER_MINUTE,
  expireQuotesAndTell,
  readCustomerBook,
  receiveQuoteAnswer,
} from './customer-quotes.server.ts'

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
  const { db, location } = await openTestDatabase()
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
  return { db, location, priya: priya!, sam: sam! }
}

/** How the page's forms name Priya's request (first in the send) and Sam's, each with its first quote. */
const PRIYA = 'request=1&quote=1'
const SAM = 'request=2&quote=1'

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

/** How many times the request's timeline says its quote was accepted. */
async function acceptances(db: Db, id: number) {
  const rows = await db
    .selectFrom('request_event')
    .select('id')
    .where('request_id', '=', id)
    .where('note', '=', 'Accepted the quote.')
    .execute()
  return rows.length
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
  expect(await answer(db, priya.token, `intent=accept&${PRIYA}`)).toEqual({
    status: 200,
    body: { ok: true, position: 1, outcome: 'accepted' },
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

  // Accepting again (a second click) is refused with the reason, and tells nobody twice.
  expect(await answer(db, priya.token, `intent=accept&${PRIYA}`)).toEqual({
    status: 409,
    body: {
      ok: false,
      position: 1,
      error:
        'You already accepted this quote. If your plans have changed, just reply to our email.',
    },
  })
  expect(await updates(db, priya.id)).toHaveLength(1)
  expect(await acceptances(db, priya.id)).toBe(1)

  // The page: an accepted quote, the deposit still owed.
  const book = await readCustomerBook(db, priya.token, NOW + HOUR)
  expect(book[1]).toMatchObject({
    quote: { price: '$120', deposit: '$60', accepted: true, expired: false },
    owed: { deposit: '$60', balance: '$60' },
  })
})

test('accepting with the deposit waived books the date at once', async () => {
  const { db, priya } = await openQuotedBook()
  await waiveDeposit(db, { requestId: priya.id, now: NOW })
  expect((await answer(db, priya.token, `intent=accept&${PRIYA}`)).body).toEqual({
    ok: true,
    position: 1,
    outcome: 'confirmed',
  })
  expect(await statusOf(db, priya.id)).toBe('confirmed')
  const [email] = await updates(db, priya.id)
  expect(email!.text).toContain('the date is now confirmed')
  const book = await readCustomerBook(db, priya.token, NOW)
  expect(book[1]).toMatchObject({
    quote: null,
    owed: { deposit: null, balance: '$120' },
    declinedByCustomer: false,
  })
})

test('declining closes the request, tells the owner and shows as the customer’s own choice', async () => {
  const { db, priya } = await openQuotedBook()
  expect((await answer(db, priya.token, `intent=decline&${PRIYA}`)).body).toEqual({
    ok: true,
    position: 1,
    outcome: 'declined',
  })
  expect(await statusOf(db, priya.id)).toBe('declined')
  const [email] = await updates(db, priya.id)
  expect(email!.subject).toBe(
    'Priya Sharma declined the quote for Cakes on Saturday, December 12, 2026',
  )
  expect(email!.replyTo?.address).toBe('priya@example.com')
  const book = await readCustomerBook(db, priya.token, NOW)
  expect(book[1]?.declinedByCustomer).toBe(true)
  // Declining twice, or accepting after: the quote was answered.
  for (const intent of ['decline', 'accept']) {
    expect(await answer(db, priya.token, `intent=${intent}&${PRIYA}`)).toMatchObject({
      status: 409,
      body: { ok: false, error: 'You already declined this quote.' },
    })
  }
  expect(await updates(db, priya.id)).toHaveLength(1)
})

test('after an accept, a posted decline is refused: the date stays held and the owner hears once', async () => {
  const { db, priya } = await openQuotedBook()
  expect((await answer(db, priya.token, `intent=accept&${PRIYA}`)).status).toBe(200)
  expect(await answer(db, priya.token, `intent=decline&${PRIYA}`)).toEqual({
    status: 409,
    body: {
      ok: false,
      position: 1,
      error:
        'You already accepted this quote. If your plans have changed, just reply to our email.',
    },
  })
  expect(await statusOf(db, priya.id)).toBe('quoted')
  expect((await updates(db, priya.id)).map((email) => email.subject)).toEqual([
    'Priya Sharma accepted the quote for Cakes on Saturday, December 12, 2026',
  ])
  const book = await readCustomerBook(db, priya.token, NOW + HOUR)
  expect(book[1]?.quote).toMatchObject({ accepted: true })
})

test('a quote on a request the bakery cancelled cannot be answered, and says so', async () => {
  const { db, priya } = await openQuotedBook()
  expect((await answer(db, priya.token, `intent=accept&${PRIYA}`)).status).toBe(200)
  await db
    .transaction()
    .execute((trx) =>
      moveRequest(trx, { requestId: priya.id, to: 'cancelled', actor: 'owner', now: NOW + HOUR }),
    )
  expect(await answer(db, priya.token, `intent=accept&${PRIYA}`)).toMatchObject({
    status: 409,
    body: { error: 'This order was cancelled, so its quote can no longer be answered.' },
  })
  expect(await updates(db, priya.id)).toHaveLength(1)
})

test('an answer to a quote the bakery has since replaced is refused, and the new one can be answered', async () => {
  const { db, priya } = await openQuotedBook()
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: priya.id,
      quote: { ...quote, priceCents: 15_000 },
      now: NOW + HOUR,
    }),
  )
  expect(await answer(db, priya.token, `intent=accept&${PRIYA}`)).toEqual({
    status: 409,
    body: {
      ok: false,
      position: 1,
      error:
        'We have sent you a new quote since you opened this page. Please look it over and answer again.',
    },
  })
  expect(await updates(db, priya.id)).toEqual([])
  const book = await readCustomerBook(db, priya.token, NOW + HOUR)
  expect(book[1]?.quote).toMatchObject({ number: 2, price: '$150', accepted: false })
  expect((await answer(db, priya.token, 'intent=accept&request=1&quote=2')).status).toBe(200)
})

/** Two instances of the site on PostgreSQL, as the bakery scaled out has; one on SQLite. */
async function openRacingBook() {
  const book = await openQuotedBook()
  if (testDatabaseKind() !== 'pg') return { ...book, instances: [book.db] }
  const other = openTestConnection(book.location)
  return { ...book, instances: [book.db, other] }
}

test('20 accepts at once: exactly one is taken, once, with one email; the rest get 409', async () => {
  const { db, instances, priya } = await openRacingBook()
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      answer(instances[index % instances.length]!, priya.token, `intent=accept&${PRIYA}`),
    ),
  )
  const statuses = outcomes.map((outcome) => outcome.status)
  expect(statuses.filter((status) => status === 200)).toHaveLength(1)
  expect(statuses.filter((status) => status === 409)).toHaveLength(19)
  expect(await acceptances(db, priya.id)).toBe(1)
  expect(await updates(db, priya.id)).toHaveLength(1)
  expect(await statusOf(db, priya.id)).toBe('quoted')
})

test('10 accepts racing 10 declines: one answer wins, with one email, and the request shows it', async () => {
  const { db, instances, priya } = await openRacingBook()
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      answer(
        instances[index % instances.length]!,
        priya.token,
        `intent=${index % 4 < 2 ? 'accept' : 'decline'}&${PRIYA}`,
      ),
    ),
  )
  const won = outcomes.filter((outcome) => outcome.status === 200)
  expect(won).toHaveLength(1)
  expect(outcomes.filter((outcome) => outcome.status === 409)).toHaveLength(19)
  const outcome = (won[0]!.body as { outcome: string }).outcome
  const emails = await updates(db, priya.id)
  expect(emails).toHaveLength(1)
  expect(emails[0]!.subject).toMatch(
    outcome === 'declined' ? / declined the quote / : / accepted the quote /,
  )
  expect(await statusOf(db, priya.id)).toBe(outcome === 'declined' ? 'declined' : 'quoted')
  expect(await acceptances(db, priya.id)).toBe(outcome === 'declined' ? 0 : 1)
})

test('an expired quote cannot be answered: 409 with the reason, and nothing is written', async () => {
  const { db, priya } = await openQuotedBook()
  const late = NOW + 3 * DAY
  const book = await readCustomerBook(db, priya.token, late)
  expect(book[1]?.quote).toMatchObject({
    expired: true,
    expiresLabel: 'Thursday, November 26, 2026 at 3:00 p.m.',
  })
  expect(await answer(db, priya.token, `intent=accept&${PRIYA}`, { now: late })).toEqual({
    status: 409,
    body: {
      ok: false,
      position: 1,
      error: 'This quote has expired. Please reply to our email if you would still like it.',
    },
  })
  expect(await statusOf(db, priya.id)).toBe('quoted')
  expect(await updates(db)).toEqual([])
})

test('another customer’s link, or a made-up one, gets 404 and changes nothing', async () => {
  const { db, priya, sam } = await openQuotedBook()
  for (const token of [sam.token, 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
    for (const intent of ['accept', 'decline']) {
      expect(await answer(db, token, `intent=${intent}&request=1&quote=1`)).toEqual({
        status: 404,
        body: { ok: false, notFound: true, error: 'That request is not in the order book.' },
      })
    }
  }
  expect(await answer(db, priya.token, `intent=accept&request=9&quote=1`)).toMatchObject({
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
  expect(await answer(db, priya.token, `intent=maybe&${PRIYA}`)).toEqual({
    status: 400,
    body: { ok: false, error: 'Please choose Accept quote or Decline quote.' },
  })
  expect((await answer(db, priya.token, 'intent=accept&request=1e3')).status).toBe(400)
  expect((await answer(db, priya.token, 'intent=accept')).status).toBe(400)
  expect(
    (await answer(db, priya.token, `intent=accept&${PRIYA}&pad=${'x'.repeat(2000)}`)).status,
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
    await answer(db, priya.token, 'intent=accept&request=9&quote=1', { clientIp })
  }
  const refused = await answer(db, priya.token, `intent=accept&${PRIYA}`, { clientIp })
  expect(refused.status).toBe(429)
  expect(refused.headers?.get('Retry-After')).toBe('60')
  expect(await statusOf(db, priya.id)).toBe('quoted')
})

test('an expired quote’s customer is told once, however often expiry runs', async () => {
  const { db, priya, sam } = await openQuotedBook()
  await answer(db, sam.token, `intent=accept&${SAM}`)
  const late = NOW + 3 * DAY
  expect(await expireQuotesAndTell(db, { now: late, siteUrl: SITE })).toEqual([priya.id])
  expect(await expireQuotesAndTell(db, { now: late + HOUR, siteUrl: SITE })).toEqual([])
  expect(await statusOf(db, priya.id)).toBe('expired')
  const emails = await updates(db, priya.id)
  expect(emails).toHaveLength(1)
  expect(emails[0]!.to).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  expect(emails[0]!.replyTo).toBeUndefined()
  expect(emails[0]!.subject).toBe('Your quote has expired — Butter & Bloom Bakery')
  expect(emails[0]!.text).toContain(
    'our quote for your cakes order for Saturday, December 12, 2026',
  )
  expect(emails[0]!.text).toContain('the date has been released')
  expect(emails[0]!.text).toContain(`${SITE}/requests/${priya.token}`)
  // Sam accepted in time: his quote stays, and his only email is the owner's news.
  expect(await statusOf(db, sam.id)).toBe('quoted')
  expect((await updates(db, sam.id)).map((email) => email.to)).toEqual([undefined])
})

test('a paid-up booking shows nothing owed', async () => {
  const { db, priya } = await openQuotedBook()
  await answer(db, priya.token, `intent=accept&${PRIYA}`)
  await recordPayment(db, {
    requestId: priya.id,
    payment: { amountCents: 12_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + DAY,
  })
  const book = await readCustomerBook(db, priya.token, NOW + DAY)
  expect(book[1]?.owed).toEqual({ deposit: null, depositLabel: 'Deposit', balance: null })
})
