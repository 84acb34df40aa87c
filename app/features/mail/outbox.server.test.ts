import { expect, test } from 'vitest'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { buildOrderEmail } from '#tests/support/mail.ts'
import { claimDueEmail, findNextDueAt } from './outbox-claims.server.ts'
import { listOutboxState } from './outbox-lists.server.ts'
import {
  markEmailFailed,
  markEmailForRetry,
  markEmailSent,
  OUTBOX_GIVE_UP_MS,
  requeueEmail,
} from './outbox-retries.server.ts'
import { enqueueEmail } from './outbox.server.ts'

test('an email queued in a transaction that rolls back is gone with it', async () => {
  const { db } = await openTestDatabase()

  await db
    .transaction()
    .execute(async (trx) => {
      await enqueueEmail(trx, { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() })
      throw new Error('the order could not be stored')
    })
    .catch(() => {})

  expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([])
})

test('a queued email is stored whole and due at once', async () => {
  const { db } = await openTestDatabase()
  const email = buildOrderEmail()

  const id = await db
    .transaction()
    .execute((trx) => enqueueEmail(trx, { topic: 'order_batch', subjectId: 4, email }, 1_000))

  expect(await db.selectFrom('outbox').selectAll().execute()).toEqual([
    {
      id,
      topic: 'order_batch',
      subject_id: 4,
      payload: JSON.stringify(email),
      status: 'queued',
      attempts: 0,
      created_at: 1_000,
      next_attempt_at: 1_000,
      lease_until: null,
      lease_holder: null,
      lease_boot: null,
      dedupe_key: null,
      last_error: null,
      sent_at: null,
    },
  ])
  expect(await findNextDueAt(db)).toBe(1_000)
})

test('claiming takes one due email, leases it and counts the attempt', async () => {
  const { db } = await openTestDatabase()
  const email = buildOrderEmail()
  const first = await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email }, 1_000)
  await enqueueEmail(db, { topic: 'contact_message', subjectId: 1, email }, 5_000)

  const claim = await claimDueEmail(db, { now: 2_000, leaseMs: 60_000 })

  expect(claim).toEqual({
    id: first,
    topic: 'order_batch',
    subjectId: 1,
    attempts: 1,
    createdAt: 1_000,
    email,
  })
  const row = await db
    .selectFrom('outbox')
    .selectAll()
    .where('id', '=', first)
    .executeTakeFirstOrThrow()
  expect(row).toMatchObject({ status: 'sending', lease_until: 62_000, attempts: 1 })
  // The other row is not due until 5 000, and this one is leased.
  expect(await claimDueEmail(db, { now: 2_000 })).toBeUndefined()
  expect(await findNextDueAt(db)).toBe(5_000)
})

test('an email left sending by a worker that died is claimed again once its lease ends', async () => {
  const { db } = await openTestDatabase()
  const id = await enqueueEmail(
    db,
    { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() },
    0,
  )
  const lost = await claimDueEmail(db, { now: 0, leaseMs: 1_000 })

  expect(await claimDueEmail(db, { now: 1_000 })).toBeUndefined()
  expect(await findNextDueAt(db)).toBe(1_001)
  const again = await claimDueEmail(db, { now: 1_001 })

  expect(again).toMatchObject({ id, attempts: 2 })
  // The first worker wakes up late: its outcome no longer counts.
  expect(await markEmailSent(db, lost!, 1_500)).toBe(false)
  expect(await markEmailSent(db, again!, 1_500)).toBe(true)
  expect(
    await db.selectFrom('outbox').select(['status', 'sent_at']).executeTakeFirstOrThrow(),
  ).toEqual({ status: 'sent', sent_at: 1_500 })
})

test('two instances claiming 40 emails at once take each exactly once', async () => {
  const [db, other] = await openTwoInstances()
  const count = 40
  await db.transaction().execute(async (trx) => {
    for (let subjectId = 1; subjectId <= count; subjectId++) {
      await enqueueEmail(trx, { topic: 'order_batch', subjectId, email: buildOrderEmail() }, 0)
    }
  })

  async function claimAll(worker: typeof db): Promise<number[]> {
    const ids: number[] = []
    for (;;) {
      const claim = await claimDueEmail(worker, { now: 1 })
      if (!claim) return ids
      ids.push(claim.id)
    }
  }
  const [mine, theirs] = await Promise.all([claimAll(db), claimAll(other)])

  const all = [...mine, ...theirs].sort((a, b) => a - b)
  expect(all).toEqual(Array.from({ length: count }, (_, index) => index + 1))
  expect(mine.length).toBeGreaterThan(0)
  expect(theirs.length).toBeGreaterThan(0)
})

