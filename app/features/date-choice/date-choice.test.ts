import { expect, test } from 'vitest'
import type { AvailabilityDay } from '#app/features/availability/availability.ts'
import {
  dateNote,
  dayKind,
  dayLabel,
  dayReason,
  firstOpenDay,
  knownDay,
  monthOf,
  tappedDayNote,
} from './date-choice.ts'

const rules = { today: '2026-12-01', lastBookable: '2027-05-30', noticeDays: 14 }
const days = new Map<string, AvailabilityDay>([
  ['2026-12-19', { date: '2026-12-19', status: 'full', remaining: 0 }],
  ['2026-12-20', { date: '2026-12-20', status: 'closed', remaining: 0 }],
  ['2026-12-21', { date: '2026-12-21', status: 'open', remaining: 2 }],
])

test('a full day says so and names the next open day', () => {
  expect(dateNote('2026-12-19', days, rules)).toEqual({
    tone: 'unavailable',
    text: 'Saturday, December 19 is fully booked. The next open day is Monday, December 21.',
    suggestion: '2026-12-21',
  })
  expect(dateNote('2026-12-21', days, rules)?.tone).toBe('open')
})

test('before the availability arrives, the rules alone rule out days too soon or too far', () => {
  expect(dayReason('2026-12-05', new Map(), rules)).toBe("needs 14 days' notice")
  expect(dayReason('2027-06-01', new Map(), rules)).toBe('not taking orders this far ahead yet')
  expect(knownDay('2026-12-22', new Map(), rules)).toBeUndefined()
  expect(dayLabel('2026-12-19', 'fully booked')).toBe('Saturday, December 19, 2026 — fully booked')
})

test('a month runs from its first to its last day', () => {
  expect(monthOf('2027-02-14')).toEqual({ from: '2027-02-01', to: '2027-02-28' })
  expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
})

test('a past day is its own kind, apart from one too soon for the notice or closed', () => {
  expect(dayKind('2026-11-30', days, rules)).toBe('past')
  expect(dayKind('2026-12-01', days, rules)).toBe('too-soon')
  expect(dayKind('2026-12-20', days, rules)).toBe('closed')
  expect(dayKind('2026-12-19', days, rules)).toBe('full')
  expect(dayKind('2026-12-21', days, rules)).toBe('open')
  expect(dayLabel('2026-11-30', dayReason('2026-11-30', days, rules))).toBe(
    'Monday, November 30, 2026 — in the past',
  )
})

test('tapping a day that cannot be had says why in words; an open day says nothing', () => {
  expect(tappedDayNote('2026-12-19', days, rules)).toBe('Saturday, December 19: Fully booked')
  expect(tappedDayNote('2026-12-20', days, rules)).toBe('Sunday, December 20: Closed')
  expect(tappedDayNote('2026-12-03', days, { ...rules, noticeDays: 3 })).toBe(
    "Thursday, December 3: Needs 3 days' notice",
  )
  expect(tappedDayNote('2026-11-30', days, rules)).toBe('Monday, November 30: In the past')
  expect(tappedDayNote('2026-12-21', days, rules)).toBeNull()
})

test('the first open day is the earliest open one from today, whatever order the days come in', () => {
  const month = [...days.values()].reverse()
  expect(firstOpenDay(month, '2026-12-01')).toBe('2026-12-21')
  expect(firstOpenDay(month, '2026-12-22')).toBeUndefined()
})
