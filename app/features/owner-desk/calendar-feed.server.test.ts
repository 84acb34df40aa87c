import ical from 'ical-generator'
import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import type { Db } from '#app/db/db.server.ts'
import { updateBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import {
  answerCalendarFeed,
  ensureIcalKey,
  feedUrls,
  receiveIcalKeyAction,
  rotateIcalKey,
  streamCalendarFeed,
} from './calendar-feed.server.ts'

const SITE = 'https://butterandbloom.example'

const fetchFeed = (db: Db, key: string | null) =>
  answerCalendarFeed({
    db,
    url: new URL(
      `${SITE}/admin/calendar.ics${key === null ? '' : `?key=${encodeURIComponent(key)}`}`,
    ),
    siteUrl: SITE,
    now: new Date(BOOK_NOW),
  })

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      end: event.endDate.toString(),
      description: event.description,
    }
  })
}

test('the feed has one all-day event per request still to be made, the same event on every fetch', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const cake = await sendRequest(db, {
    allergies: 'Tree nuts',
    servings: '20',
    fulfilment: 'pickup',
  })
  const cupcakes = await sendRequest(db, {
    product_type: 'Cupcakes',
    name: 'Sam Lee',
    due_date: '2026-12-19',
  })
  await moveTo(db, await sendRequest(db, { name: 'Ana Ruiz' }), 'declined')
  const done = await sendRequest(db, { name: 'Jo Park' })
  await db
    .updateTable('order_request')
    .set({ status: 'completed' })
    .where('id', '=', done)
    .execute()
  const key = await ensureIcalKey(db)

  const response = await fetchFeed(db, key)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  const text = await response.text()
  const events = eventsOf(text)
  expect(
    events.map(({ uid, summary, start, end, allDay }) => ({ uid, summary, start, end, allDay })),
  ).toEqual([
    {
      uid: `request-${cake}@butterandbloom.example`,
      summary: 'Cakes — Priya Sharma (new)',
      start: '2026-12-12',
      end: '2026-12-13',
      allDay: true,
    },
    {
      uid: `request-${cupcakes}@butterandbloom.example`,
      summary: 'Cupcakes — Sam Lee (new)',
      start: '2026-12-19',
      end: '2026-12-20',
      allDay: true,
    },
  ])
  expect(events[0]!.description.split('\n')).toEqual([
    'Servings: 20',
    'Allergies: Tree nuts',
    'Pickup',
    'Event/Theme: Unicorn birthday',
    'Phone: 416-555-0199',
    `${SITE}/admin/orders/${cake}`,
  ])
  expect(events[1]!.description).toContain('Allergies: none noted')

  // Confirmed later: the same UID, a new summary, so the phone updates its event.
  await db
    .updateTable('order_request')
    .set({ status: 'confirmed' })
    .where('id', '=', cake)
    .execute()
  const again = eventsOf(await (await fetchFeed(db, key)).text())
  expect(again[0]).toMatchObject({
    uid: `request-${cake}@butterandbloom.example`,
    summary: 'Cakes — Priya Sharma (confirmed)',
  })
})

test('a missing, wrong or rotated key finds nothing: 404, the feed not revealed', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await sendRequest(db)
  // Before the settings page has made a key, no key opens the feed.
  expect((await fetchFeed(db, '')).status).toBe(404)
  const key = await ensureIcalKey(db)
  expect(key).toMatch(/^[A-Za-z0-9_-]{22,}$/)
  // Made once: showing the page again keeps it.
  expect(await ensureIcalKey(db)).toBe(key)
  for (const wrong of [null, '', 'x', key.slice(0, -1), `${key}x`, key.toLowerCase()]) {
    if (wrong === key) continue
    const response = await fetchFeed(db, wrong)
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('VCALENDAR')
  }
  const rotated = await rotateIcalKey(db)
  expect(rotated).not.toBe(key)
  expect((await fetchFeed(db, key)).status).toBe(404)
  expect((await fetchFeed(db, rotated)).status).toBe(200)
})

test('the feed’s address, for a browser and for a phone’s calendar', () => {
  expect(feedUrls(SITE, 'a-b_c')).toEqual({
    https: `${SITE}/admin/calendar.ics?key=a-b_c`,
    webcal: 'webcal://butterandbloom.example/admin/calendar.ics?key=a-b_c',
  })
})

