import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import { readRequestStatus } from '#app/features/customer-page/request-status.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { readOrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { streamCalendarFeed } from '#app/features/owner-desk/calendar-feed.server.ts'
import { streamOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { readBakeList } from '#app/features/owner-desk/owner-calendar.server.ts'
import { readReceipts } from '#app/features/receipts/receipt.server.ts'
import { HOUR, NOW, SITE, nextIp, quote } from '#tests/support/card-book.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { versionOf } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { readSelfService, receiveSelfService } from './self-service.server.ts'

// December 12, 2026 is a Saturday, the 13th a Sunday, the 11th a Friday.
const cake: OrderRequest = {
  ...birthdayCakeOrder,
  due_date: '2026-12-12',
  fulfilment: 'pickup',
  pickup_window: '10:00-12:00',
  servings: '20',
  comments: 'Pink and gold, please.',
}

/** Room every day; Saturday has a morning and an afternoon, Sunday a late morning, Friday an evening. */
async function openBakery() {
  const { db } = await openTestDatabase()
  await setWeekdayCapacity(db, [5, 5, 5, 5, 5, 5, 5])
  await addPickupWindow(db, { weekday: 6, start: '10:00', end: '12:00', capacity: 2 })
  await addPickupWindow(db, { weekday: 6, start: '14:00', end: '16:00', capacity: 1 })
  await addPickupWindow(db, { weekday: 0, start: '11:00', end: '13:00', capacity: 2 })
  await addPickupWindow(db, { weekday: 5, start: '16:00', end: '18:00', capacity: 2 })
  return db
}

/** Sends `orders` as one customer's send and quotes the first; its id and private link. */
async function sendAndQuote(db: Db, orders: OrderRequest[] = [cake]) {
  const sent = await submitOrderRequests(db, orders, {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error(`Not booked: ${JSON.stringify(sent)}`)
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .where('batch_id', '=', sent.batchId)
    .orderBy('position')
    .execute()
  const id = Number(rows[0]!.id)
  await db.transaction().execute((trx) => quoteRequest(trx, { requestId: id, quote, now: NOW }))
  return { id, ids: rows.map((row) => Number(row.id)), token: rows[0]!.customer_token! }
}

/** Her "Ask for a change", as her private page posts it. */
function ask(db: Db, token: string, fields: Record<string, string>) {
  return receiveSelfService({
    request: new Request(`${SITE}/requests/${token}?change`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'ask-change', request: '1', ...fields }),
    }),
    token,
    clientIp: nextIp(),
    db,
    now: NOW + HOUR,
    siteUrl: SITE,
  })
}

/** An owner's form on the order page, posted with the version her page shows. */
async function ownerPost(db: Db, id: number, fields: Record<string, string>) {
  return receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ version: await versionOf(db, id), ...fields }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now: NOW + 2 * HOUR,
  })
}

async function accept(db: Db, id: number) {
  const change = (await readOrderDetail(db, id))?.pendingChange
  if (!change) throw new Error('No change is waiting.')
  return ownerPost(db, id, { intent: 'accept_change', change: String(change.id) })
}

/** The emails queued to `to`, oldest first. */
async function emailsTo(db: Db, to: string) {
  const rows = await db.selectFrom('outbox').select('payload').orderBy('id').execute()
  return rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => (email.to?.address ?? 'owner') === to)
}

async function lastNote(db: Db, id: number) {
  return (await readOrderDetail(db, id))!.timeline.at(-1)!.note
}

/** "from X to X": a part that did not change, told as though it had. */
const SAME_BOTH_SIDES = /from (“[^”]*”|[^;:\n]+?) to \1(?:[;.\n]|$)/

