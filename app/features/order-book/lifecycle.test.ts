import { expect, test } from 'vitest'
import {
  DISPLAY_LABELS,
  daysBetween,
  depositOverdue,
  displayStateOf,
  isDisplayState,
} from './lifecycle.ts'

test('a quote accepted with its deposit still owed reads "Accepted, awaiting the deposit"', () => {
  expect(displayStateOf({ status: 'quoted', accepted: true, depositOwed: 6_000 })).toBe('accepted')
  expect(DISPLAY_LABELS.accepted).toBe('Accepted, awaiting the deposit')
  // Not yet answered: still quoted.
  expect(displayStateOf({ status: 'quoted', accepted: false, depositOwed: 6_000 })).toBe('quoted')
  // Accepted with nothing owed becomes confirmed in the book; until then it reads quoted.
  expect(displayStateOf({ status: 'quoted', accepted: true, depositOwed: 0 })).toBe('quoted')
  // Every stored status reads as itself.
  for (const status of ['new', 'confirmed', 'ready', 'completed', 'declined'] as const) {
    expect(displayStateOf({ status, accepted: true, depositOwed: 100 })).toBe(status)
  }
  expect(isDisplayState('accepted')).toBe(true)
  expect(isDisplayState('paid')).toBe(false)
})

test('a deposit is overdue from the day after it fell due, while it is owed and the request open', () => {
  const owed = { status: 'quoted', depositDue: '2026-11-25', depositOwed: 6_000 } as const
  expect(depositOverdue({ ...owed, today: '2026-11-25' })).toBe(false)
  expect(depositOverdue({ ...owed, today: '2026-11-26' })).toBe(true)
  expect(depositOverdue({ ...owed, depositOwed: 0, today: '2026-11-26' })).toBe(false)
  expect(depositOverdue({ ...owed, depositDue: null, today: '2026-11-26' })).toBe(false)
  expect(depositOverdue({ ...owed, status: 'expired', today: '2026-11-26' })).toBe(false)
})

test('days between two calendar dates, across a month and a clock change', () => {
  expect(daysBetween('2026-11-30', '2026-12-02')).toBe(2)
  expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2)
  expect(daysBetween('2026-12-12', '2026-12-09')).toBe(-3)
})
