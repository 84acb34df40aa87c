import type { Kysely } from 'kysely'
import type { Database } from './schema.ts'

/**
 * Takes the lease `name` for `holder` until `now + ttlMs`, if it is free: no
 * row yet, a row whose time ran out (its holder crashed or finished without
 * letting go), or a row this same holder already has (a renewal). One
 * statement, so two instances asking at once cannot both get it: SQLite runs
 * it under its write lock, and PostgreSQL's ON CONFLICT locks the row and
 * checks the WHERE on its newest version. Returns whether `holder` has it.
 */
export async function acquireLease(
  db: Kysely<Database>,
  { name, holder, ttlMs, now = Date.now() }: LeaseRequest,
): Promise<boolean> {
  const row = await db
    .insertInto('lease')
    .values({ name, holder, until: now + ttlMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          until: eb.ref('excluded.until'),
        }))
        .where((eb) => eb.or([eb('lease.until', '<', now), eb('lease.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst()
  return row?.holder === holder
}

/** Lets go of a lease this holder has; a lease since taken by another is left alone. */
export async function releaseLease(
  db: Kysely<Database>,
  { name, holder }: { name: string; holder: string },
): Promise<void> {
  await db.deleteFrom('lease').where('name', '=', name).where('holder', '=', holder).execute()
}

/** Forgets leases that ran out long ago, so the table holds only live ones. */
export async function pruneExpiredLeases(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('lease').where('until', '<', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export interface LeaseRequest {
  name: string
  holder: string
  ttlMs: number
  now?: number
}

/**
 * Runs `task` only if the lease `name` can be taken, and lets go after.
 * Returns `{ ran: false }` when another holder has it. `renew` extends the
 * lease for long tasks, and says false if it was lost meanwhile.
 */
export async function withLease<T>(
  db: Kysely<Database>,
  { name, holder, ttlMs, clock = Date.now }: Omit<LeaseRequest, 'now'> & { clock?: () => number },
  task: (renew: () => Promise<boolean>) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (!(await acquireLease(db, { name, holder, ttlMs, now: clock() }))) return { ran: false }
  try {
    const result = await task(() => acquireLease(db, { name, holder, ttlMs, now: clock() }))
    return { ran: true, result }
  } finally {
    await releaseLease(db, { name, holder })
  }
}
