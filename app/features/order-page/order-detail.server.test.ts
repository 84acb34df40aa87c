import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { serveAvailability } from '#app/features/availability/availability-api.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { refusedMoveMessage } from '#app/features/order-status/order-status.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { readCalendarMonth } from '#app/features/owner-desk/owner-calendar.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { receiveOrderAction } from './order-action.server.ts'
import { readOrderDetail } from './order-detail.server.ts'

// Monday, November 23, 2026, in Toronto.
const NOW = Date.parse('2026-11-23T20:00:00Z')
const DAY = 24 * 60 * 60_000
const SITE = 'https://butterandbloom.example'

/** A bakery with one new request (Priya's cake for Saturday, December 12) and, beside it, Marcus's. */
async function openBook() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(
    db,
    [
      birthdayCakeOrder,
      {
        ...birthdayCakeOrder,
        name: 'Marcus Lee',
        email: 'marcus@example.com',
        due_date: '2026-12-13',
      },
    ],
    { products: [], siteUrl: SITE, now: new Date(NOW) },
  )
  if (!sent.ok) throw new Error('The request could not be booked.')
  const request = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('email', '=', birthdayCakeOrder.email)
    .executeTakeFirstOrThrow()
  return { db, id: request.id, token: request.customer_token! }
}

/** The version of the request a page opened now would show. */
async function versionOf(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom('order_request')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirst()
  return String(row?.version ?? 0)
}

/** A post from the owner's page as it stands, the page's question already answered yes. */
async function post(db: Db, id: number, form: Record<string, string>, now = NOW) {
  return postForm(db, id, { confirm: 'yes', version: await versionOf(db, id), ...form }, now)
}

