import { parse } from 'csv-parse/sync'
import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { updateBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import { readRequestStatus } from '#app/features/customer-page/request-status.server.ts'
import { streamCalendarFeed } from '#app/features/owner-desk/calendar-feed.server.ts'
import { streamOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { readBakeList } from '#app/features/owner-desk/owner-calendar.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { queueRequestUpdate } from './update-emails.server.ts'

const SITE = 'https://butterandbloom.example'
const ADDRESS = '12 Rosewood Crescent, Unit B'

/** Saturday, December 12: Priya's cake delivered 10:00–12:00, Sam's cupcakes collected 14:00–16:00. */
async function openHandovers() {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await updateBookingSettings(db, { deliveryEnabled: true, pickupAddress: ADDRESS })
  await addPickupWindow(db, { weekday: 6, start: '10:00', end: '12:00', capacity: 3 })
  await addPickupWindow(db, { weekday: 6, start: '14:00', end: '16:00', capacity: 3 })
  const priya = await sendRequest(db, {
    fulfilment: 'delivery',
    pickup_window: '10:00-12:00',
    delivery_street: '88 Lilac Lane',
    delivery_city: 'Oakville',
    delivery_postal_code: 'L6J 2X9',
    delivery_notes: 'Blue door',
  })
  const sam = await sendRequest(db, {
    name: 'Sam Okafor',
    email: 'sam@example.com',
    product_type: 'Cupcakes',
    fulfilment: 'pickup',
    pickup_window: '14:00-16:00',
  })
  return { db, priya, sam }
}

const tokenOf = async (db: Db, id: number) =>
  (
    await db
      .selectFrom('order_request')
      .select('customer_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).customer_token!

const payloads = async (db: Db, topic: string) =>
  (
    await db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', topic as never)
      .orderBy('id')
      .execute()
  ).map((row) => row.payload)

test('a delivery with its address reaches the bake list with its time, and a pickup with its own', async () => {
  const { db } = await openHandovers()
  const list = await readBakeList(db, '2026-12-12')
  expect(
    list.map(({ name, fulfilment, window, delivery }) => ({ name, fulfilment, window, delivery })),
  ).toEqual([
    {
      name: 'Priya Sharma',
      fulfilment: 'delivery',
      window: '10:00-12:00',
      delivery: {
        street: '88 Lilac Lane',
        city: 'Oakville',
        postalCode: 'L6J 2X9',
        notes: 'Blue door',
      },
    },
    {
      name: 'Sam Okafor',
      fulfilment: 'pickup',
      window: '14:00-16:00',
      delivery: { street: null, city: null, postalCode: null, notes: null },
    },
  ])
})

test('the calendar feed puts each request at its window, a delivery at its address, and never the pickup address', async () => {
  const { db } = await openHandovers()
  const text = await new Response(
    await streamCalendarFeed(db, { siteUrl: SITE, now: new Date(BOOK_NOW) }),
  ).text()
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      summary: event.summary,
      allDay: event.startDate.isDate,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location ?? null,
      description: event.description,
    }
  })
  // 10:00 in Toronto in December is 15:00 UTC.
  expect(events).toMatchObject([
    {
      summary: 'Cakes — Priya Sharma (new)',
      allDay: false,
      start: '2026-12-12T15:00:00.000Z',
      end: '2026-12-12T17:00:00.000Z',
      location: '88 Lilac Lane, Oakville L6J 2X9',
    },
    {
      summary: 'Cupcakes — Sam Okafor (new)',
      allDay: false,
      start: '2026-12-12T19:00:00.000Z',
      end: '2026-12-12T21:00:00.000Z',
      location: null,
    },
  ])
  expect(events[0]!.description).toContain('Delivery 10:00\u00a0a.m.–12:00\u00a0p.m.')
  expect(events[0]!.description).toContain('Delivery notes: Blue door')
  expect(events[1]!.description).toContain('Pickup 2:00\u00a0p.m.–4:00\u00a0p.m.')
  expect(text).not.toContain('Rosewood')
})

test('the pickup address reaches a customer only once her request is confirmed: her page, then her emails', async () => {
  const { db, priya, sam } = await openHandovers()
  const samToken = await tokenOf(db, sam)
  const before = (await readRequestStatus(db, samToken))!.requests[0]!
  expect(before).toMatchObject({ window: '14:00-16:00', pickupAddress: null })
  // Nothing sent so far (the owner's email, the customers' confirmations) holds it.
  for (const topic of ['order_batch', 'request_confirmation']) {
    for (const payload of await payloads(db, topic)) expect(payload).not.toContain('Rosewood')
  }

  for (const id of [sam, priya]) {
    await moveTo(db, id, 'quoted')
    // Quoted is not yet booked: still nothing.
    expect((await readRequestStatus(db, await tokenOf(db, id)))!.requests[0]!.pickupAddress).toBe(
      null,
    )
    await moveTo(db, id, 'confirmed')
  }
  await db.transaction().execute(async (trx) => {
    await queueRequestUpdate(trx, 'confirmed', { requestId: sam, siteUrl: SITE, now: BOOK_NOW })
    await queueRequestUpdate(trx, 'confirmed', { requestId: priya, siteUrl: SITE, now: BOOK_NOW })
  })
  expect((await readRequestStatus(db, samToken))!.requests[0]).toMatchObject({
    window: '14:00-16:00',
    // With the city, province and postal code of her address (the seed's).
    pickupAddress: `${ADDRESS}, Toronto, ON M4M 1H9`,
    deliveryAddress: null,
  })
  // A delivery is brought to her: her own address, never the bakery's.
  expect((await readRequestStatus(db, await tokenOf(db, priya)))!.requests[0]).toMatchObject({
    window: '10:00-12:00',
    pickupAddress: null,
    deliveryAddress: '88 Lilac Lane, Oakville L6J 2X9',
  })
  const [samConfirmed, priyaConfirmed] = (await payloads(db, 'request_update')).map(
    (payload) => JSON.parse(payload) as { text: string },
  )
  expect(samConfirmed!.text).toContain(`Pickup time: 2:00\u00a0p.m.–4:00\u00a0p.m.`)
  expect(samConfirmed!.text).toContain(`Pickup at: ${ADDRESS}`)
  expect(priyaConfirmed!.text).toContain('Delivery to: 88 Lilac Lane, Oakville L6J 2X9')
  expect(priyaConfirmed!.text).not.toContain('Rosewood')

  // The reminder the day before carries the time and the place.
  await runSchedule(db, { now: new Date('2026-12-11T20:00:00Z'), siteUrl: SITE })
  const reminders = (await payloads(db, 'request_reminder')).map(
    (payload) => JSON.parse(payload) as { to: { address: string }; text: string },
  )
  const samReminder = reminders.find((email) => email.to.address === 'sam@example.com')!
  expect(samReminder.text).toContain(
    'tomorrow, Saturday, December 12, 2026, 2:00\u00a0p.m.–4:00\u00a0p.m.\n',
  )
  expect(samReminder.text).toContain(`Where: ${ADDRESS}`)
  const priyaReminder = reminders.find((email) => email.to.address === 'priya@example.com')!
  expect(priyaReminder.text).toContain('To: 88 Lilac Lane, Oakville L6J 2X9')
  expect(priyaReminder.text).not.toContain('Rosewood')
})

test('the export has the time window and the delivery address in their own columns', async () => {
  const { db } = await openHandovers()
  const text = await new Response(streamOrdersCsv(db)).text()
  const records = parse(text, { columns: true }) as Record<string, string>[]
  expect(
    records.map((record) => [
      record['time window'],
      record['delivery street'],
      record['delivery city'],
      record['delivery postal code'],
      record['delivery notes'],
    ]),
  ).toEqual([
    ['10:00-12:00', '88 Lilac Lane', 'Oakville', 'L6J 2X9', 'Blue door'],
    ['14:00-16:00', '', '', '', ''],
  ])
})
