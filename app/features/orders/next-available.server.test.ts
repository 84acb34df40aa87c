import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { answerAvailability } from '#app/features/availability/availability.server.ts'
import {
  addClosedPeriod,
  readBookingRules,
  setWeekdayCapacity,
} from '#app/features/availability/booking-settings.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import { findNextAvailable } from '#app/features/date-choice/date-choice.ts'
import { listActiveProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import type { OrderRequest } from './order-schema.ts'
import { receiveOrderRequests } from './order-send.server.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto (the bakery's time zone).
const MONDAY_AFTERNOON = new Date('2026-11-23T20:00:00Z')
const SITE_URL = 'https://butterandbloom.example'

let ipCounter = 0
const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`

/** The bakery with Cakes needing `notice` days and room for 4 each day of the week. */
async function openBakery(notice: number) {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [4, 4, 4, 4, 4, 4, 4])
  await db.updateTable('product').set({ notice_days: notice }).where('name', '=', 'Cakes').execute()
  return db
}

function send(db: Db, order: Partial<OrderRequest>, now: Date) {
  return receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders: [{ ...birthdayCakeOrder, ...order }], accept_policies: true }),
    }),
    clientIp: freshIp(),
    db,
    siteUrl: SITE_URL,
    now,
  })
}

/** What the order form's "Next available" says for a treat, asked at `now`. */
async function nextAvailable(db: Db, product: string, now: Date) {
  const today = bakeryToday(now)
  const { horizonDays } = await readBookingRules(db)
  const products = await listActiveProducts(db)
  return findNextAvailable({
    today,
    lastBookable: addDays(today, horizonDays),
    loadMonth: async (from, to) => {
      const query = new URLSearchParams({ from, to, product })
      const answer = await answerAvailability({
        db,
        url: new URL(`http://localhost/api/availability?${query}`),
        products,
        now,
      })
      return (answer.body as { days: [] }).days
    },
  })
}

test('"Next available" moves with the clock and the notice, and a send takes the day it names', async () => {
  const db = await openBakery(4)
  // 11:59 p.m. on Monday: four days' notice reaches Friday the 27th.
  const lateMonday = new Date('2026-11-24T04:59:00Z')
  expect(await nextAvailable(db, 'Cakes', lateMonday)).toBe('2026-11-27')
  // Two minutes later it is Tuesday, and Friday is too soon.
  const earlyTuesday = new Date('2026-11-24T05:01:00Z')
  expect(await nextAvailable(db, 'Cakes', earlyTuesday)).toBe('2026-11-28')
  expect((await send(db, { due_date: '2026-11-27' }, earlyTuesday)).status).toBe(409)
  expect((await send(db, { due_date: '2026-11-28' }, earlyTuesday)).status).toBe(200)
})

test('"Next available" skips a closed day, a full day and a day whose every pickup time is taken', async () => {
  const db = await openBakery(4)
  // Friday the 27th, the first day the notice allows, is closed.
  await addClosedPeriod(db, { start: '2026-11-27' })
  // Saturday the 28th has room for more baking, but its one pickup time is taken.
  await addPickupWindow(db, { weekday: 6, start: '10:00', end: '12:00', capacity: 1 })
  const other = { product_type: 'Other', email: 'sam@example.com' }
  expect(
    (
      await send(
        db,
        { ...other, due_date: '2026-11-28', pickup_window: '10:00-12:00' },
        MONDAY_AFTERNOON,
      )
    ).status,
  ).toBe(200)
  // Sunday the 29th is closed every week; Monday the 30th is fully booked.
  await setWeekdayCapacity(db, [0, 1, 4, 4, 4, 4, 4])
  expect((await send(db, { ...other, due_date: '2026-11-30' }, MONDAY_AFTERNOON)).status).toBe(200)

  const next = await nextAvailable(db, 'Cakes', MONDAY_AFTERNOON)
  expect(next).toBe('2026-12-01')
  // Each day it skipped is one a send is refused.
  for (const [day, window] of [
    ['2026-11-26', undefined],
    ['2026-11-27', undefined],
    ['2026-11-28', '10:00-12:00'],
    ['2026-11-29', undefined],
    ['2026-11-30', undefined],
  ] as const) {
    const refused = await send(db, { due_date: day, pickup_window: window }, MONDAY_AFTERNOON)
    expect(refused.status, day).toBe(409)
    // A refused date's "Move to" names the same day as the hint.
    if (!window) expect(refused.body, day).toMatchObject({ nextOpenDay: next })
  }
  expect((await send(db, { due_date: next! }, MONDAY_AFTERNOON)).status).toBe(200)
})
