import { expect, test } from 'vitest'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { acquireLease, pruneExpiredLeases, releaseLease, withLease } from './lease.server.ts'

test('a lease is held by one holder until it runs out, renewed only by that holder', async () => {
  const { db } = await openTestDatabase()
  const lease = (holder: string, now: number) =>
    acquireLease(db, { name: 'media-sweep', holder, ttlMs: 1000, now })
  expect(await lease('a', 0)).toBe(true)
  expect(await lease('b', 500)).toBe(false)
  expect(await lease('a', 900)).toBe(true)
  // Renewed at 900: still a's at 1500, free after 1900.
  expect(await lease('b', 1500)).toBe(false)
  expect(await lease('b', 1901)).toBe(true)
  expect(await lease('a', 1902)).toBe(false)
})

test('letting go frees the lease at once, but never one another holder has taken since', async () => {
  const { db } = await openTestDatabase()
  await acquireLease(db, { name: 'seed', holder: 'a', ttlMs: 1000, now: 0 })
  await releaseLease(db, { name: 'seed', holder: 'a' })
  expect(await acquireLease(db, { name: 'seed', holder: 'b', ttlMs: 1000, now: 1 })).toBe(true)
  await releaseLease(db, { name: 'seed', holder: 'a' })
  expect(await acquireLease(db, { name: 'seed', holder: 'c', ttlMs: 1000, now: 2 })).toBe(false)
})

test('two instances asking at once: exactly one gets the lease', async () => {
  const [first, second] = await openTwoInstances()
  const granted = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      acquireLease(i % 2 === 0 ? first : second, {
        name: 'demo-seed',
        holder: `instance-${i}`,
        ttlMs: 60_000,
        now: 0,
      }),
    ),
  )
  expect(granted.filter(Boolean)).toHaveLength(1)
})

test('withLease runs the task only when the lease is free, and lets go after, even on failure', async () => {
  const [first, second] = await openTwoInstances()
  const clock = () => 0
  let runs = 0
  const outcome = await withLease(
    first,
    { name: 'sweep', holder: 'a', ttlMs: 1000, clock },
    async () => {
      const inner = await withLease(
        second,
        { name: 'sweep', holder: 'b', ttlMs: 1000, clock },
        async () => runs++,
      )
      expect(inner).toEqual({ ran: false })
      return 'swept'
    },
  )
  expect(outcome).toEqual({ ran: true, result: 'swept' })
  expect(runs).toBe(0)
  await expect(
    withLease(second, { name: 'sweep', holder: 'b', ttlMs: 1000, clock }, async () => {
      throw new Error('disk gone')
    }),
  ).rejects.toThrow('disk gone')
  expect(await first.selectFrom('lease').selectAll().execute()).toEqual([])
})

test('leases that ran out are pruned', async () => {
  const { db } = await openTestDatabase()
  await acquireLease(db, { name: 'old', holder: 'a', ttlMs: 10, now: 0 })
  await acquireLease(db, { name: 'live', holder: 'a', ttlMs: 1000, now: 0 })
  expect(await pruneExpiredLeases(db, 100)).toBe(1)
  expect((await db.selectFrom('lease').select('name').execute()).map((row) => row.name)).toEqual([
    'live',
  ])
})
