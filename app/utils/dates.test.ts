import { expect, test } from 'vitest'
import {
  isoMomentIn,
  isRealDate,
  formatCalendarDate,
  formatDateRange,
  formatShortDateRange,
  isCalendarDate,
  instantIn,
} from './dates.ts'

test('a calendar date reads as people write it', () => {
  expect(formatCalendarDate('2026-12-12')).toBe('Saturday, December 12, 2026')
})

test('a calendar date keeps its day in every time zone, from the first of the year to the last', () => {
  const zone = process.env.TZ
  try {
    for (const timeZone of ['Pacific/Kiritimati', 'America/Toronto', 'Pacific/Pago_Pago']) {
      process.env.TZ = timeZone
      expect(formatCalendarDate('2027-01-01')).toBe('Friday, January 1, 2027')
      expect(formatCalendarDate('2026-12-31')).toBe('Thursday, December 31, 2026')
    }
  } finally {
    process.env.TZ = zone
  }
})

test('text that is not a calendar date is shown as it is', () => {
  expect(formatCalendarDate('soon')).toBe('soon')
  expect(formatCalendarDate('2026-02-30')).toBe('2026-02-30')
})

test('date ranges read as people write them', () => {
  expect(formatDateRange('2026-12-24', '2026-12-26')).toBe('Thu, Dec 24 – Sat, Dec 26, 2026')
  expect(formatDateRange('2026-12-31', '2027-01-01')).toBe('Thu, Dec 31, 2026 – Fri, Jan 1, 2027')
  expect(formatDateRange('2026-12-24', '2026-12-24')).toBe('Thu, Dec 24, 2026')
  expect(formatShortDateRange('2026-12-24', '2026-12-26')).toBe('Dec 24 – Dec 26')
  expect(formatShortDateRange('2026-12-24', '2026-12-24')).toBe('Dec 24')
})

test('the site reads dates from 2000 to 2100 only', () => {
  expect(isCalendarDate('2000-01-01')).toBe(true)
  expect(isCalendarDate('2100-12-31')).toBe(true)
  for (const far of ['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01']) {
    expect(isCalendarDate(far), far).toBe(false)
    expect(isRealDate(far), far).toBe(true)
  }
  expect(isRealDate('2026-02-30')).toBe(false)
})

test('a wall-clock time in the bakery’s zone is the moment it is there, on the days clocks change too', () => {
  // Toronto: UTC−5 in winter, UTC−4 in summer; clocks change on March 8 and November 1, 2026.
  expect(instantIn('America/Toronto', '2026-12-12', '10:00').toISOString()).toBe(
    '2026-12-12T15:00:00.000Z',
  )
  expect(instantIn('America/Toronto', '2026-07-04', '14:15').toISOString()).toBe(
    '2026-07-04T18:15:00.000Z',
  )
  expect(instantIn('America/Toronto', '2026-03-08', '10:00').toISOString()).toBe(
    '2026-03-08T14:00:00.000Z',
  )
  expect(instantIn('America/Toronto', '2026-11-01', '10:00').toISOString()).toBe(
    '2026-11-01T15:00:00.000Z',
  )
  expect(instantIn('UTC', '2026-12-12', '00:00').toISOString()).toBe('2026-12-12T00:00:00.000Z')
})

test('a moment is written as ISO 8601 with the zone’s offset that day, to the second', () => {
  expect(isoMomentIn('America/Toronto', new Date('2026-12-02T17:00:00Z'))).toBe(
    '2026-12-02T12:00:00-05:00',
  )
  expect(isoMomentIn('America/Toronto', new Date('2026-07-02T16:30:45.900Z'))).toBe(
    '2026-07-02T12:30:45-04:00',
  )
  expect(isoMomentIn('Asia/Kolkata', Date.UTC(2026, 11, 31, 18, 30))).toBe(
    '2027-01-01T00:00:00+05:30',
  )
  expect(isoMomentIn('UTC', 0)).toBe('1970-01-01T00:00:00+00:00')
})
