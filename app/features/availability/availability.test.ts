import { describe, expect, test } from 'vitest'
import { addDays } from '#app/utils/calendar-days.ts'
import {
  type BookingRules,
  availabilityBetween,
  dayAvailability,
  nextOpenDay,
  unavailableReason,
} from './availability.ts'

// Monday 2026-11-23 is "today" throughout; Sundays are closed, Saturdays bake 5.
const TODAY = '2026-11-23'
const rules: BookingRules = {
  weekdayCapacity: [0, 3, 3, 3, 3, 3, 5],
  closedPeriods: [
    { start: '2026-12-24', end: '2026-12-27' },
    { start: '2026-12-31', end: '2026-12-31' },
  ],
  horizonDays: 60,
}
const none = new Map<string, number>()
const tieredCake = { noticeDays: 14, effort: 3 }

function statusOf(date: string, booked = 0, demand?: { noticeDays: number; effort: number }) {
  return dayAvailability({ date, today: TODAY, rules, booked, demand })
}

describe('each day, one rule at a time', () => {
  test('a weekday with capacity is open, with what is left of it', () => {
    expect(statusOf('2026-11-24')).toEqual({ date: '2026-11-24', status: 'open', remaining: 3 })
    expect(statusOf('2026-11-28')).toEqual({ date: '2026-11-28', status: 'open', remaining: 5 })
  })

  test('a weekday at capacity 0 is closed', () => {
    expect(statusOf('2026-11-29')).toEqual({ date: '2026-11-29', status: 'closed', remaining: 0 })
  })

  test('every day of a closed range, both ends included, and a single closed date are closed', () => {
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-31']) {
      expect(statusOf(date).status).toBe('closed')
    }
    expect(statusOf('2026-12-23').status).toBe('open')
    expect(statusOf('2026-12-28').status).toBe('open')
  })

  test('a day is full when what is left is less than the request needs', () => {
    expect(statusOf('2026-11-24', 2)).toMatchObject({ status: 'open', remaining: 1 })
    expect(statusOf('2026-11-24', 3)).toMatchObject({ status: 'full', remaining: 0 })
    // One unit left: room for cupcakes, not for a tiered cake that needs three.
    expect(statusOf('2026-12-15', 2, tieredCake)).toMatchObject({ status: 'full', remaining: 1 })
    // Overbooked by hand: never a negative remainder.
    expect(statusOf('2026-11-24', 7)).toMatchObject({ status: 'full', remaining: 0 })
  })

  test('a product’s notice makes the days before it too soon; today itself is bookable without notice', () => {
    expect(statusOf(TODAY).status).toBe('open')
    expect(statusOf('2026-11-21').status).toBe('too-soon')
    expect(statusOf('2026-12-05', 0, tieredCake).status).toBe('too-soon')
    // Today + 14 is the first day a 14-day cake can be due.
    expect(statusOf('2026-12-07', 0, tieredCake).status).toBe('open')
  })

  test('days past the booking horizon are closed', () => {
    expect(addDays(TODAY, 60)).toBe('2027-01-22')
    expect(statusOf('2027-01-22').status).toBe('open')
    expect(statusOf('2027-01-23').status).toBe('closed')
  })

  test('closed wins over too soon, so a closed Sunday never reads as a notice problem', () => {
    expect(statusOf('2026-11-29', 0, tieredCake).status).toBe('closed')
  })
})

test('a range lists every day with the bookings held on it', () => {
  const days = availabilityBetween({
    from: '2026-11-27',
    to: '2026-11-30',
    today: TODAY,
    rules,
    booked: new Map([['2026-11-28', 5]]),
  })
  expect(days).toEqual([
    { date: '2026-11-27', status: 'open', remaining: 3 },
    { date: '2026-11-28', status: 'full', remaining: 0 },
    { date: '2026-11-29', status: 'closed', remaining: 0 },
    { date: '2026-11-30', status: 'open', remaining: 3 },
  ])
})

test('the next open day skips full, closed and too-soon days, and stops at the horizon', () => {
  const booked = new Map([
    ['2026-12-23', 3],
    ['2026-12-28', 3],
  ])
  expect(nextOpenDay({ after: '2026-12-22', today: TODAY, rules, booked })).toBe('2026-12-29')
  expect(nextOpenDay({ after: '2026-11-20', today: TODAY, rules, booked: none })).toBe(TODAY)
  expect(nextOpenDay({ after: TODAY, today: TODAY, rules, booked: none, demand: tieredCake })).toBe(
    '2026-12-07',
  )
  expect(nextOpenDay({ after: '2027-01-22', today: TODAY, rules, booked: none })).toBeUndefined()
})

test('each reason reads as the form and the refusal say it', () => {
  const day = (status: 'open' | 'full' | 'closed' | 'too-soon', date = '2026-12-12') => ({
    date,
    status,
    remaining: 0,
  })
  const plain = { noticeDays: 0 }
  expect(unavailableReason(day('open'), plain)).toBe('')
  expect(unavailableReason(day('full'), plain)).toBe('fully booked')
  expect(unavailableReason(day('closed'), plain)).toBe('closed')
  expect(
    unavailableReason(day('closed', '2027-02-01'), { noticeDays: 0, lastBookable: '2027-01-22' }),
  ).toBe('not taking orders this far ahead yet')
  expect(unavailableReason(day('too-soon'), { noticeDays: 14 })).toBe("needs 14 days' notice")
  expect(unavailableReason(day('too-soon'), { noticeDays: 1 })).toBe("needs 1 day's notice")
  expect(unavailableReason(day('too-soon'), plain)).toBe('already past')
})

test('the next open day stops past year 9999', () => {
  expect(
    nextOpenDay({ after: '9999-12-31', today: TODAY, rules, booked: none, demand: tieredCake }),
  ).toBeUndefined()
})
