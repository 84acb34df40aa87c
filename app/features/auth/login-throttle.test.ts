import { expect, test } from 'vitest'
import { createLoginThrottle, throttleKeys } from './login-throttle.ts'

const MINUTE = 60_000

test('five failures in fifteen minutes lock the address and the account until the window passes', async () => {
  const throttle = createLoginThrottle()
  const keys = throttleKeys({ clientIp: '203.0.113.9', email: 'Owner@Bakery.ca' })
  for (let i = 0; i < 5; i++) {
    expect(await throttle.retryAfter(keys, i * MINUTE)).toBe(0)
    await throttle.recordFailure(keys, i * MINUTE)
  }
  expect(await throttle.retryAfter(keys, 5 * MINUTE)).toBe(10 * MINUTE)
  // The same account from another address is locked too, and so is the address for another account.
  const otherAddress = throttleKeys({ clientIp: '198.51.100.1', email: 'owner@bakery.ca' })
  expect(await throttle.retryAfter(otherAddress, 5 * MINUTE)).toBe(10 * MINUTE)
  const otherAccount = throttleKeys({ clientIp: '203.0.113.9', email: 'other@bakery.ca' })
  expect(await throttle.retryAfter(otherAccount, 5 * MINUTE)).toBe(10 * MINUTE)
  expect(await throttle.retryAfter(keys, 15 * MINUTE + 1)).toBe(0)
})

test('a known device is counted on its own: others’ failures do not lock it, its own do', async () => {
  const throttle = createLoginThrottle()
  const stranger = throttleKeys({ clientIp: '203.0.113.9', email: 'owner@bakery.ca' })
  const ownersBrowser = throttleKeys({
    clientIp: '203.0.113.9',
    email: 'owner@bakery.ca',
    trustedDevice: 'd1',
  })
  for (let i = 0; i < 5; i++) await throttle.recordFailure(stranger, i)
  expect(await throttle.retryAfter(stranger, 10)).toBeGreaterThan(0)
  expect(await throttle.retryAfter(ownersBrowser, 10)).toBe(0)

  for (let i = 0; i < 5; i++) await throttle.recordFailure(ownersBrowser, 20 + i)
  expect(await throttle.retryAfter(ownersBrowser, 30)).toBe(15 * MINUTE - 10)
  const anotherKnownBrowser = throttleKeys({
    clientIp: '203.0.113.9',
    email: 'owner@bakery.ca',
    trustedDevice: 'd2',
  })
  expect(await throttle.retryAfter(anotherKnownBrowser, 30)).toBe(0)
})

test('a success clears the failures of its address and account', async () => {
  const throttle = createLoginThrottle()
  const keys = throttleKeys({ clientIp: '203.0.113.9', email: 'owner@bakery.ca' })
  for (let i = 0; i < 4; i++) await throttle.recordFailure(keys, i)
  await throttle.recordSuccess(keys)
  await throttle.recordFailure(keys, 10)
  expect(await throttle.retryAfter(keys, 11)).toBe(0)
})
