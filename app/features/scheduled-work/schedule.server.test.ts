import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { waiveDeposit } from '#app/features/order-book/money-in.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { quoteFor } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { bakeryHour, runSchedule } from './schedule.server.ts'

const SITE_URL = 'https://butterandbloom.example'
// Friday, December 11, 2026 in Toronto (UTC−5): 06:59, 07:00 and 09:00 there.
const BEFORE_SEVEN = new Date('2026-12-11T11:59:00Z')
const SEVEN = new Date('2026-12-11T12:00:00Z')
const NINE = new Date('2026-12-11T14:00:00Z')
const NEXT_MORNING = new Date('2026-12-12T13:00:00Z')

async function prepare(db: Db) {
  await seedMenu(db)
  await setWeekdayCapacity(db, [9, 9, 9, 9, 9, 9, 9])
}

/** Stores requests sent on November 23; returns their ids. */
async function send(db: Db, orders: (typeof birthdayCakeOrder)[]) {
  const sent = await submitOrderRequests(db, orders, {
    products: [],
    siteUrl: SITE_URL,
    now: new Date('2026-11-23T20:00:00Z'),
  })
  if (!sent.ok) throw new Error('Not booked.')
  const rows = await db
    .selectFrom('order_request')
    .select('id')
    .where('batch_id', '=', sent.batchId)
    .orderBy('position')
    .execute()
  return rows.map((row) => row.id)
}

async function confirm(db: Db, id: number) {
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: id,
      quote: {
        priceCents: 9_000,
        depositCents: 3_000,
        depositDue: null,
        paymentInstructions: '',
        message: '',
      },
      now: Date.parse('2026-11-24T12:00:00Z'),
    }),
  )
  await waiveDeposit(db, { requestId: id, now: Date.parse('2026-11-24T12:00:00Z') })
  await db
    .updateTable('request_quote')
    .set({ accepted_at: 1 })
    .where('request_id', '=', id)
    .execute()
  await db.transaction().execute((trx) =>
    moveRequest(trx, {
      requestId: id,
      to: 'confirmed',
      actor: 'owner',
      now: Date.parse('2026-11-24T12:00:00Z'),
    }),
  )
}

async function queued(db: Db, topic: 'owner_digest' | 'request_reminder') {
  const rows = await db
    .selectFrom('outbox')
    .select(['payload', 'dedupe_key', 'subject_id'])
    .where('topic', '=', topic)
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ key: row.dedupe_key, email: JSON.parse(row.payload) }))
}

test('the bakery’s clock decides the hour, whatever the server’s', () => {
  expect(bakeryHour(BEFORE_SEVEN)).toBe(6)
  expect(bakeryHour(SEVEN)).toBe(7)
})

test('the morning digest lists what is due today and tomorrow, once a day, from 7', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  await send(db, [
    { ...birthdayCakeOrder, due_date: '2026-12-11', product_type: 'Cupcakes', name: 'Ana Lima' },
    { ...birthdayCakeOrder, due_date: '2026-12-12', allergies: 'No peanuts' },
    { ...birthdayCakeOrder, due_date: '2026-12-20', product_type: 'Other' },
  ])
  expect(await runSchedule(db, { now: BEFORE_SEVEN, siteUrl: SITE_URL })).toEqual({
    digest: false,
    reminders: 0,
    paymentNotices: 0,
  })
  expect(await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })).toMatchObject({ digest: true })
  // Every few minutes, after a restart: still one.
  expect(await runSchedule(db, { now: NINE, siteUrl: SITE_URL })).toMatchObject({ digest: false })
  const digests = await queued(db, 'owner_digest')
  expect(digests).toHaveLength(1)
  expect(digests[0]!.key).toBe('digest:2026-12-11')
  const { subject, text, to } = digests[0]!.email
  expect(subject).toBe('Your day: Friday, December 11, 2026')
  expect(to).toBeUndefined()
  expect(text).toContain('Today: Cupcakes for Ana Lima (New)')
  expect(text).toContain('Tomorrow: Cakes for Priya Sharma (New) — allergies: No peanuts')
  expect(text).not.toContain('Other')
  // The next morning brings the next day's digest.
  await runSchedule(db, { now: NEXT_MORNING, siteUrl: SITE_URL })
  expect((await queued(db, 'owner_digest')).map((digest) => digest.key)).toEqual([
    'digest:2026-12-11',
    'digest:2026-12-12',
  ])
})