test('an accepted change of date, time and details shows everywhere, and says exactly what changed', async () => {
  const db = await openBakery()
  const { id, token } = await sendAndQuote(db)
  await recordPayment(db, {
    requestId: id,
    payment: { amountCents: 5_000, receivedOn: '2026-11-24', method: 'e-Transfer' },
    now: NOW + HOUR,
  })
  const asked = await ask(db, token, {
    new_date: '2026-12-13',
    new_window: '11:00-13:00',
    event_theme_1: 'Unicorn birthday',
    servings_1: '30',
    allergies_1: 'No nuts, please',
    comments_1: 'Pink and gold, please.',
    details: 'The party moved to Sunday.',
  })
  expect(asked.status).toBe(200)
  // The owner's page shows what she asks, from what to what.
  expect((await readOrderDetail(db, id))?.pendingChange?.changes).toEqual([
    { label: 'Date', from: 'Saturday, December 12, 2026', to: 'Sunday, December 13, 2026' },
    {
      label: 'Pickup time',
      from: '10:00\u00a0a.m.–12:00\u00a0p.m.',
      to: '11:00\u00a0a.m.–1:00\u00a0p.m.',
    },
    { label: 'Servings', from: '“20”', to: '“30”' },
    { label: 'Allergies', from: 'none', to: '“No nuts, please”' },
  ])
  const askedMail = (await emailsTo(db, 'owner')).at(-1)!
  expect(askedMail.text).toContain(
    'Servings: from “20” to “30”\nAllergies: from none to “No nuts, please”',
  )

  const accepted = await accept(db, id)
  expect(accepted.status).toBe(200)

  // Her page.
  const hers = (await readRequestStatus(db, token))!.requests[0]
  expect(hers).toMatchObject({
    dueDate: '2026-12-13',
    window: '11:00-13:00',
    eventTheme: 'Unicorn birthday',
    servings: '30',
    allergies: 'No nuts, please',
    comments: 'Pink and gold, please.',
  })
  const selfService = await readSelfService(db, token, { now: NOW + 3 * HOUR })
  expect(selfService.entries[1]?.lastAnswer).toMatchObject({ accepted: true })
  expect(selfService.entries[1]?.lastAnswer?.asked).toContain('servings from “20” to “30”')
  // The owner's order page, and its timeline.
  const detail = (await readOrderDetail(db, id))!
  expect(detail.pendingChange).toBeNull()
  expect(detail.request).toMatchObject({
    dueDate: '2026-12-13',
    window: '11:00-13:00',
    servings: '30',
    allergies: 'No nuts, please',
  })
  const made =
    'date from Saturday, December 12, 2026 to Sunday, December 13, 2026; pickup time from 10:00\u00a0a.m.–12:00\u00a0p.m. to 11:00\u00a0a.m.–1:00\u00a0p.m.; servings from “20” to “30”; allergies from none to “No nuts, please”'
  expect(detail.timeline.at(-1)!.note).toBe(`Accepted her change: ${made}.`)
  // The bake list: off Saturday, on Sunday with its time and allergies.
  expect(await readBakeList(db, '2026-12-12')).toEqual([])
  expect(await readBakeList(db, '2026-12-13')).toMatchObject([
    { id, window: '11:00-13:00', servings: '30', allergies: 'No nuts, please' },
  ])
  // The phone's calendar: Sunday, 11:00 to 13:00 in Toronto (16:00 to 18:00 UTC).
  const feed = await new Response(
    await streamCalendarFeed(db, { siteUrl: SITE, now: new Date(NOW + 3 * HOUR) }),
  ).text()
  expect(feed).toContain('DTSTART:20261213T160000Z')
  expect(feed).toContain('DTEND:20261213T180000Z')
  expect(feed).not.toContain('20261212')
  // The CSV.
  const csv = await new Response(streamOrdersCsv(db)).text()
  expect(csv).toContain('2026-12-13')
  expect(csv).toContain('No nuts, please')
  expect(csv).toContain('11:00-13:00')
  expect(csv).not.toContain('2026-12-12')
  // Her receipt.
  const [receipt] = (await readReceipts(db, { token, now: NOW + 3 * HOUR }))!
  expect(receipt!.lines[0]!.detail).toContain('Sunday, December 13, 2026')
  expect(receipt!.lines[0]!.detail).toContain('30')
  // Her email says what changed, from what to what, and nothing that did not.
  const mail = (await emailsTo(db, 'priya@example.com')).at(-1)!
  expect(mail.subject).toContain('Your change to your')
  expect(mail.text).toContain(
    [
      'Date: from Saturday, December 12, 2026 to Sunday, December 13, 2026',
      'Pickup time: from 10:00\u00a0a.m.–12:00\u00a0p.m. to 11:00\u00a0a.m.–1:00\u00a0p.m.',
      'Servings: from “20” to “30”',
      'Allergies: from none to “No nuts, please”',
    ].join('\n'),
  )
  expect(mail.text).not.toContain('Event')
  expect(mail.text).not.toContain('Comments')
  expect(mail.text).not.toMatch(SAME_BOTH_SIDES)
})

