import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { listActiveProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { readDayClaimPage, receiveDayClaim } from './day-claim.server.ts'
import { joinDayWaitlist, offerFreedDays, receiveDayWaitlistJoin } from './day-waitlist.server.ts'
import { OFFER_MINUTES } from './waitlist.server.ts'

// Sunday, November 29, 2026, 10 in the morning in Toronto; the cake is for Saturday the 12th.
const NOW = Date.parse('2026-11-29T15:00:00Z')
const MINUTE = 60_000
const SITE = 'https://butterandbloom.example'
const DAY = birthdayCakeOrder.due_date

/** A bakery whose Saturdays take one cake, and Priya's cake booked on the 12th. */
async function fullSaturday() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await db.updateTable('product').set({ effort: 1, notice_days: 0 }).execute()
  await db.updateTable('weekday_capacity').set({ capacity: 1 }).where('weekday', '=', 6).execute()
  const products = await listActiveProducts(db)
  const stored = await submitOrderRequests(db, [birthdayCakeOrder], {
    products,
    siteUrl: SITE,
    now: new Date(NOW),
  })
  if (!stored.ok) throw new Error('the first cake should fit')
  const { id } = await db.selectFrom('order_request').select('id').executeTakeFirstOrThrow()
  return { db, products, priyaId: Number(id) }
}

function join(db: Db, email: string, fields: Record<string, string> = {}, now = NOW) {
  return joinDayWaitlist(db, {
    form: new URLSearchParams({ email, due_date: DAY, product: 'Cakes', ...fields }),
    now: new Date(now),
  })
}

async function offersTo(db: Db) {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'day_waitlist')
    .orderBy('id')
    .execute()
  return rows.map((row) => JSON.parse(row.payload) as OutgoingEmail)
}

