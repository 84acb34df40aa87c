import { expect, test } from 'vitest'
import { createRateLimitStore, describeWait, rateLimit } from './rate-limit.ts'

test('allows max hits per window, then says how long to wait', () => {
  const store = createRateLimitStore()
  const hit = (now: number) =>
    rateLimit({ store, key: '203.0.113.7', max: 3, windowMs: 60_000, now })
  expect(hit(0)).toEqual({ allowed: true })
  expect(hit(10_000)).toEqual({ allowed: true })
  expect(hit(20_000)).toEqual({ allowed: true })
  expect(hit(30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 })
  // The first hit leaves the window at 60 s.
  expect(hit(60_001)).toEqual({ allowed: true })
})

test('keys are limited separately', () => {
  const store = createRateLimitStore()
  expect(rateLimit({ store, key: 'a', max: 1, windowMs: 1000, now: 0 }).allowed).toBe(true)
  expect(rateLimit({ store, key: 'a', max: 1, windowMs: 1000, now: 1 }).allowed).toBe(false)
  expect(rateLimit({ store, key: 'b', max: 1, windowMs: 1000, now: 1 }).allowed).toBe(true)
})

test('refused hits do not extend the wait', () => {
  const store = createRateLimitStore()
  const hit = (now: number) => rateLimit({ store, key: 'k', max: 1, windowMs: 1000, now })
  hit(0)
  hit(500)
  hit(900)
  expect(hit(1001)).toEqual({ allowed: true })
})

test('waits are described in words', () => {
  expect(describeWait(400)).toBe('1 second')
  expect(describeWait(45_000)).toBe('45 seconds')
  expect(describeWait(60_000)).toBe('1 minute')
  expect(describeWait(150_000)).toBe('3 minutes')
})