test('a new time on the same day leaves the date out of the timeline and the email', async () => {
  const db = await openBakery()
  const { id, token } = await sendAndQuote(db)
  const asked = await ask(db, token, { new_date: '2026-12-12', new_window: '14:00-16:00' })
  expect(asked.status).toBe(200)
  expect((await accept(db, id)).status).toBe(200)
  expect(await lastNote(db, id)).toBe(
    'Accepted her change: pickup time from 10:00\u00a0a.m.–12:00\u00a0p.m. to 2:00\u00a0p.m.–4:00\u00a0p.m.',
  )
  const mail = (await emailsTo(db, 'priya@example.com')).at(-1)!
  expect(mail.text).toContain(
    'Pickup time: from 10:00\u00a0a.m.–12:00\u00a0p.m. to 2:00\u00a0p.m.–4:00\u00a0p.m.',
  )
  expect(mail.text).not.toContain('Date:')
  expect(mail.text).not.toMatch(SAME_BOTH_SIDES)
  expect((await readRequestStatus(db, token))!.requests[0]).toMatchObject({
    dueDate: '2026-12-12',
    window: '14:00-16:00',
  })
})

test('a time of another weekday is refused with a sentence naming the day’s own times', async () => {
  const db = await openBakery()
  const { id, token } = await sendAndQuote(db)
  // Friday's evening time, asked for a Saturday.
  const refused = await ask(db, token, { new_date: '2026-12-19', new_window: '16:00-18:00' })
  expect(refused.status).toBe(400)
  expect(refused.body).toMatchObject({
    ok: false,
    error: expect.stringContaining('Saturday, December 19, 2026') as unknown,
  })
  const error = (refused.body as { error: string }).error
  expect(error).toContain('4:00\u00a0p.m.–6:00\u00a0p.m.')
  expect(error).toContain('10:00\u00a0a.m.–12:00\u00a0p.m., 2:00\u00a0p.m.–4:00\u00a0p.m.')
  expect((await readOrderDetail(db, id))?.pendingChange).toBeNull()
  // A day with times needs one of them.
  const missing = await ask(db, token, { new_date: '2026-12-19' })
  expect(missing.status).toBe(400)
  expect((missing.body as { error: string }).error).toContain('Saturday, December 19, 2026')
})

test('a full time at the owner’s answer is refused with a sentence, and nothing moves', async () => {
  const db = await openBakery()
  const { id, token } = await sendAndQuote(db)
  expect((await ask(db, token, { new_date: '2026-12-19', new_window: '14:00-16:00' })).status).toBe(
    200,
  )
  // Meanwhile another order takes Saturday afternoon's one place.
  await sendAndQuote(db, [
    { ...cake, email: 'ana@example.com', due_date: '2026-12-19', pickup_window: '14:00-16:00' },
  ])
  const refused = await accept(db, id)
  expect(refused.status).toBe(409)
  expect(JSON.stringify(refused.body)).toContain(
    '2:00\u00a0p.m.–4:00\u00a0p.m. on Saturday, December 19, 2026',
  )
  expect((await readRequestStatus(db, token))!.requests[0]).toMatchObject({
    dueDate: '2026-12-12',
    window: '10:00-12:00',
  })
})