test('the morning digest, word for word, goes to the owner alone', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  await send(db, [
    { ...birthdayCakeOrder, due_date: '2026-12-11', product_type: 'Cupcakes', name: 'Ana Lima' },
  ])
  await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })
  const [digest] = await queued(db, 'owner_digest')
  expect(digest!.email).toMatchInlineSnapshot(`
    {
      "emailjs": {
        "call": "send",
        "template": "order",
        "templateParams": {
          "order_count": "1",
          "orders_summary": "Your day: Friday, December 11, 2026.

    Due today and tomorrow:
    • Today: Cupcakes for Ana Lima (New)

    The order book: https://butterandbloom.example/admin/orders",
        },
      },
      "html": "<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">Your day: Friday, December 11, 2026</h1><h2 style="font-size:18px;margin:20px 0 8px">Due today and tomorrow</h2><ul><li>Today: Cupcakes for Ana Lima (New)</li></ul><p><a href="https://butterandbloom.example/admin/orders">Open the order book</a></p><p style="margin-top:24px;color:#6b3e2e">Sent by the Butter &amp; Bloom Bakery website.</p></body></html>",
      "subject": "Your day: Friday, December 11, 2026",
      "text": "Your day: Friday, December 11, 2026.

    Due today and tomorrow:
    • Today: Cupcakes for Ana Lima (New)

    The order book: https://butterandbloom.example/admin/orders",
    }
  `)
})

test('the digest says when each order is handed over and, for a delivery, where', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  const [delivery, pickup] = await send(db, [
    { ...birthdayCakeOrder, due_date: '2026-12-11', name: 'Ana Lima' },
    { ...birthdayCakeOrder, due_date: '2026-12-12' },
  ])
  // As the order form stores them on a day with windows.
  await db
    .updateTable('order_request')
    .set({
      fulfilment: 'delivery',
      pickup_window: '14:00-16:00',
      delivery_street: '12 Maple Street',
      delivery_city: 'Toronto',
      delivery_postal_code: 'M4C 1A1',
    })
    .where('id', '=', delivery!)
    .execute()
  await db
    .updateTable('order_request')
    .set({ fulfilment: 'pickup', pickup_window: '10:00-12:00' })
    .where('id', '=', pickup!)
    .execute()
  await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })
  const [digest] = await queued(db, 'owner_digest')
  expect(digest!.email.text).toContain(
    'Today: Cakes for Ana Lima (New) · Delivery 2:00\u00a0p.m.–4:00\u00a0p.m. to 12 Maple Street, Toronto M4C 1A1',
  )
  expect(digest!.email.text).toContain(
    'Tomorrow: Cakes for Priya Sharma (New) · Pickup 10:00\u00a0a.m.–12:00\u00a0p.m.',
  )
  expect(digest!.email.html).toContain('Delivery 2:00\u00a0p.m.–4:00\u00a0p.m. to 12 Maple Street')
})