/** Exactly these fields, as a page (perhaps an old one) posts them. */
function postForm(db: Db, id: number, form: Record<string, string>, now = NOW) {
  return receiveOrderAction({
    request: new Request(`http://localhost/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
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
  payment_instructions: 'Interac e-Transfer to hello@butterandbloom.ca',
  message: 'Two tiers, lemon and raspberry.',
  expires_in_days: '3',
}

/** The customer emails about a request, oldest first. */
async function updates(db: Db, id: number): Promise<OutgoingEmail[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', id)
    .orderBy('id')
    .execute()
  return rows.map((row) => JSON.parse(row.payload) as OutgoingEmail)
}

async function snapshot(db: Db, id: number) {
  const [request, events, quotes, payments, outbox] = await Promise.all([
    db.selectFrom('order_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('request_event').select('id').where('request_id', '=', id).execute(),
    db.selectFrom('request_quote').select('id').where('request_id', '=', id).execute(),
    db.selectFrom('payment').select('id').where('request_id', '=', id).execute(),
    db.selectFrom('outbox').select('id').execute(),
  ])
  return {
    request,
    events: events.length,
    quotes: quotes.length,
    payments: payments.length,
    outbox: outbox.length,
  }
}

test('a quote is stored, the request quoted, and its email queued with it', async () => {
  const { db, id, token } = await openBook()
  const answer = await post(db, id, { ...quoteForm, deposit_kind: 'percent', deposit: '25' })
  expect(answer).toEqual({
    status: 200,
    body: { ok: true, intent: 'quote', message: 'Quote sent to the customer.' },
  })
  const detail = (await readOrderDetail(db, id))!
  expect(detail.request.status).toBe('quoted')
  expect(detail.quote).toMatchObject({
    priceCents: 12_000,
    depositCents: 3_000,
    expiresAt: NOW + 3 * DAY,
  })
  const [email, ...more] = await updates(db, id)
  expect(more).toEqual([])
  expect(email!.subject).toBe('A quote for your cakes order — Butter & Bloom Bakery')
  expect(email!.to).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  // No Reply-To of its own: the customer's Reply reaches the owner.
  expect(email!.replyTo).toBeUndefined()
  for (const part of [
    'Price: $120',
    'Deposit: $30, due by Tuesday, December 1, 2026',
    'Interac e-Transfer to hello@butterandbloom.ca',
    '> Two tiers, lemon and raspberry.',
    'Answer by: Thursday, November 26, 2026 at 3:00 p.m.',
    `${SITE}/requests/${token}`,
  ]) {
    expect(email!.text).toContain(part)
  }
  // Its button opens her page at the quote to answer, the request's place in its send.
  expect(email!.html).toContain(`href="${SITE}/requests/${token}#waiting-quote-1"`)
})

test('a quote form with mistakes names each one and writes nothing', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const cases: [Record<string, string>, string, string][] = [
    [{ price: '' }, 'price', 'The price must be an amount of money, like $45 or $12.50.'],
    [{ price: '0' }, 'price', 'The price must be more than $0.'],
    [{ deposit: '200' }, 'deposit', 'The deposit cannot be more than the price.'],
    [
      { deposit_kind: 'percent', deposit: '150' },
      'deposit',
      'The deposit must be a percent from 0 to 100, like 50.',
    ],
    [
      { deposit_due: '2026-02-30' },
      'deposit_due',
      'Choose the date the deposit is due, or leave it empty.',
    ],
    // Today is Monday, November 23 in Toronto; the order is for December 12.
    [{ deposit_due: '2026-11-22' }, 'deposit_due', 'The deposit cannot be due before today.'],
    [
      { deposit_due: '2026-12-13' },
      'deposit_due',
      'The deposit must be due by the order date, Saturday, December 12, 2026.',
    ],
    [{ expires_in_days: '0' }, 'expires_in_days', 'The quote must expire in 1 to 60 days.'],
    [{ message: 'x'.repeat(2001) }, 'message', 'The message must be at most 2000 characters.'],
  ]
  for (const [change, field, message] of cases) {
    const answer = await post(db, id, { ...quoteForm, ...change })
    expect(answer.status, field).toBe(400)
    expect(answer.body, field).toMatchObject({
      ok: false,
      intent: 'quote',
      fieldErrors: { [field]: message },
    })
  }
  expect(await snapshot(db, id)).toEqual(before)
})

test('forms the page does not send are 400, an unknown request 404; nothing written', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const json = await receiveOrderAction({
    request: new Request('http://localhost/admin/orders/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quoteForm),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now: NOW,
  })
  expect(json).toEqual({
    status: 400,
    body: { ok: false, intent: null, error: 'That request could not be understood.' },
  })
  expect((await post(db, id, { intent: 'bake' })).status).toBe(400)
  expect(await post(db, 999_999, { intent: 'ready' })).toEqual({
    status: 404,
    body: { ok: false, intent: 'ready', error: 'That request is not in the order book.' },
  })
  expect(await snapshot(db, id)).toEqual(before)
})

test('a move the lifecycle refuses is a 409 with its message; nothing written, no email', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  expect(await post(db, id, { intent: 'complete' })).toEqual({
    status: 409,
    body: { ok: false, intent: 'complete', error: refusedMoveMessage('new', 'completed') },
  })
  expect(await post(db, id, { intent: 'ready' })).toMatchObject({ status: 409 })
  expect(
    await post(db, id, {
      intent: 'payment',
      amount: '60',
      received_on: '2026-11-24',
      method: 'Cash',
    }),
  ).toEqual({
    status: 409,
    body: { ok: false, intent: 'payment', error: 'Send a quote before recording a payment.' },
  })
  expect(await snapshot(db, id)).toEqual(before)

  expect((await post(db, id, { intent: 'cancel', note: '' })).status).toBe(200)
  const cancelled = await snapshot(db, id)
  expect(await post(db, id, quoteForm)).toEqual({
    status: 409,
    body: { ok: false, intent: 'quote', error: refusedMoveMessage('cancelled', 'quoted') },
  })
  expect(await snapshot(db, id)).toEqual(cancelled)
})

test('quote, accept, deposit, ready, completed: one email for each change the customer hears of', async () => {
  const { db, id, token } = await openBook()
  await post(db, id, quoteForm)
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  const paid = await post(
    db,
    id,
    { intent: 'payment', amount: '60', received_on: '2026-11-24', method: 'e-Transfer' },
    NOW + DAY,
  )
  expect(paid).toEqual({
    status: 200,
    body: { ok: true, intent: 'payment', message: 'Payment recorded.' },
  })
  expect((await post(db, id, { intent: 'ready' }, NOW + 18 * DAY)).status).toBe(200)
  expect((await post(db, id, { intent: 'complete' }, NOW + 19 * DAY)).status).toBe(200)

  const all = await updates(db, id)
  // The owner hears of the customer's answer; the customer of each change.
  expect(all.filter((email) => !email.to).map((email) => email.subject)).toEqual([
    'Priya Sharma accepted the quote for Cakes on Saturday, December 12, 2026',
  ])
  const emails = all.filter((email) => email.to)
  expect(emails.map((email) => email.subject)).toEqual([
    'A quote for your cakes order — Butter & Bloom Bakery',
    'Your cakes order is booked — Butter & Bloom Bakery',
    'Your cakes order is ready — Butter & Bloom Bakery',
  ])
  const [, confirmed, ready] = emails
  expect(confirmed!.text).toContain('Date booked: Saturday, December 12, 2026')
  expect(confirmed!.text).toContain('Balance owed: $60')
  expect(confirmed!.text).not.toContain('Deposit still owed')
  expect(ready!.text).toContain('is ready for pickup')
  expect(ready!.text).toContain('Owed at pickup: $60')

  const detail = (await readOrderDetail(db, id))!
  expect(detail.request.status).toBe('completed')
  expect(detail.money).toMatchObject({ paidCents: 6_000, depositOwed: 0, balanceOwed: 6_000 })
  expect(detail.timeline.map((entry) => `${entry.from ?? '∅'}→${entry.to} ${entry.actor}`)).toEqual(
    [
      '∅→new customer',
      'new→quoted owner',
      'quoted→quoted customer',
      'quoted→quoted owner',
      'quoted→confirmed owner',
      'confirmed→ready owner',
      'ready→completed owner',
    ],
  )
  expect(detail.timeline[0]!.atLabel).toMatch(/Nov 23, 2026/)
  // This customer's own confirmation of the send, and the three updates; not Marcus's.
  expect(detail.emails.map((email) => [email.topic, email.to])).toEqual([
    ['request_confirmation', 'priya@example.com'],
    ['request_update', 'priya@example.com'],
    ['request_update', 'priya@example.com'],
    ['request_update', 'priya@example.com'],
  ])
})

test('a ready order keeps holding its day on the availability API and the owner’s calendar until it is completed', async () => {
  const { db, id, token } = await openBook()
  // What a visitor's calendar and the owner's see of Saturday the 12th (3 a day; Priya's takes 1).
  const saturday = async (now: number) => {
    const answer = await serveAvailability({
      db,
      url: new URL('http://localhost/api/availability?from=2026-12-12&to=2026-12-12'),
      clientIp: '198.51.100.7',
      now: new Date(now),
    })
    const month = await readCalendarMonth(db, { month: '2026-12', today: '2026-11-23' })
    const day = month.weeks.flat().find((candidate) => candidate.date === '2026-12-12')!
    return { api: answer.body, booked: day.booked, held: day.held, live: day.live }
  }
  const held = {
    api: { days: [{ date: '2026-12-12', status: 'open', remaining: 2 }] },
    booked: 1,
    held: 1,
    live: 1,
  }
  await post(db, id, { ...quoteForm, deposit: '' })
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  expect((await readOrderDetail(db, id))!.request.status).toBe('confirmed')
  expect(await saturday(NOW + DAY)).toEqual(held)

  // Baked the day before: it is still that day's order, and the day stays as full as it was.
  expect((await post(db, id, { intent: 'ready' }, NOW + 18 * DAY)).status).toBe(200)
  expect((await readOrderDetail(db, id))!.request.status).toBe('ready')
  expect(await saturday(NOW + DAY)).toEqual(held)

  // Handed over: done, so it holds nothing more, though the calendar still lists it that day.
  expect((await post(db, id, { intent: 'complete' }, NOW + 19 * DAY)).status).toBe(200)
  expect(await saturday(NOW + DAY)).toEqual({
    api: { days: [{ date: '2026-12-12', status: 'open', remaining: 3 }] },
    booked: 0,
    held: 0,
    live: 1,
  })
})

test('a waived deposit confirms an accepted quote and tells the customer', async () => {
  const { db, id, token } = await openBook()
  await post(db, id, quoteForm)
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  expect(await post(db, id, { intent: 'waive' })).toMatchObject({ status: 200 })
  const emails = await updates(db, id)
  expect(emails.at(-1)!.subject).toBe('Your cakes order is booked — Butter & Bloom Bakery')
  expect(emails.at(-1)!.text).toContain('Balance owed: $120')
})

test('a deposit may fall due today or on the order day; with no deposit, its date is dropped', async () => {
  const { db, id } = await openBook()
  expect(await post(db, id, { ...quoteForm, deposit_due: '2026-11-23' })).toMatchObject({
    status: 200,
  })
  expect(await post(db, id, { ...quoteForm, deposit_due: '2026-12-12' })).toMatchObject({
    status: 200,
  })
  expect(await post(db, id, { ...quoteForm, deposit: '' })).toMatchObject({ status: 200 })
  const detail = await readOrderDetail(db, id)
  expect(detail!.quote).toMatchObject({ depositCents: 0, depositDue: null })
})

test('a deposit is waived only while its quote waits: not before, nor once closed', async () => {
  const { db, id } = await openBook()
  const waive = () => post(db, id, { intent: 'waive' })
  expect(await waive()).toMatchObject({
    status: 409,
    body: { ok: false, error: 'Send a quote before waiving its deposit.' },
  })
  await post(db, id, quoteForm)
  await post(db, id, { intent: 'cancel', note: '' })
  const before = await snapshot(db, id)
  expect(await waive()).toMatchObject({
    status: 409,
    body: { ok: false, error: 'A cancelled request has no deposit to waive.' },
  })
  expect(await snapshot(db, id)).toEqual(before)
  expect((await readOrderDetail(db, id))!.money.depositWaived).toBe(false)
})

test('a decline needs a reason, which the customer reads, escaped in the HTML', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  expect(await post(db, id, { intent: 'decline', reason: '  ' })).toMatchObject({
    status: 400,
    body: { fieldErrors: { reason: 'The reason is required.' } },
  })
  expect(await snapshot(db, id)).toEqual(before)

  const reason = 'We are fully booked <that> weekend & the next.'
  expect(await post(db, id, { intent: 'decline', reason })).toMatchObject({ status: 200 })
  const [email] = await updates(db, id)
  expect(email!.subject).toBe('About your cakes order — Butter & Bloom Bakery')
  expect(email!.text).toContain(`> ${reason}`)
  expect(email!.html).toContain('We are fully booked &lt;that&gt; weekend &amp; the next.')
  expect(email!.html).not.toContain('<that>')
  expect((await readOrderDetail(db, id))!.request).toMatchObject({
    status: 'declined',
    declineReason: reason,
  })
})

test('a cancellation tells the customer, with the owner’s note', async () => {
  const { db, id } = await openBook()
  await post(db, id, quoteForm)
  expect(
    await post(db, id, { intent: 'cancel', note: 'As we agreed on the phone.' }),
  ).toMatchObject({
    status: 200,
  })
  const emails = await updates(db, id)
  expect(emails).toHaveLength(2)
  expect(emails[1]!.subject).toBe('Your cakes order is cancelled — Butter & Bloom Bakery')
  expect(emails[1]!.text).toContain('> As we agreed on the phone.')
})

test('a page opened before another change posts nothing: 409 with the request as it stands', async () => {
  const { db, id } = await openBook()
  // Two tabs open on the new request; tab A quotes first.
  const opened = await versionOf(db, id)
  expect(await postForm(db, id, { ...quoteForm, confirm: 'yes', version: opened })).toMatchObject({
    status: 200,
  })
  const quoted = await snapshot(db, id)
  const tabB = await postForm(db, id, {
    ...quoteForm,
    price: '150',
    confirm: 'yes',
    version: opened,
  })
  expect(tabB).toEqual({
    status: 409,
    body: {
      ok: false,
      intent: 'quote',
      error:
        'This request changed since you opened it. It is now “Quoted”: here it is as it stands.',
      stale: true,
    },
  })
  // One quote, one email: the customer never hears of tab B's.
  expect(await snapshot(db, id)).toEqual(quoted)
  expect((await updates(db, id)).map((email) => email.subject)).toEqual([
    'A quote for your cakes order — Butter & Bloom Bakery',
  ])
})

test('the customer’s answer also dates the owner’s page: its cancel is refused', async () => {
  const { db, id, token } = await openBook()
  await post(db, id, quoteForm)
  const opened = await versionOf(db, id)
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  const before = await snapshot(db, id)
  const cancel = await postForm(db, id, {
    intent: 'cancel',
    note: '',
    confirm: 'yes',
    version: opened,
  })
  expect(cancel.status).toBe(409)
  expect(cancel.body).toMatchObject({
    error:
      'This request changed since you opened it. It is now “Accepted, awaiting the deposit”: here it is as it stands.',
  })
  expect(await snapshot(db, id)).toEqual(before)
})

test('a post without the page’s version is refused, and nothing is written', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  expect(await postForm(db, id, { ...quoteForm, confirm: 'yes' })).toEqual({
    status: 400,
    body: {
      ok: false,
      intent: 'quote',
      error: 'This form is out of date: reload the page and try again.',
    },
  })
  expect(await snapshot(db, id)).toEqual(before)
})

test('two tabs quoting at once from the same page, on two connections: one quote, one email', async () => {
  // On PostgreSQL, two servers on one database; SQLite is one server's file,
  // whose single connection runs one transaction at a time.
  const [first, second = first] =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [(await openTestDatabase()).db]
  await seedMenu(first)
  await setWeekdayCapacity(first, [3, 3, 3, 3, 3, 3, 3])
  const sent = await submitOrderRequests(first, [birthdayCakeOrder], {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The request could not be booked.')
  const { id } = await first.selectFrom('order_request').select('id').executeTakeFirstOrThrow()
  const opened = await versionOf(first, id)
  const tab = (db: Db, price: string) =>
    postForm(db, id, { ...quoteForm, price, confirm: 'yes', version: opened })
  const answers = await Promise.all([
    tab(first, '120'),
    tab(second, '150'),
    tab(first, '130'),
    tab(second, '140'),
  ])
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409])
  const quotes = await first.selectFrom('request_quote').select('id').execute()
  expect(quotes).toHaveLength(1)
  const events = await first.selectFrom('request_event').select('to_status').execute()
  expect(events.map((event) => event.to_status)).toEqual(['new', 'quoted'])
  expect(await updates(first, id)).toHaveLength(1)
})

test('decline and cancel ask first, naming who will be emailed; only confirm=yes sends', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const version = await versionOf(db, id)
  const decline = await postForm(db, id, { intent: 'decline', reason: 'Fully booked.', version })
  expect(decline).toEqual({
    status: 200,
    body: {
      ok: false,
      intent: 'decline',
      error:
        'Decline Priya’s request? Priya Sharma (priya@example.com) will be emailed your reason.',
      ask: {
        question:
          'Decline Priya’s request? Priya Sharma (priya@example.com) will be emailed your reason.',
        yes: 'Yes, decline and email Priya',
        fields: { reason: 'Fully booked.' },
      },
    },
  })
  const cancel = await postForm(db, id, { intent: 'cancel', note: '', version })
  expect(cancel.body).toMatchObject({
    ask: {
      question:
        'Cancel Priya’s request? Priya Sharma (priya@example.com) will be emailed that it is cancelled.',
    },
  })
  // Asking wrote nothing, not even a new version: the question's own form still posts.
  expect(await snapshot(db, id)).toEqual(before)
  const confirmed = await postForm(db, id, {
    intent: 'decline',
    reason: 'Fully booked.',
    version,
    confirm: 'yes',
  })
  expect(confirmed).toMatchObject({ status: 200, body: { ok: true, intent: 'decline' } })
  expect(await updates(db, id)).toHaveLength(1)
})

test('marking ready days early, or completed with money owed, asks first', async () => {
  const { db, id, token } = await openBook()
  await post(db, id, { ...quoteForm, deposit_due: '' })
  await answerQuote(db, { token, requestId: id, answer: 'accept', now: NOW + 1000 })
  await post(db, id, { intent: 'payment', amount: '60', received_on: '2026-11-24', method: 'Cash' })
  const ask = async (intent: string, now: number) =>
    postForm(db, id, { intent, version: await versionOf(db, id) }, now)

  // Due Saturday, December 12. On Wednesday the 9th it is three days early.
  const early = await ask('ready', Date.parse('2026-12-09T15:00:00Z'))
  expect(early.body).toMatchObject({
    ok: false,
    ask: {
      question:
        'Mark it ready 3 days before its date, Saturday, December 12, 2026? Priya Sharma (priya@example.com) will be emailed that it is ready.',
    },
  })
  expect((await readOrderDetail(db, id))!.request.status).toBe('confirmed')
  // The day before is the usual bake: no question.
  expect(await ask('ready', Date.parse('2026-12-11T15:00:00Z'))).toMatchObject({
    status: 200,
    body: { ok: true },
  })
  const owed = await ask('complete', Date.parse('2026-12-12T20:00:00Z'))
  expect(owed.body).toMatchObject({
    ask: {
      question: 'Mark it completed with $60 still owed? Record the payment first if it came in.',
    },
  })
  expect((await readOrderDetail(db, id))!.request.status).toBe('ready')
  await post(db, id, { intent: 'payment', amount: '60', received_on: '2026-12-12', method: 'Cash' })
  expect(await ask('complete', Date.parse('2026-12-12T20:00:00Z'))).toMatchObject({
    body: { ok: true, message: 'Marked completed.' },
  })
})

test('a quote whose deposit falls due after the quote expires asks before it is sent', async () => {
  const { db, id } = await openBook()
  const before = await snapshot(db, id)
  const version = await versionOf(db, id)
  // Expires in 3 days (Thursday, November 26); the deposit is due December 1.
  const late = await postForm(db, id, { ...quoteForm, version })
  expect(late.body).toMatchObject({
    ok: false,
    intent: 'quote',
    ask: {
      question:
        'The deposit is due Tuesday, December 1, 2026, after the quote expires on Thursday, November 26, 2026. Send it to Priya Sharma (priya@example.com) anyway?',
      yes: 'Yes, send the quote to Priya',
      fields: { price: '120', deposit_due: '2026-12-01', expires_in_days: '3' },
    },
  })
  expect(await snapshot(db, id)).toEqual(before)
  // Due on the day it expires: no question.
  expect(
    await postForm(db, id, { ...quoteForm, deposit_due: '2026-11-26', version }),
  ).toMatchObject({ status: 200, body: { ok: true } })
})
