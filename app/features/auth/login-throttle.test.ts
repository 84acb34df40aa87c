import { expect, test } from 'vitest'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { createDatabaseThrottleStore } from './login-throttle.server.ts'
import { createLoginThrottle, throttleKeys } from './login-throttle.ts'

/** A throttle counting in a real database of the test's own. */
async function openThrottle() {
  const { db } = await openTestDatabase()
  return createLoginThrottle({ store: createDatabaseThrottleStore(db) })
}

const MINUTE = 60_000

test('five failures in fifteen minutes lock the address and the account until the window passes', async () => {
  const throttle = await openThrottle()
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
  const throttle = await openThrottle()
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
  const throttle = await openThrottle()
  const keys = throttleKeys({ clientIp: '203.0.113.9', email: 'owner@bakery.ca' })
  for (let i = 0; i < 4; i++) await throttle.recordFailure(keys, i)
  await throttle.recordSuccess(keys)
  await throttle.recordFailure(keys, 10)
  expect(await throttle.retryAfter(keys, 11)).toBe(0)
})

test('failures through two instances count as one: the fifth locks both out', async () => {
  const [first, second] = await openTwoInstances()
  const throttles = [first, second].map((db) =>
    createLoginThrottle({ store: createDatabaseThrottleStore(db) }),
  )
  const keys = throttleKeys({ clientIp: '203.0.113.9', email: 'owner@bakery.ca' })
  for (let i = 0; i < 5; i++) await throttles[i % 2]!.recordFailure(keys, i * MINUTE)
  expect(await throttles[0]!.retryAfter(keys, 5 * MINUTE)).toBe(10 * MINUTE)
  expect(await throttles[1]!.retryAfter(keys, 5 * MINUTE)).toBe(10 * MINUTE)
  // A success through one instance clears the slate for both.
  await throttles[1]!.recordSuccess(keys)
  expect(await throttles[0]!.retryAfter(keys, 5 * MINUTE)).toBe(0)
})

test('failures that left the window are deleted as new ones come in, whatever their key', async () => {
  const { db } = await openTestDatabase()
  const throttle = createLoginThrottle({ store: createDatabaseThrottleStore(db) })
  for (let i = 0; i < 20; i++) {
    await throttle.recordFailure(throttleKeys({ clientIp: `10.0.0.${i}`, email: `a${i}@x.ca` }), i)
  }
  const count = async () => (await db.selectFrom('sign_in_failure').select('key').execute()).length
  expect(await count()).toBe(40)
  await throttle.recordFailure(['ip:10.0.9.9'], 15 * MINUTE + 10)
  // Failures at 0..10 ms are out of the window that ends at 15 minutes + 10 ms.
  expect(await count()).toBe(1 + 2 * 9)
})
