import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from './portable-schema.server.ts'
import type { Database } from './schema.ts'

/**
 * One leased queue, kept in a table of its own (decision 060): the mail
 * outbox (`outbox`) and the owner's push alerts (`push_alert`) each keep
 * their rows, words and outcomes, and share how a row is claimed, leased,
 * retried and waited for. A queue's table has at least these columns.
 */
export interface LeasedRow {
  id: number
  /** 'queued' | 'sending' | what the queue calls done or failed. */
  status: string
  next_attempt_at: number
  lease_until: number | null
  /** Counting the attempt in progress; also the claim's token, see ownClaim. */
  attempts: number
}

/** The tables that are leased queues. */
export type QueueTable = 'outbox' | 'push_alert' | 'text_message'

type QueueDb = Record<'queue', LeasedRow>

/** The table as the queries below see it: its own name at run time, the shared columns in type. */
function queueOf(db: Kysely<Database>, table: QueueTable) {
  return { q: db as unknown as Kysely<QueueDb>, t: table as unknown as 'queue' }
}

/** Queued and due, or sending under a lease that has run out. */
function isDue(eb: ExpressionBuilder<QueueDb, 'queue'>, now: number) {
  return eb.or([
    eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
    eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', now)]),
  ])
}

/**
 * Takes one due row for this worker, with a lease until `now + leaseMs`,
 * and counts the attempt. It is a single UPDATE whose WHERE picks the row,
 * and each row goes to exactly one worker, however many there are:
 * - SQLite runs the whole statement under its write lock, so two workers,
 *   even in two processes, can never both take the same row.
 * - PostgreSQL under READ COMMITTED would not be enough on its own: two
 *   workers' subqueries can pick the same row, and the second UPDATE, after
 *   waiting for the first, re-checks only `id = …` and takes it again. So the
 *   subquery locks the row it picks and skips rows another worker has locked
 *   (FOR UPDATE SKIP LOCKED, PostgreSQL only), and the UPDATE's WHERE
 *   re-checks that the row is still due.
 * `also` sets the queue's own columns with the claim (the outbox's holder).
 * `skip` leaves rows whose `column` is one of `values` for later (the push
 * alerts of a device this worker is already sending to).
 * Returns the whole row, as the queue's table has it.
 */
