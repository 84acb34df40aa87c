import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import {
  listActiveProducts,
  listProducts,
  seedMenu,
  updateProduct,
} from '#app/features/menu/menu.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { answerAvailability } from './availability.server.ts'
import {
  addClosedPeriod,
  setWeekdayCapacity,
  updateBookingSettings,
} from './booking-settings.server.ts'

// Monday, November 23, 2026, mid-afternoon in Toronto.
const NOW = new Date('2026-11-23T20:00:00Z')

async function openBakery() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  // Closed Sundays, 3 units a weekday, 5 on Saturdays.
  await setWeekdayCapacity(db, [0, 3, 3, 3, 3, 3, 5])
  return db
}

async function ask(db: Db, query: string, now = NOW) {
  const url = new URL(`http://localhost/api/availability?${query}`)
  return answerAvailability({ db, url, products: await listActiveProducts(db), now })
}

async function daysOf(db: Db, query: string, now = NOW) {
  const answer = await ask(db, query, now)
  expect(answer.status).toBe(200)
  return 'days' in answer.body ? answer.body.days : []
}

/** Stores a request straight into the book, as a send would, with a status. */
async function holdRequest(db: Db, due_date: string, effort: number, status = 'new') {
  const { id } = await db
    .insertInto('order_batch')
    .values({ created_at: NOW.toISOString(), order_count: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('order_request')
    .values({
      ...birthdayCakeOrder,
      batch_id: id,
      position: 1,
      due_date,
      effort,
      status: status as 'new',
    })
    .execute()
}

test('the answer lists every asked day with its status and remaining capacity', async () => {
  const db = await openBakery()
  await holdRequest(db, '2026-11-28', 2)
  expect(await daysOf(db, 'from=2026-11-27&to=2026-11-30')).toEqual([
    { date: '2026-11-27', status: 'open', remaining: 3 },
    { date: '2026-11-28', status: 'open', remaining: 3 },
    { date: '2026-11-29', status: 'closed', remaining: 0 },
    { date: '2026-11-30', status: 'open', remaining: 3 },
  ])
})

test('requests still to be made or handed over hold capacity, ready ones too; completed, declined, cancelled and expired ones free it', async () => {
  const db = await openBakery()
  await holdRequest(db, '2026-12-01', 1, 'new')
  await holdRequest(db, '2026-12-01', 1, 'quoted')
  await holdRequest(db, '2026-12-01', 1, 'confirmed')
  for (const status of ['declined', 'cancelled', 'expired', 'completed']) {
    await holdRequest(db, '2026-12-02', 1, status)
  }
  // Baked and waiting for its pickup: still that day's order.
  await holdRequest(db, '2026-12-03', 1, 'ready')
  expect(await daysOf(db, 'from=2026-12-01&to=2026-12-03')).toEqual([
    { date: '2026-12-01', status: 'full', remaining: 0 },
    { date: '2026-12-02', status: 'open', remaining: 3 },
    { date: '2026-12-03', status: 'open', remaining: 2 },
  ])
})

test('a product’s notice and effort shape its own answer', async () => {
  const db = await openBakery()
  const cakes = (await listProducts(db)).find((product) => product.name === 'Cakes')!
  await updateProduct(db, cakes.id, { ...cakes, noticeDays: 14, effort: 3 })
  await holdRequest(db, '2026-12-08', 1)
  const days = await daysOf(db, 'from=2026-12-04&to=2026-12-08&product=Cakes')
  expect(days.map((day) => [day.date, day.status])).toEqual([
    ['2026-12-04', 'too-soon'],
    ['2026-12-05', 'too-soon'],
    ['2026-12-06', 'closed'],
    ['2026-12-07', 'open'],
    // Two units left: enough for cupcakes, not for a cake that needs three.
    ['2026-12-08', 'full'],
  ])
  expect((await daysOf(db, 'from=2026-12-08&to=2026-12-08&product=Other'))[0]!.status).toBe('open')
})

test('closed periods and the booking horizon close days; the owner’s notes never appear', async () => {
  const db = await openBakery()
  await addClosedPeriod(db, { start: '2026-12-24', end: '2026-12-26', note: 'Family in Halifax' })
  await updateBookingSettings(db, { horizonDays: 40 })
  const answer = await ask(db, 'from=2026-12-23&to=2027-01-03')
  const json = JSON.stringify(answer.body)
  expect(json).not.toContain('Halifax')
  const days = 'days' in answer.body ? answer.body.days : []
  expect(days.filter((day) => day.status === 'closed').map((day) => day.date)).toEqual([
    '2026-12-24',
    '2026-12-25',
    '2026-12-26',
    '2026-12-27', // a Sunday
    // Past the horizon: today + 40 is January 2.
    '2027-01-03',
  ])
  expect(Object.keys(days[0]!).sort()).toEqual(['date', 'remaining', 'status'])
})

test('the bakery’s own time zone decides what today is, around midnight', async () => {
  const db = await openBakery()
  // 23:30 on Monday the 23rd in Toronto is already 04:30 on the 24th in UTC.
  const lateMonday = new Date('2026-11-24T04:30:00Z')
  expect(bakeryToday(lateMonday)).toBe('2026-11-23')
  expect((await daysOf(db, 'from=2026-11-23&to=2026-11-23', lateMonday))[0]!.status).toBe('open')
  // Half an hour after midnight in Toronto, Monday is gone.
  const earlyTuesday = new Date('2026-11-24T05:30:00Z')
  expect(bakeryToday(earlyTuesday)).toBe('2026-11-24')
  expect(
    (await daysOf(db, 'from=2026-11-23&to=2026-11-24', earlyTuesday)).map((d) => d.status),
  ).toEqual(['too-soon', 'open'])
})

test.each([
  ['no dates', '', 'Give the dates as from=YYYY-MM-DD&to=YYYY-MM-DD'],
  ['a date that does not exist', 'from=2026-02-30&to=2026-03-01', 'Give the dates as'],
  ['dates in another form', 'from=12/01/2026&to=12/31/2026', 'Give the dates as'],
  ['to before from', 'from=2026-12-10&to=2026-12-01', 'must not be before'],
  ['more than 400 days', 'from=2026-12-01&to=2028-01-05', 'at most 400 days'],
  ['a day in year 9999', 'from=9999-12-31&to=9999-12-31', 'from the year 2000 to 2100'],
  [
    'a day in year 9999 for a product',
    'from=9999-12-31&to=9999-12-31&product=Cakes',
    'from the year 2000 to 2100',
  ],
  ['a range ending past 2100', 'from=2100-12-01&to=2101-01-05', 'from the year 2000 to 2100'],
  ['a day before 2000', 'from=1999-12-31&to=2000-01-01', 'from the year 2000 to 2100'],
  [
    'a product not on the menu',
    'from=2026-12-01&to=2026-12-02&product=Wedding%20Tower',
    'is not on our menu',
  ],
])('%s gets 400 with a message', async (_, query, message) => {
  const db = await openBakery()
  const answer = await ask(db, query)
  expect(answer.status).toBe(400)
  expect(answer.body).toEqual({ error: expect.stringContaining(message) })
})

test('the last days of the window are answered, closed past the booking horizon', async () => {
  const db = await openBakery()
  const days = await daysOf(db, 'from=2100-12-30&to=2100-12-31&product=Cakes')
  expect(days.map((day) => [day.date, day.status])).toEqual([
    ['2100-12-30', 'closed'],
    ['2100-12-31', 'closed'],
  ])
})

test('400 days exactly is answered', async () => {
  const db = await openBakery()
  expect(await daysOf(db, 'from=2026-12-01&to=2028-01-04')).toHaveLength(400)
})
