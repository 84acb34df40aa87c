import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import {
  answerCalendarFeed,
  ensureIcalKey,
  feedUrls,
  receiveIcalKeyAction,
  rotateIcalKey,
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
    'Event: Unicorn birthday',
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
