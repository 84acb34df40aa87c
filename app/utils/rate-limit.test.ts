import { expect, test } from 'vitest'
import { countHit, describeWait } from './rate-limit.ts'

/** Feeds hits through `countHit` as a store would, keeping what it says to keep. */
function limiter(max: number, windowMs: number) {
  let hits: number[] = []
  return (now: number) => {
    const { hits: kept, ...result } = countHit({ hits, max, windowMs, now })
    hits = kept
    return result
  }
}

test('allows max hits per window, then says how long to wait', () => {
  const hit = limiter(3, 60_000)
  expect(hit(0)).toEqual({ allowed: true })
  expect(hit(10_000)).toEqual({ allowed: true })
  expect(hit(20_000)).toEqual({ allowed: true })
  expect(hit(30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 })
  // The first hit leaves the window at 60 s.
  expect(hit(60_001)).toEqual({ allowed: true })
})

test('refused hits do not extend the wait', () => {
  const hit = limiter(1, 1000)
  hit(0)
  hit(500)
  hit(900)
  expect(hit(1001)).toEqual({ allowed: true })
})

test('only hits inside the window are kept, so a key holds at most max times', () => {
  const result = countHit({ hits: [0, 10, 5000, 5001], max: 2, windowMs: 1000, now: 5500 })
  expect(result).toEqual({ allowed: false, retryAfterMs: 500, hits: [5000, 5001] })
  expect(countHit({ hits: [0, 10], max: 2, windowMs: 1000, now: 5500 })).toEqual({
    allowed: true,
    hits: [5500],
  })
})

test('waits are described in words', () => {
  expect(describeWait(400)).toBe('1 second')
  expect(describeWait(45_000)).toBe('45 seconds')
  expect(describeWait(60_000)).toBe('1 minute')
  expect(describeWait(150_000)).toBe('3 minutes')
})
