import type { Kysely } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { countHit, describeWait, type RateLimitResult } from './rate-limit.ts'
import { type Reply, reply } from './reply.ts'

/**
 * `countHit` with the hit times in the database, so every instance of the
 * site counts against one limit. Each hit reads the key's times, then writes
 * the new ones only if they are still what it read (a compare-and-set in one
 * statement), and reads again if another instance got there first. So two
 * instances cannot both take the last allowed hit, and no lock is held
 * between statements: on SQLite and PostgreSQL alike. Rows whose window has
 * passed are pruned as hits come in, at most every PRUNE_EVERY_MS.
 */
export async function rateLimit({
  db,
  key,
  max,
  windowMs,
  now,
}: {
  db: Kysely<Database>
  key: string
  max: number
  windowMs: number
  now: number
}): Promise<RateLimitResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = await db
      .selectFrom('rate_limit')
      .select('hits')
      .where('key', '=', key)
      .executeTakeFirst()
    const result = countHit({ hits: row ? readHits(row.hits) : [], max, windowMs, now })
    if (!result.allowed) return { allowed: false, retryAfterMs: result.retryAfterMs }
    const hits = JSON.stringify(result.hits)
    const expiresAt = Math.max(...result.hits) + windowMs
    const stored = row
      ? Number(
          (
            await db
              .updateTable('rate_limit')
              .set({ hits, expires_at: expiresAt })
              .where('key', '=', key)
              .where('hits', '=', row.hits)
              .executeTakeFirst()
          ).numUpdatedRows,
        ) > 0
      : (await db
          .insertInto('rate_limit')
          .values({ key, hits, expires_at: expiresAt })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst()) !== undefined
    if (stored) {
      await pruneNowAndThen(db, now)
      return { allowed: true }
    }
  }
  // Only a flood of hits on one key, all at once, gets here: refusing is safe.
  return { allowed: false, retryAfterMs: 1000 }
}

/** Tries of the compare-and-set before a hit is refused as part of a flood. */
const MAX_ATTEMPTS = 50

/**
 * How often an instance clears old rows as hits come in. A row past its
 * window counts for nothing (countHit reads only the window), so clearing is
 * for the table's size alone; doing it on every hit cost each post a round
 * trip, and a rush of first-time shoppers one each.
 */
const PRUNE_EVERY_MS = 10_000
const prunedAt = new WeakMap<Kysely<Database>, number>()

async function pruneNowAndThen(db: Kysely<Database>, now: number): Promise<void> {
  const last = prunedAt.get(db)
  if (last !== undefined && now - last < PRUNE_EVERY_MS && now >= last) return
  prunedAt.set(db, now)
  await pruneRateLimits(db, now)
}

/** Removes the rows of keys with no hit left in their window. */
export async function pruneRateLimits(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

function readHits(json: string): number[] {
  const hits: unknown = JSON.parse(json)
  return Array.isArray(hits) ? hits.map(Number).filter(Number.isFinite) : []
}

/**
 * A public lookup's limit per address and minute (the calendar's days, a
 * treat's price): null while allowed, else the 429 to answer, with when to
 * try again in words and in Retry-After.
 */
export async function limitLookups({
  db,
  key,
  max,
  now,
  what,
}: {
  db: Kysely<Database>
  key: string
  max: number
  now: number
  /** What is looked up, in the plural: 'calendar lookups'. */
  what: string
}): Promise<Reply<{ error: string }> | null> {
  const limit = await rateLimit({ db, key, max, windowMs: 60_000, now })
  if (limit.allowed) return null
  return reply(
    429,
    {
      error: `That is a lot of ${what} in a minute. Please try again in ${describeWait(limit.retryAfterMs)}.`,
    },
    { 'Retry-After': String(Math.ceil(limit.retryAfterMs / 1000)) },
  )
}
