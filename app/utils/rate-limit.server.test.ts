import { expect, test } from 'vitest'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { pruneRateLimits, rateLimit } from './rate-limit.server.ts'

test('the database keeps the limit: max hits per window, then how long to wait', async () => {
  const { db } = await openTestDatabase()
  const hit = (now: number) =>
    rateLimit({ db, key: 'order:203.0.113.7', max: 3, windowMs: 60_000, now })
  expect(await hit(0)).toEqual({ allowed: true })
  expect(await hit(10_000)).toEqual({ allowed: true })
  expect(await hit(20_000)).toEqual({ allowed: true })
  expect(await hit(30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 })
  expect(await hit(60_001)).toEqual({ allowed: true })
})

test('keys are limited separately', async () => {
  const { db } = await openTestDatabase()
  const hit = (key: string, now: number) => rateLimit({ db, key, max: 1, windowMs: 1000, now })
  expect((await hit('a', 0)).allowed).toBe(true)
  expect((await hit('a', 1)).allowed).toBe(false)
  expect((await hit('b', 1)).allowed).toBe(true)
})

test('two instances count against one limit', async () => {
  const [first, second] = await openTwoInstances()
  const hit = (db: typeof first, now: number) =>
    rateLimit({ db, key: 'contact:198.51.100.4', max: 10, windowMs: 60_000, now })
  for (let i = 0; i < 10; i++) {
    expect(await hit(i % 2 === 0 ? first : second, i * 1000)).toEqual({ allowed: true })
  }
  expect(await hit(first, 10_000)).toEqual({ allowed: false, retryAfterMs: 50_000 })
  expect(await hit(second, 10_000)).toEqual({ allowed: false, retryAfterMs: 50_000 })
})

test('hits sent at once through two instances never pass the limit', async () => {
  const [first, second] = await openTwoInstances()
  const outcomes = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      rateLimit({
        db: i % 2 === 0 ? first : second,
        key: 'order:192.0.2.1',
        max: 10,
        windowMs: 60_000,
        now: 1000,
      }),
    ),
  )
  expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(10)
})

test('rows of keys whose window has passed are pruned, so the table stays small', async () => {
  const { db } = await openTestDatabase()
  for (let i = 0; i < 50; i++) {
    await rateLimit({ db, key: `contact:10.0.0.${i}`, max: 10, windowMs: 60_000, now: i })
  }
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('rate_limit')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  expect(await count()).toBe(50)
  // A later hit from anyone clears the keys whose hits have all left the window.
  await rateLimit({ db, key: 'contact:10.0.1.1', max: 10, windowMs: 60_000, now: 60_025 })
  expect(await count()).toBe(1 + 24)
  expect(await pruneRateLimits(db, 200_000)).toBe(25)
  expect(await count()).toBe(0)
})
