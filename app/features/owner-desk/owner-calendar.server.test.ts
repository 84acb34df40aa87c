import { expect, test } from 'vitest'
import { addClosedPeriod } from '#app/features/availability/booking-settings.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'
import {
  addMonths,
  parseCalendarQuery,
  readBakeList,
  readCalendarMonth,
} from './owner-calendar.server.ts'

const url = (query: string) => new URL(`https://butterandbloom.example/admin/calendar${query}`)

test('a month shows each day’s booked effort against its capacity, held requests and closed days with their notes', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  // Saturday, December 12: a cake (effort 2) and cupcakes (1) held; a declined cake holds nothing.
  await moveTo(db, await sendRequest(db, { product_type: 'Cakes', name: 'Ana Ruiz' }), 'declined')
  await sendRequest(db, { product_type: 'Cakes' })
  await sendRequest(db, { product_type: 'Cupcakes', name: 'Sam Lee' })
  await addClosedPeriod(db, { start: '2026-12-24', end: '2026-12-26', note: 'Family in Lisbon' })

  const month = await readCalendarMonth(db, { month: '2026-12', today: '2026-12-01' })
  expect(month).toMatchObject({ month: '2026-12', previous: '2026-11', next: '2027-01' })
  const days = month.weeks.flat()
  // Whole weeks, Sunday first: Nov 29 to Jan 2.
  expect(month.weeks.every((week) => week.length === 7)).toBe(true)
  expect(days[0]).toMatchObject({ date: '2026-11-29', inMonth: false })
  expect(days.at(-1)).toMatchObject({ date: '2027-01-02', inMonth: false })
  const day = (date: string) => days.find((candidate) => candidate.date === date)!

  expect(day('2026-12-12')).toMatchObject({
    capacity: 6,
    booked: 3,
    held: 2,
    live: 2,
    closed: null,
    inMonth: true,
  })
  expect(day('2026-12-01')).toMatchObject({ isToday: true, booked: 0, held: 0 })
  expect(day('2026-12-13')).toMatchObject({ capacity: 0, closed: { kind: 'weekday' } })
  expect(day('2026-12-25')).toMatchObject({
    capacity: 6,
    closed: { kind: 'period', note: 'Family in Lisbon' },
  })
  expect(month.closedWeekdays).toEqual([0])
  expect(month.closedPeriods).toMatchObject([
    { start: '2026-12-24', end: '2026-12-26', note: 'Family in Lisbon' },
  ])
  // Another month's closing is not this month's.
  expect(
    (await readCalendarMonth(db, { month: '2027-02', today: '2026-12-01' })).closedPeriods,
  ).toEqual([])
})

test('a ready request still holds its day; once completed it shows on its day but holds nothing', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db, { product_type: 'Cupcakes' })
  const saturday = async () =>
    (await readCalendarMonth(db, { month: '2026-12', today: '2026-11-23' })).weeks
      .flat()
      .find((day) => day.date === '2026-12-12')
  await db.updateTable('order_request').set({ status: 'ready' }).where('id', '=', id).execute()
  expect(await saturday()).toMatchObject({ booked: 1, held: 1, live: 1 })
  await moveTo(db, id, 'completed')
  expect(await saturday()).toMatchObject({ booked: 0, held: 0, live: 1 })
})

test('the bake list has every request of the day that will be made, with its allergies', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const cake = await sendRequest(db, {
    allergies: 'Tree nuts (severe)',
    servings: '20',
    fulfilment: 'delivery',
  })
  const cupcakes = await sendRequest(db, {
    product_type: 'Cupcakes',
    name: 'Sam Lee',
    allergies: '  ',
  })
  const completed = await sendRequest(db, { product_type: 'Cake Pops', name: 'Jo Park' })
  await db
    .updateTable('order_request')
    .set({ status: 'completed' })
    .where('id', '=', completed)
    .execute()
  for (const status of ['declined', 'cancelled'] as const) {
    await moveTo(
      db,
      await sendRequest(db, { product_type: 'Cupcakes', name: `Gone ${status}` }),
      status,
    )
  }
  const expired = await sendRequest(db, { product_type: 'Cupcakes', name: 'Gone expired' })
  await db
    .updateTable('order_request')
    .set({ status: 'expired' })
    .where('id', '=', expired)
    .execute()
  await sendRequest(db, { due_date: '2026-12-11', name: 'Another day' })

  const list = await readBakeList(db, '2026-12-12')
  expect(list.map((item) => [item.id, item.name, item.status])).toEqual([
    [cake, 'Priya Sharma', 'new'],
    [cupcakes, 'Sam Lee', 'new'],
    [completed, 'Jo Park', 'completed'],
  ])
  expect(list[0]).toMatchObject({
    product: 'Cakes',
    servings: '20',
    allergies: 'Tree nuts (severe)',
    fulfilment: 'delivery',
    phone: '416-555-0199',
    effort: 2,
  })
  // Blank allergies are none.
  expect(list[1]!.allergies).toBeNull()
})

test('the query names a month and a day; anything else is refused with a message and this month', () => {
  const today = '2026-11-23'
  expect(parseCalendarQuery(url(''), today)).toEqual({ ok: true, month: '2026-11', day: null })
  expect(parseCalendarQuery(url('?month=2027-02'), today)).toEqual({
    ok: true,
    month: '2027-02',
    day: null,
  })
  expect(parseCalendarQuery(url('?day=2026-12-12'), today)).toEqual({
    ok: true,
    month: '2026-12',
    day: '2026-12-12',
  })
  for (const query of ['?month=2026-13', '?month=december', '?day=2026-02-30', '?day=x']) {
    const parsed = parseCalendarQuery(url(query), today)
    expect(parsed).toMatchObject({ ok: false, month: '2026-11', day: null })
    expect(!parsed.ok && parsed.error).toMatch(/could not be read/)
  }
})

test('months step across years', () => {
  expect(addMonths('2026-12', 1)).toBe('2027-01')
  expect(addMonths('2027-01', -1)).toBe('2026-12')
  expect(addMonths('2026-11', 14)).toBe('2028-01')
})

test('a month or day outside the years 2000 to 2100 is refused with a message, and this month shows', async () => {
  const today = '2026-11-23'
  for (const query of ['?month=9999-12', '?day=9999-12-31', '?month=0000-01', '?day=1999-12-31']) {
    const parsed = parseCalendarQuery(url(query), today)
    expect(parsed).toMatchObject({ ok: false, month: '2026-11', day: null })
    expect(!parsed.ok && parsed.error).toMatch(
      /out of range\. Choose a date from the year 2000 to 2100\./,
    )
  }
  // The last month of the window still draws, its grid running into the next year.
  const { db } = await openTestDatabase()
  const month = await readCalendarMonth(db, { month: '2100-12', today })
  expect(month.weeks.flat().at(-1)!.date).toBe('2101-01-01')
})
