import { expect, test } from 'vitest'
import { policySentence } from '#app/features/order-status/order-terms.ts'
import { cancelRefund, withinNoChangeWindow } from './change-policy.ts'

const policy = { windowDays: 3, cutoffDays: 7, beforePercent: 100, afterPercent: 33 }
const paid = { paidCents: 5_001, depositCents: 5_001, depositWaived: false }

test('a cancellation exactly N days before gets the early percent, the day after the later one, rounded up in her favour', () => {
  const exactly = cancelRefund(policy, { today: '2026-12-05', dueDate: '2026-12-12', ...paid })
  expect(exactly).toMatchObject({ daysBefore: 7, percent: 100, totalCents: 5_001 })
  const dayAfter = cancelRefund(policy, { today: '2026-12-06', dueDate: '2026-12-12', ...paid })
  // 33% of $50.01 is 1650.33 cents: she gets the cent.
  expect(dayAfter).toMatchObject({ daysBefore: 6, percent: 33, totalCents: 1_651 })
})

test('what was paid beyond the deposit always comes back, a waived deposit keeps nothing', () => {
  const beyond = cancelRefund(
    { ...policy, afterPercent: 0 },
    {
      today: '2026-12-10',
      dueDate: '2026-12-12',
      paidCents: 8_000,
      depositCents: 5_000,
      depositWaived: false,
    },
  )
  expect(beyond).toMatchObject({
    depositBackCents: 0,
    beyondDepositCents: 3_000,
    totalCents: 3_000,
  })
  const waived = cancelRefund(
    { ...policy, afterPercent: 0 },
    {
      today: '2026-12-10',
      dueDate: '2026-12-12',
      paidCents: 2_000,
      depositCents: 5_000,
      depositWaived: true,
    },
  )
  expect(waived.totalCents).toBe(2_000)
  const nothingPaid = cancelRefund(policy, {
    today: '2026-12-01',
    dueDate: '2026-12-12',
    paidCents: 0,
    depositCents: 5_000,
    depositWaived: false,
  })
  expect(nothingPaid.totalCents).toBe(0)
})

test('changes close N days before the date: exactly N days before is still open', () => {
  expect(withinNoChangeWindow(policy, { today: '2026-12-09', dueDate: '2026-12-12' })).toBe(false)
  expect(withinNoChangeWindow(policy, { today: '2026-12-10', dueDate: '2026-12-12' })).toBe(true)
  // With no window, the day itself is still closed.
  expect(
    withinNoChangeWindow({ windowDays: 0 }, { today: '2026-12-11', dueDate: '2026-12-12' }),
  ).toBe(false)
  expect(
    withinNoChangeWindow({ windowDays: 0 }, { today: '2026-12-12', dueDate: '2026-12-12' }),
  ).toBe(true)
})

test('the customer reads the policy in one sentence with its numbers', () => {
  expect(policySentence(policy)).toBe(
    'You can ask for a change or cancel until 3 days before your date; after that, please write to us. If you cancel 7 days or more before your date, 100% of your deposit comes back to you; later, 33%. Anything you paid beyond the deposit always comes back in full.',
  )
})