test('the digest flags deposits overdue by the bakery’s today, and says servings as a phrase', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  const [late, dueToday] = await send(db, [
    { ...birthdayCakeOrder, due_date: '2026-12-19', name: 'Ana Lima', servings: '20' },
    {
      ...birthdayCakeOrder,
      due_date: '2026-12-12',
      product_type: 'Cupcakes',
      servings: '24 cupcakes',
    },
  ])
  for (const [id, depositDue] of [
    [late!, '2026-12-10'],
    [dueToday!, '2026-12-11'],
  ] as const) {
    await quoteFor(db, id, { depositDue, now: Date.parse('2026-12-09T15:00:00Z') })
  }
  await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })
  const { text } = (await queued(db, 'owner_digest'))[0]!.email
  expect(text).toContain(
    'Deposits overdue:\n• Cakes for Ana Lima: $30 was due Thursday, December 10, 2026',
  )
  // Due today is not yet overdue.
  expect(text).not.toContain('was due Friday, December 11')
  expect(text).toContain('Tomorrow: Cupcakes for Priya Sharma (Quoted), 24 cupcakes')
  expect(text).not.toContain('servings')
  await runSchedule(db, { now: NEXT_MORNING, siteUrl: SITE_URL })
  const next = (await queued(db, 'owner_digest'))[1]!.email.text
  expect(next).toContain('was due Friday, December 11, 2026')
})

test('a bare number of servings reads "serves 20" in the digest', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  await send(db, [{ ...birthdayCakeOrder, due_date: '2026-12-11', servings: '20' }])
  await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })
  const { text } = (await queued(db, 'owner_digest'))[0]!.email
  expect(text).toContain('Today: Cakes for Priya Sharma (New), serves 20')
})

test('a day with nothing to say sends no digest', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  expect(await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })).toEqual({
    digest: false,
    reminders: 0,
    paymentNotices: 0,
  })
  expect(await queued(db, 'owner_digest')).toEqual([])
})

test('customers with a confirmed request tomorrow are reminded once, from 9; others are not', async () => {
  const { db } = await openTestDatabase()
  await prepare(db)
  const [confirmed, , declined] = await send(db, [
    { ...birthdayCakeOrder, due_date: '2026-12-12' },
    { ...birthdayCakeOrder, due_date: '2026-12-12', email: 'new@example.com' },
    { ...birthdayCakeOrder, due_date: '2026-12-12', email: 'no@example.com' },
  ])
  await confirm(db, confirmed!)
  await db
    .transaction()
    .execute((trx) =>
      moveRequest(trx, { requestId: declined!, to: 'declined', actor: 'owner', now: 0 }),
    )
  expect((await runSchedule(db, { now: SEVEN, siteUrl: SITE_URL })).reminders).toBe(0)
  expect((await runSchedule(db, { now: NINE, siteUrl: SITE_URL })).reminders).toBe(1)
  expect((await runSchedule(db, { now: NINE, siteUrl: SITE_URL })).reminders).toBe(0)
  const reminders = await queued(db, 'request_reminder')
  expect(reminders).toHaveLength(1)
  const { email } = reminders[0]!
  expect(email.to).toEqual({ name: 'Priya Sharma', address: 'priya@example.com' })
  expect(email.subject).toBe('See you tomorrow — your Cakes from Butter & Bloom Bakery')
  expect(email.text).toContain('ready for pickup tomorrow, Saturday, December 12, 2026')
  expect(email.text).toContain('Still to pay: $90.')
  expect(email.text).toMatch(/Your order: https:\/\/butterandbloom\.example\/requests\/[\w-]{24}/)
})

test('two instances running the schedule at once queue each email once', async () => {
  const [first, second] =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [(await openTestDatabase()).db]
  const other = second ?? first
  await prepare(first)
  const [id] = await send(first, [{ ...birthdayCakeOrder, due_date: '2026-12-12' }])
  await confirm(first, id!)
  await Promise.all([
    runSchedule(first, { now: NINE, siteUrl: SITE_URL }),
    runSchedule(other, { now: NINE, siteUrl: SITE_URL }),
    runSchedule(first, { now: NINE, siteUrl: SITE_URL }),
  ])
  expect(await queued(first, 'owner_digest')).toHaveLength(1)
  expect(await queued(first, 'request_reminder')).toHaveLength(1)
  await second?.destroy()
})