test("a party's change moves every member and changes each member's own details", async () => {
  const db = await openBakery()
  const party = [cake, { ...cake, product_type: 'Cupcakes', servings: '24', comments: undefined }]
  const sent = await submitOrderRequests(db, party, {
    products: [],
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('Not booked')
  const rows = await db
    .selectFrom('order_request')
    .select(['id', 'customer_token'])
    .orderBy('position')
    .execute()
  const [lead, cupcakes] = rows.map((row) => Number(row.id)) as [number, number]
  const token = rows[0]!.customer_token!
  const { quoteParty } = await import('#app/features/order-book/party-quote.server.ts')
  const quoted = await db.transaction().execute((trx) =>
    quoteParty(trx, {
      requestId: lead,
      lines: new Map([[cupcakes, 4_500]]),
      quote,
      now: NOW,
    }),
  )
  expect(quoted.ok).toBe(true)
  const asked = await ask(db, token, {
    new_date: '2026-12-13',
    new_window: '11:00-13:00',
    servings_2: '36',
    event_theme_1: 'Unicorn birthday',
  })
  expect(asked.status).toBe(200)
  expect((await accept(db, lead)).status).toBe(200)
  const dates = await db
    .selectFrom('order_request')
    .select(['due_date', 'pickup_window', 'servings'])
    .orderBy('position')
    .execute()
  expect(dates).toEqual([
    { due_date: '2026-12-13', pickup_window: '11:00-13:00', servings: '20' },
    { due_date: '2026-12-13', pickup_window: '11:00-13:00', servings: '36' },
  ])
  // The lead tells the party's change once; the cupcakes' own page its own.
  expect(await lastNote(db, lead)).toBe(
    'Accepted her change: date from Saturday, December 12, 2026 to Sunday, December 13, 2026; pickup time from 10:00\u00a0a.m.–12:00\u00a0p.m. to 11:00\u00a0a.m.–1:00\u00a0p.m.; Cupcakes: servings from “24” to “36”.',
  )
  expect(await lastNote(db, cupcakes)).toBe(
    'Accepted her change: date from Saturday, December 12, 2026 to Sunday, December 13, 2026; pickup time from 10:00\u00a0a.m.–12:00\u00a0p.m. to 11:00\u00a0a.m.–1:00\u00a0p.m.; servings from “24” to “36”.',
  )
  const mails = await emailsTo(db, 'priya@example.com')
  const made = mails.filter((mail) => mail.subject.startsWith('Your change'))
  expect(made).toHaveLength(1)
  expect(made[0]!.text).toContain('Cupcakes: servings: from “24” to “36”')
})

test('the owner edits the details herself: stored, on the timeline, shown on both pages', async () => {
  const db = await openBakery()
  const { id, token } = await sendAndQuote(db)
  const saved = await ownerPost(db, id, {
    intent: 'edit_details',
    event_theme: 'Unicorn birthday',
    servings: '25',
    allergies: 'Sesame',
    comments: 'Pink and gold, please.',
  })
  expect(saved.status).toBe(200)
  expect(saved.body).toMatchObject({ ok: true, intent: 'edit_details' })
  expect((await readOrderDetail(db, id))!.request).toMatchObject({
    servings: '25',
    allergies: 'Sesame',
  })
  expect(await lastNote(db, id)).toBe(
    'Changed the details: servings from “20” to “25”; allergies from none to “Sesame”.',
  )
  expect((await readRequestStatus(db, token))!.requests[0]).toMatchObject({
    servings: '25',
    allergies: 'Sesame',
  })
  // The shared rules: a theme is needed. Nothing is written.
  const bad = await ownerPost(db, id, {
    intent: 'edit_details',
    event_theme: '  ',
    servings: '40',
    allergies: '',
    comments: '',
  })
  expect(bad.status).toBe(400)
  expect(bad.body).toMatchObject({ ok: false, fieldErrors: { event_theme: expect.any(String) } })
  // A page from before the edit is refused, and nothing changes.
  const stale = await receiveOrderAction({
    request: new Request(`${SITE}/admin/orders/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        version: '1',
        intent: 'edit_details',
        event_theme: 'Dinosaur party',
        servings: '40',
      }),
    }),
    db,
    requestId: id,
    siteUrl: SITE,
    now: NOW + 3 * HOUR,
  })
  expect(stale.status).toBe(409)
  expect((await readOrderDetail(db, id))!.request).toMatchObject({
    eventTheme: 'Unicorn birthday',
    servings: '25',
  })
})