export async function claimDue<Row extends LeasedRow>(
  db: Kysely<Database>,
  table: QueueTable,
  {
    now,
    leaseMs,
    also = {},
    skip,
  }: {
    now: number
    leaseMs: number
    also?: Record<string, unknown>
    skip?: { column: string; values: readonly number[] }
  },
): Promise<Row | undefined> {
  const { q, t } = queueOf(db, table)
  const row = await q
    .updateTable(t)
    .set((eb) => ({
      ...also,
      status: 'sending',
      lease_until: now + leaseMs,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom(t)
        .select('id')
        .where((eb) => isDue(eb, now))
        .$if(Boolean(skip?.values.length), (qb) =>
          qb.where(sql.ref(skip!.column), 'not in', skip!.values),
        )
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked()),
    )
    .where((eb) => isDue(eb, now))
    .returningAll()
    .executeTakeFirst()
  return row as Row | undefined
}

/**
 * When a worker should look again: the earliest queued row's due time or
 * the earliest lease to run out. Undefined when nothing is waiting.
 */
export async function findNextDueAt(
  db: Kysely<Database>,
  table: QueueTable,
): Promise<number | undefined> {
  const { q, t } = queueOf(db, table)
  const row = await q
    .selectFrom(t)
    .select((eb) =>
      eb.fn
        .min(
          eb
            .case()
            .when('status', '=', 'queued')
            .then(eb.ref('next_attempt_at'))
            // Claims take leases that ended strictly before now.
            .else(eb('lease_until', '+', 1))
            .end(),
        )
        .as('due_at'),
    )
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirst()
  const dueAt = row?.due_at
  return dueAt === null || dueAt === undefined ? undefined : Number(dueAt)
}

/**
 * Settles a row this worker still holds: `set` (its outcome) is written
 * only while the row is sending under this claim. If the lease ran out and
 * another worker claimed the row, `attempts` has moved on and this late
 * update must not overwrite the other's outcome. Returns whether it did.
 */
export async function settleClaim(
  db: Kysely<Database>,
  table: QueueTable,
  claim: { id: number; attempts: number },
  set: Record<string, unknown>,
): Promise<boolean> {
  const { q, t } = queueOf(db, table)
  const result = await q
    .updateTable(t)
    .set({ lease_until: null, ...set })
    .where((eb) =>
      eb.and([
        eb('id', '=', claim.id),
        eb('status', '=', 'sending'),
        eb('attempts', '=', claim.attempts),
      ]),
    )
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

/**
 * A failed attempt's wait before the next: `minMs` after the first, doubling
 * after each, never more than `maxMs` (nor less than `minMs`).
 */
export function retryDelay(attempts: number, { minMs, maxMs }: { minMs: number; maxMs: number }) {
  return Math.min(minMs * 2 ** Math.max(0, attempts - 1), Math.max(minMs, maxMs))
}

/** Puts a claimed row back in the queue, due after its backoff. Returns whether it did. */
export async function requeueClaim(
  db: Kysely<Database>,
  table: QueueTable,
  claim: { id: number; attempts: number },
  {
    now,
    minMs,
    maxMs,
    also = {},
  }: { now: number; minMs: number; maxMs: number; also?: Record<string, unknown> },
): Promise<boolean> {
  return settleClaim(db, table, claim, {
    ...also,
    status: 'queued',
    next_attempt_at: now + retryDelay(claim.attempts, { minMs, maxMs }),
  })
}

export interface QueueWorker {
  /** Look now, e.g. right after a request that queued a row was committed. */
  kick(): void
  /** Lets the row in hand finish, then stops. */
  stop(): Promise<void>
}

/**
 * A queue's worker in the server process. It calls `work` (which sends
 * what is due and says whether to look again at once), then sleeps until
 * the next row is due (`nextDueAt`), a kick, or `maxIdleMs` (to notice rows
 * another instance queued). A kick that comes while it works is not lost.
 * When the database cannot be read it says so and waits `errorPauseMs`.
 * `start` runs once first (the outbox takes back an earlier boot's rows).
 */
export function startQueueWorker({
  work,
  nextDueAt,
  maxIdleMs,
  errorPauseMs,
  onError,
  start,
  clock = Date.now,
}: {
  work: () => Promise<boolean>
  nextDueAt: () => Promise<number | undefined>
  maxIdleMs: number
  errorPauseMs: number
  onError: (error: unknown) => void
  start?: () => Promise<void>
  clock?: () => number
}): QueueWorker {
  let stopped = false
  let kicked = false
  let wake: (() => void) | undefined

  function pause(ms: number): Promise<void> {
    if (kicked || stopped) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      // Unref'd: a sleeping worker must not keep a finished process alive.
      const timer = setTimeout(done, ms)
      timer.unref()
      wake = done
    })
  }

  async function run(): Promise<void> {
    await start?.()
    while (!stopped) {
      kicked = false
      try {
        if (await work()) continue
        const dueAt = await nextDueAt()
        const wait = dueAt === undefined ? maxIdleMs : dueAt - clock()
        await pause(Math.max(0, Math.min(wait, maxIdleMs)))
      } catch (error) {
        // The database is busy or gone; the rows are safe where they are.
        onError(error)
        await pause(Math.min(errorPauseMs, maxIdleMs))
      }
    }
  }

  const running = run()
  return {
    kick() {
      kicked = true
      wake?.()
    },
    stop() {
      stopped = true
      wake?.()
      return running
    },
  }
}
