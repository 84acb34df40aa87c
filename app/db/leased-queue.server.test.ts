import { expect, test } from 'vitest'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import type { Db } from './db.server.ts'
import {
  claimDue,
  findNextDueAt,
  requeueClaim,
  retryDelay,
  settleClaim,
  startQueueWorker,
} from './leased-queue.server.ts'

/** A row queued in the outbox (the mail feature's table), due at `at`. */
async function queueRow(db: Db, subjectId: number, at: number) {
  await db
    .insertInto('outbox')
    .values({
      topic: 'order_batch',
      subject_id: subjectId,
      payload: '{}',
      created_at: at,
      next_attempt_at: at,
      lease_until: null,
      last_error: null,
      sent_at: null,
    })
    .execute()
}

test('a failed attempt waits the first delay, doubling after each, up to the longest', () => {
  const limits = { minMs: 30_000, maxMs: 5 * 60_000 }
  expect([1, 2, 3, 4, 5, 9].map((attempts) => retryDelay(attempts, limits))).toEqual([
    30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
  ])
  // A longest shorter than the first delay never shortens the first.
  expect(retryDelay(3, { minMs: 30_000, maxMs: 1_000 })).toBe(30_000)
})

test('a row is claimed once, leased, settled only by its own claim, and backs off', async () => {
  const { db } = await openTestDatabase()
  await queueRow(db, 1, 1_000)
  expect(await findNextDueAt(db, 'outbox')).toBe(1_000)
  expect(await claimDue(db, 'outbox', { now: 999, leaseMs: 100 })).toBeUndefined()

  const first = (await claimDue(db, 'outbox', { now: 1_000, leaseMs: 100 }))!
  expect(first).toMatchObject({ status: 'sending', attempts: 1, lease_until: 1_100 })
  // Held: due again only once its lease has run out.
  expect(await claimDue(db, 'outbox', { now: 1_100, leaseMs: 100 })).toBeUndefined()
  expect(await findNextDueAt(db, 'outbox')).toBe(1_101)
  const second = (await claimDue(db, 'outbox', { now: 1_101, leaseMs: 100 }))!
  expect(second.attempts).toBe(2)
  // The first claim's late outcome is not kept; the second's is.
  expect(await settleClaim(db, 'outbox', first, { status: 'sent' })).toBe(false)
  expect(await requeueClaim(db, 'outbox', second, { now: 2_000, minMs: 500, maxMs: 10_000 })).toBe(
    true,
  )
  expect(await findNextDueAt(db, 'outbox')).toBe(3_000)
  const row = await db
    .selectFrom('outbox')
    .select(['status', 'lease_until', 'next_attempt_at'])
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ status: 'queued', lease_until: null, next_attempt_at: 3_000 })
})

test('two instances claiming at once each get a different row, never the same one', async () => {
  const [one, two] = await openTwoInstances()
  for (let subjectId = 1; subjectId <= 6; subjectId++) {
    await queueRow(one, subjectId, 1_000)
  }
  const claims = await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      claimDue<{
        id: number
        attempts: number
        status: string
        next_attempt_at: number
        lease_until: number | null
      }>(index % 2 ? one : two, 'outbox', { now: 2_000, leaseMs: 60_000 }),
    ),
  )
  const ids = claims.flatMap((claim) => (claim ? [claim.id] : []))
  expect(ids).toHaveLength(6)
  expect(new Set(ids).size).toBe(6)
})

test('the worker looks again at once after work, and a kick wakes it from its sleep', async () => {
  let looks = 0
  let due = 2
  let woken: () => void = () => {}
  const sleeping = new Promise<void>((resolve) => (woken = resolve))
  const worker = startQueueWorker({
    async work() {
      looks++
      if (due > 0) {
        due--
        return true
      }
      if (looks === 4) woken()
      return false
    },
    // Nothing due: it would sleep the whole idle time (an hour) without a kick.
    nextDueAt: async () => undefined,
    maxIdleMs: 60 * 60_000,
    errorPauseMs: 1_000,
    onError: () => {},
  })
  // Two rows in hand, then one look that found none: three looks, then asleep.
  await waitUntil(() => looks === 3)
  worker.kick()
  await sleeping
  expect(looks).toBe(4)
  await worker.stop()
})

/** Waits (without a clock) until `done` holds: the worker's steps are promises, not timers. */
async function waitUntil(done: () => boolean) {
  for (let turn = 0; turn < 1_000 && !done(); turn++) await new Promise(setImmediate)
  expect(done()).toBe(true)
}
