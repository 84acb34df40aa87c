import { expect, test } from 'vitest'
import { createLoginThrottle, throttleKeys } from './login-throttle.ts'

const MINUTE = 60_000

test('five failures in fifteen minutes lock the address and the account until the window passes', () => {
  const throttle = createLoginThrottle()
  const keys = throttleKeys('203.0.113.9', 'Owner@Bakery.ca')
  for (let i = 0; i < 5; i++) {
    expect(throttle.retryAfter(keys, i * MINUTE)).toBe(0)
    throttle.recordFailure(keys, i * MINUTE)
  }
  expect(throttle.retryAfter(keys, 5 * MINUTE)).toBe(10 * MINUTE)
  // The same account from another address is locked too, and so is the address for another account.
  expect(throttle.retryAfter(throttleKeys('198.51.100.1', 'owner@bakery.ca'), 5 * MINUTE)).toBe(
    10 * MINUTE,
  )
  expect(throttle.retryAfter(throttleKeys('203.0.113.9', 'other@bakery.ca'), 5 * MINUTE)).toBe(
    10 * MINUTE,
  )
  expect(throttle.retryAfter(keys, 15 * MINUTE + 1)).toBe(0)
})

test('a success clears the failures of its address and account', () => {
  const throttle = createLoginThrottle()
  const keys = throttleKeys('203.0.113.9', 'owner@bakery.ca')
  for (let i = 0; i < 4; i++) throttle.recordFailure(keys, i)
  throttle.recordSuccess(keys)
  throttle.recordFailure(keys, 10)
  expect(throttle.retryAfter(keys, 11)).toBe(0)
})
