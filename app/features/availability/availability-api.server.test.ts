import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTwoInstances } from '#tests/support/database.ts'
import { BOOK_NOW, moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { LOOKUPS_PER_MINUTE, serveAvailability } from './availability-api.server.ts'
import { addClosedPeriod } from './booking-settings.server.ts'
import { addPickupWindow } from './pickup-windows.server.ts'

const NOW = new Date(BOOK_NOW)
const QUERY = 'from=2026-12-11&to=2026-12-12&product=Cakes'

let addressCounter = 0
const freshAddress = () => `198.51.100.${++addressCounter}`

async function lookUp(db: Db, { query = QUERY, clientIp = freshAddress(), now = NOW } = {}) {
  return serveAvailability({
    db,
    url: new URL(`http://localhost/api/availability?${query}`),
    clientIp,
    now,
  })
}

test('a repeated range gets the same answer; a booking, a decline or a closed day on another instance changes it at once', async () => {
  const [first, second] = await openTwoInstances()
  await openBakery(first)
  const open = {
    status: 200,
    body: {
      days: [
        { date: '2026-12-11', status: 'open', remaining: 6 },
        { date: '2026-12-12', status: 'open', remaining: 6 },
      ],
    },
  }
  expect(await lookUp(first)).toEqual(open)
  expect(await lookUp(first)).toEqual(open)

  // Each Cakes request takes 2 of Saturday's 6.
  const id = await sendRequest(second, { due_date: '2026-12-12' })
  const booked = await lookUp(first)
  expect(booked.body).toEqual({
    days: [
      { date: '2026-12-11', status: 'open', remaining: 6 },
      { date: '2026-12-12', status: 'open', remaining: 4 },
    ],
  })
  expect(await lookUp(first)).toEqual(booked)

  await moveTo(second, id, 'declined')
  expect(await lookUp(first)).toEqual(open)

  await addClosedPeriod(second, { start: '2026-12-11' })
  expect((await lookUp(first)).body).toEqual({
    days: [
      { date: '2026-12-11', status: 'closed', remaining: 0 },
      { date: '2026-12-12', status: 'open', remaining: 6 },
    ],
  })
})

test('a request moved to another pickup window on another instance frees the first at once', async () => {
  const [first, second] = await openTwoInstances()
  await openBakery(first)
  for (const [start, end] of [
    ['10:00', '12:00'],
    ['14:00', '16:00'],
  ] as const) {
    expect(await addPickupWindow(first, { weekday: 6, start, end, capacity: 1 })).toMatchObject({
      ok: true,
    })
  }
  const saturday = 'from=2026-12-12&to=2026-12-12&product=Cakes'
  const windowsOn = async () => (await lookUp(first, { query: saturday })).body
  const id = await sendRequest(second, { due_date: '2026-12-12', pickup_window: '10:00-12:00' })
  expect(await windowsOn()).toMatchObject({
    days: [
      {
        windows: [
          { value: '10:00-12:00', full: true },
          { value: '14:00-16:00', full: false },
        ],
      },
    ],
  })

  // Only the time changes (an accepted change, or her own edit): the day's effort does not.
  await second
    .updateTable('order_request')
    .set({ pickup_window: '14:00-16:00' })
    .where('id', '=', id)
    .execute()
  expect(await windowsOn()).toMatchObject({
    days: [
      {
        windows: [
          { value: '10:00-12:00', full: false },
          { value: '14:00-16:00', full: true },
        ],
      },
    ],
  })
})

test('the same range asked the next day answers for that day: yesterday has passed', async () => {
  const [db] = await openTwoInstances()
  await openBakery(db)
  const query = 'from=2026-11-23&to=2026-11-24'
  expect((await lookUp(db, { query })).body).toMatchObject({
    days: [{ status: 'open' }, { status: 'open' }],
  })
  const nextDay = new Date(NOW.getTime() + 24 * 60 * 60 * 1000)
  expect((await lookUp(db, { query, now: nextDay })).body).toMatchObject({
    days: [{ status: 'too-soon' }, { status: 'open' }],
  })
})

test(`one address gets ${LOOKUPS_PER_MINUTE} lookups a minute, then 429 with a message and Retry-After`, async () => {
  const [db] = await openTwoInstances()
  await openBakery(db)
  const clientIp = freshAddress()
  for (let count = 0; count < LOOKUPS_PER_MINUTE; count++) {
    expect((await lookUp(db, { clientIp })).status).toBe(200)
  }
  const refused = await lookUp(db, { clientIp })
  expect(refused.status).toBe(429)
  expect(refused.body).toEqual({
    error: 'That is a lot of calendar lookups in a minute. Please try again in 1 minute.',
  })
  expect(refused.headers?.get('Retry-After')).toBe('60')
  // Another address is not held back, and a minute later this one is answered again.
  expect((await lookUp(db)).status).toBe(200)
  const aMinuteLater = new Date(NOW.getTime() + 60_000)
  expect((await lookUp(db, { clientIp, now: aMinuteLater })).status).toBe(200)
})
