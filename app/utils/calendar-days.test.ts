import { expect, test } from 'vitest'
import { MAX_DATES, addDays, datesFrom, daysBetween, weekdayOf } from './calendar-days.ts'

test('day arithmetic crosses months, years and the clocks changing', () => {
  expect(addDays('2026-11-30', 1)).toBe('2026-12-01')
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  // Canada's clocks go back on 2026-11-01 and forward on 2027-03-14: still one day each.
  expect(addDays('2026-10-31', 2)).toBe('2026-11-02')
  expect(addDays('2027-03-13', 2)).toBe('2027-03-15')
  expect(weekdayOf('2026-11-23')).toBe(1)
  expect(weekdayOf('2026-11-29')).toBe(0)
})

test('a loop over dates always ends: past year 9999 it is empty, and an endless range is refused', () => {
  expect(datesFrom('2100-12-31', '2101-01-01')).toEqual(['2100-12-31', '2101-01-01'])
  // '+010000-01-01' sorts before '9999-12-31' as text; counted days do not loop on it.
  expect(datesFrom('9999-12-31', '9999-12-31')).toEqual(['9999-12-31'])
  expect(datesFrom(addDays('9999-12-31', 1), '2026-12-01')).toEqual([])
  expect(() => datesFrom('2000-01-01', addDays('2000-01-01', MAX_DATES))).toThrow(RangeError)
  expect(() => datesFrom('soon', '2026-12-01')).toThrow(RangeError)
})

test('days between two calendar dates, across a month and a clock change', () => {
  expect(daysBetween('2026-11-30', '2026-12-02')).toBe(2)
  expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2)
  expect(daysBetween('2026-12-12', '2026-12-09')).toBe(-3)
})