test('a passing failure waits the minimum delay, doubling with each attempt', async () => {
  const { db } = await openTestDatabase()
  await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() }, 0)

  const delays: number[] = []
  let now = 0
  for (let attempt = 1; attempt <= 4; attempt++) {
    const claim = await claimDueEmail(db, { now })
    expect(claim?.attempts).toBe(attempt)
    expect(await markEmailForRetry(db, claim!, 'timeout', { retryMinMs: 30_000, now })).toBe(
      'queued',
    )
    const next = (await findNextDueAt(db))!
    delays.push(next - now)
    now = next
  }

  expect(delays).toEqual([30_000, 60_000, 120_000, 240_000])
  expect(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()).toMatchObject({
    status: 'queued',
    attempts: 4,
    last_error: 'timeout',
    lease_until: null,
  })
})

test('the retry delay stops doubling at an hour', async () => {
  const { db } = await openTestDatabase()
  await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() }, 0)
  await db.updateTable('outbox').set({ attempts: 20 }).execute()

  const claim = await claimDueEmail(db, { now: 0 })
  await markEmailForRetry(db, claim!, 'timeout', { retryMinMs: 30_000, now: 0 })

  expect(await findNextDueAt(db)).toBe(60 * 60_000)
})

test('after a day of passing failures the email is marked failed', async () => {
  const { db } = await openTestDatabase()
  await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() }, 0)
  const now = OUTBOX_GIVE_UP_MS

  const claim = await claimDueEmail(db, { now })
  const outcome = await markEmailForRetry(db, claim!, 'connection refused', {
    retryMinMs: 30_000,
    now,
  })

  expect(outcome).toBe('failed')
  expect(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()).toMatchObject({
    status: 'failed',
    last_error: 'connection refused (gave up after 1 attempt)',
  })
  expect(await findNextDueAt(db)).toBeUndefined()
})

test('Resend puts a failed email back in the queue with a fresh day of retries', async () => {
  const { db } = await openTestDatabase()
  const id = await enqueueEmail(
    db,
    { topic: 'order_batch', subjectId: 1, email: buildOrderEmail() },
    0,
  )
  const claim = await claimDueEmail(db, { now: 10 })
  await markEmailFailed(db, claim!, 'SMTP: 550 Mailbox unavailable')

  expect(await requeueEmail(db, id, 5_000)).toBe(true)
  // A second click finds it queued already.
  expect(await requeueEmail(db, id, 5_001)).toBe(false)

  expect(await db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow()).toMatchObject({
    status: 'queued',
    attempts: 0,
    created_at: 5_000,
    next_attempt_at: 5_000,
    last_error: null,
  })
  expect(await claimDueEmail(db, { now: 5_000 })).toMatchObject({ id, attempts: 1 })
})

test('the inbox can read the state of each record’s email', async () => {
  const { db } = await openTestDatabase()
  const email = buildOrderEmail()
  const sent = await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email }, 0)
  const failed = await enqueueEmail(db, { topic: 'order_batch', subjectId: 2, email }, 0)
  const queued = await enqueueEmail(db, { topic: 'order_batch', subjectId: 3, email }, 0)
  await enqueueEmail(db, { topic: 'contact_message', subjectId: 1, email }, 0)
  await markEmailSent(db, (await claimDueEmail(db, { now: 1 }))!, 2)
  await markEmailFailed(db, (await claimDueEmail(db, { now: 3 }))!, 'SMTP: 550 No such user')

  const states = await listOutboxState(db, 'order_batch', [1, 2, 3, 99])

  expect([...states.keys()]).toEqual([1, 2, 3])
  expect(states.get(1)).toMatchObject({ outboxId: sent, status: 'sent', sentAt: 2, attempts: 1 })
  expect(states.get(2)).toMatchObject({
    outboxId: failed,
    status: 'failed',
    lastError: 'SMTP: 550 No such user',
  })
  expect(states.get(3)).toMatchObject({ outboxId: queued, status: 'queued', attempts: 0 })
  expect(await listOutboxState(db, 'order_batch', [])).toEqual(new Map())
})

test('an email queued under a dedupe key is stored once, however often it is queued', async () => {
  const { db } = await openTestDatabase()
  const email = buildOrderEmail()
  const digest = {
    topic: 'owner_digest',
    subjectId: 0,
    email,
    dedupeKey: 'digest:2026-11-24',
  } as const
  const first = await enqueueEmail(db, digest, 1_000)
  expect(first).toEqual(expect.any(Number))
  expect(await enqueueEmail(db, digest, 2_000)).toBeUndefined()
  // Without a key, the same email is queued each time it is asked for.
  await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email }, 3_000)
  await enqueueEmail(db, { topic: 'order_batch', subjectId: 1, email }, 3_000)
  const rows = await db.selectFrom('outbox').select(['id', 'topic']).orderBy('id').execute()
  expect(rows.map((row) => row.topic)).toEqual(['owner_digest', 'order_batch', 'order_batch'])
  expect(rows[0]!.id).toBe(first)
})