function claim(db: Db, token: string, fields: Record<string, string>, now: number) {
  return receiveDayClaim({
    db,
    token,
    siteUrl: SITE,
    clientIp: `203.0.113.${Math.floor(Math.random() * 250)}`,
    now: new Date(now),
    request: new Request(`${SITE}/ordernow/kept/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
  })
}

const theirRequest = {
  name: 'Ada Okafor',
  email: 'ada@example.com',
  phone_number: '416-555-0100',
  event_theme: 'Retirement cake',
  hear_about_us: 'Word of Mouth',
  accept_policies: 'on',
}

test('a full day is waited for; when it frees up the first waiting is offered it once, it is kept for her alone, and her request uses it', async () => {
  const { db, priyaId } = await fullSaturday()
  // An open day is ordered, not waited for.
  expect(await join(db, 'ada@example.com', { due_date: '2026-12-11' })).toMatchObject({
    ok: false,
    status: 409,
    message: 'Friday, December 11, 2026 is open for Cakes: order it now.',
  })
  expect(await join(db, 'Ada@Example.com')).toMatchObject({ ok: true })
  expect(await join(db, 'ada@example.com')).toMatchObject({ ok: true })
  expect(await join(db, 'bea@example.com', {}, NOW + MINUTE)).toMatchObject({ ok: true })
  // Nothing has come free: nobody is offered anything.
  expect(await offerFreedDays(db, { now: new Date(NOW + 2 * MINUTE), siteUrl: SITE })).toBe(0)

  // Priya calls her cake off: the next pass offers the day to Ada, the first to ask, once.
  await db
    .transaction()
    .execute((trx) =>
      moveRequest(trx, { requestId: priyaId, to: 'cancelled', actor: 'owner', now: NOW }),
    )
  const passAt = NOW + 3 * MINUTE
  expect(await offerFreedDays(db, { now: new Date(passAt), siteUrl: SITE })).toBe(1)
  expect(await offerFreedDays(db, { now: new Date(passAt + MINUTE), siteUrl: SITE })).toBe(0)
  const [offer] = await offersTo(db)
  expect(offer!.to?.address).toBe('ada@example.com')
  expect(offer!.subject).toBe('Saturday, December 12, 2026 came free for your Cakes')
  const token = /\/ordernow\/kept\/([\w-]+)/.exec(offer!.text ?? '')![1]!

  // Kept for her: anyone else's send for that day is refused while it is.
  const products = await listActiveProducts(db)
  const other = await submitOrderRequests(
    db,
    [{ ...birthdayCakeOrder, email: 'cy@example.com', name: 'Cy Other' }],
    { products, siteUrl: SITE, now: new Date(passAt + MINUTE) },
  )
  expect(other).toMatchObject({ ok: false, unbookable: { day: { status: 'full' } } })

  // Her link shows the day; a refused send keeps the offer; her request uses it, once.
  expect(await readDayClaimPage(db, { token, now: passAt + MINUTE })).toMatchObject({
    treat: 'Cakes',
    day: 'Saturday, December 12, 2026',
  })
  expect(
    await claim(db, token, { ...theirRequest, accept_policies: '' }, passAt + 2 * MINUTE),
  ).toMatchObject({ status: 400 })
  const sent = await claim(db, token, theirRequest, passAt + 3 * MINUTE)
  expect(sent).toMatchObject({ location: expect.stringMatching(/^\/requests\/[\w-]+$/) })
  const requests = await db
    .selectFrom('order_request')
    .select(['email', 'due_date', 'status'])
    .where('status', '!=', 'cancelled')
    .execute()
  expect(requests).toEqual([{ email: 'ada@example.com', due_date: DAY, status: 'new' }])
  expect(await claim(db, token, theirRequest, passAt + 4 * MINUTE)).toMatchObject({ status: 409 })
  expect(await readDayClaimPage(db, { token, now: passAt + 4 * MINUTE })).toBeNull()
  // Bea still waits: the day is full again.
  expect(await offerFreedDays(db, { now: new Date(passAt + 5 * MINUTE), siteUrl: SITE })).toBe(0)
})

test('an offer not taken lapses after its half hour and the next waiting is offered the day', async () => {
  const { db, priyaId } = await fullSaturday()
  await join(db, 'ada@example.com')
  await join(db, 'bea@example.com', {}, NOW + MINUTE)
  await db
    .transaction()
    .execute((trx) =>
      moveRequest(trx, { requestId: priyaId, to: 'cancelled', actor: 'owner', now: NOW }),
    )
  const passAt = NOW + 2 * MINUTE
  expect(await offerFreedDays(db, { now: new Date(passAt), siteUrl: SITE })).toBe(1)
  const lapse = passAt + OFFER_MINUTES * MINUTE
  expect(await offerFreedDays(db, { now: new Date(lapse - 1), siteUrl: SITE })).toBe(0)
  expect(await offerFreedDays(db, { now: new Date(lapse), siteUrl: SITE })).toBe(1)
  const offers = await offersTo(db)
  expect(offers.map((email) => email.to?.address)).toEqual(['ada@example.com', 'bea@example.com'])
  const adaToken = /\/ordernow\/kept\/([\w-]+)/.exec(offers[0]!.text ?? '')![1]!
  // Ada's link has lapsed: it keeps nothing and sends nothing.
  expect(await claim(db, adaToken, theirRequest, lapse + MINUTE)).toMatchObject({ status: 409 })
  // She may wait again, behind Bea.
  expect(await join(db, 'ada@example.com', {}, lapse + MINUTE)).toMatchObject({ ok: true })
  const states = await db
    .selectFrom('day_waitlist_entry')
    .select(['email', 'state'])
    .orderBy('email')
    .execute()
  expect(states).toEqual([
    { email: 'ada@example.com', state: 'waiting' },
    { email: 'bea@example.com', state: 'offered' },
  ])
})

test('without scripts, joining hands back the order she had typed, so the form below is still filled in', async () => {
  const { db } = await fullSaturday()
  const post = (fields: Record<string, string>) =>
    receiveDayWaitlistJoin({
      db,
      clientIp: '203.0.113.77',
      now: new Date(NOW),
      request: new Request(`${SITE}/ordernow?waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }),
    })
  const typed = {
    'order.name': 'Ada Okafor',
    'order.email': 'ada@example.com',
    'order.event_theme': 'Retirement cake',
    'order.comments': 'x'.repeat(2500),
    'order.not_a_field': 'dropped',
  }
  const joined = await post({ email: 'ada@example.com', due_date: DAY, product: 'Cakes', ...typed })
  expect(joined.status).toBe(200)
  expect(joined.body).toMatchObject({ ok: true, dayWaitlist: true })
  expect(joined.body.values).toEqual({
    name: 'Ada Okafor',
    email: 'ada@example.com',
    event_theme: 'Retirement cake',
    comments: 'x'.repeat(2000),
  })

  // An email to mend keeps the order too; a join from the page with scripts carries none.
  const mend = await post({ email: 'ada@', due_date: DAY, product: 'Cakes', ...typed })
  expect(mend.status).toBe(400)
  expect(mend.body.values?.name).toBe('Ada Okafor')
  const scripted = await post({ email: 'bo@example.com', due_date: DAY, product: 'Cakes' })
  expect(scripted.body).not.toHaveProperty('values')
})