test('the settings page’s Rotate key post makes a new key; any other post is not understood', async () => {
  const { db } = await openTestDatabase()
  const key = await ensureIcalKey(db)
  const post = (body: string, type = 'application/x-www-form-urlencoded') =>
    receiveIcalKeyAction({
      db,
      request: new Request(`${SITE}/admin/settings`, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      }),
    })
  expect(await post('intent=rotate-ical-key')).toMatchObject({
    status: 200,
    body: { ok: true, intent: 'rotate-ical-key' },
  })
  const rotated = await ensureIcalKey(db)
  expect(rotated).not.toBe(key)
  expect(await post('intent=rotate', 'application/x-www-form-urlencoded')).toMatchObject({
    status: 400,
    body: { ok: false, error: 'That request could not be understood.' },
  })
  expect(await post('{"intent":"rotate-ical-key"}', 'application/json')).toMatchObject({
    status: 400,
  })
  expect(await ensureIcalKey(db)).toBe(rotated)
})

/** Sends `count` requests, then puts each on its date as the test needs (past dates cannot be booked). */
async function requestsOn(db: Db, dates: string[]): Promise<number[]> {
  const ids: number[] = []
  for (const [index, date] of dates.entries()) {
    const id = await sendRequest(db, { product_type: 'Cupcakes', name: `Guest ${index}` })
    await db.updateTable('order_request').set({ due_date: date }).where('id', '=', id).execute()
    ids.push(id)
  }
  return ids
}

test('the feed reaches 90 days back and forward to the booking horizon, however many pages it is written in', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  // Today is 2026-11-23: the window is 2026-08-25 to 2026-12-23 with 30 days ahead.
  await updateBookingSettings(db, { horizonDays: 30 })
  const [tooOld, firstDay, sameA, sameB, sameC, lastDay, tooFar] = await requestsOn(db, [
    '2026-08-24',
    '2026-08-25',
    '2026-12-01',
    '2026-12-01',
    '2026-12-01',
    '2026-12-23',
    '2026-12-24',
  ])
  const key = await ensureIcalKey(db)
  const whole = await (await fetchFeed(db, key)).text()
  const uids = eventsOf(whole).map((event) => event.uid)
  const uid = (id: number | undefined) => `request-${id}@butterandbloom.example`
  // In due-date order, the same day's by id; the old one and the one past the horizon left out.
  expect(uids).toEqual([firstDay, sameA, sameB, sameC, lastDay].map(uid))
  expect(uids).not.toContain(uid(tooOld))
  expect(uids).not.toContain(uid(tooFar))

  // Pages of 1, 2 and 3 split the same day's requests and end exactly on the
  // last one or one short: the same file every time, nothing lost or repeated.
  for (const pageSize of [1, 2, 3, 5]) {
    const stream = await streamCalendarFeed(db, {
      siteUrl: SITE,
      now: new Date(BOOK_NOW),
      pageSize,
    })
    expect(await new Response(stream).text()).toBe(whole)
  }
})

test('the feed reads byte for byte as ical-generator wrote it, long and non-ASCII text folded the same', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db, {
    name: 'Zoë Ångström-Nakamura; the "birthday" girl',
    event_theme: `Garden party, ${'🌸 fleurs à gogo — '.repeat(6)}and a backslash \\ too`,
    allergies: 'Peanuts\nsesame; shellfish, eggs',
    servings: '40',
    fulfilment: 'delivery',
  })
  const key = await ensureIcalKey(db)
  const text = await (await fetchFeed(db, key)).text()

  // What the feed was before it streamed: the package, given the same event.
  const request = await db
    .selectFrom('order_request')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  const calendar = ical({
    name: `${site.brandTitle} orders`,
    prodId: { company: site.brandTitle, product: 'Order book', language: 'EN' },
    ttl: 60 * 60,
  })
  const link = `${SITE}/admin/orders/${id}`
  calendar.createEvent({
    id: `request-${id}@butterandbloom.example`,
    start: new Date(`${request.due_date}T00:00:00Z`),
    end: new Date('2026-12-13T00:00:00Z'),
    allDay: true,
    stamp: new Date(BOOK_NOW),
    summary: `Cakes — ${request.name} (new)`,
    description: [
      'Servings: 40',
      `Allergies: ${request.allergies}`,
      'Delivery',
      `Event/Theme: ${request.event_theme}`,
      'Phone: 416-555-0199',
      link,
    ].join('\n'),
    url: link,
  })
  expect(text).toBe(calendar.toString())
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
})
