/**
 * The owner's changes from a request's page and what the customer hears of
 * each: a quote sent, or named back with its mistakes; the order accepted,
 * paid, ready and completed, holding its day until then; a deposit waived or
 * dated; a decline and a cancellation.
 */
import { expect, test } from 'vitest'
import { serveAvailability } from '#app/features/availability/availability-api.server.ts'
import { answerQuote } from '#app/features/order-book/quote-answers.server.ts'
import { readCalendarMonth } from '#app/features/owner-desk/owner-calendar.server.ts'
import {
  NOW,
  SITE,
  openBook,
  post,
  quoteForm,
  snapshot,
  updates,
} from '#tests/support/order-page.ts'
import { readOrderDetail } from './order-detail.server.ts'

const DAY = 24 * 60 * 60_000

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
