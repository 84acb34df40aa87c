import type { CompiledQuery } from 'kysely'
import type { Db } from './db.server.ts'

/** Compiled once per connection: the read runs on every cached page served. */
const compiled = new WeakMap<Db, CompiledQuery<{ token: string }>>()

/**
 * What the public pages are rendered from, as one token: database triggers
 * (migration 011) replace it with a random one on every write to the gallery,
 * the menu or the booking rules, in the writer's own transaction. Two reads
 * that return the same token saw the same pages' data, on any instance.
 * One primary-key read: cheap enough to ask on every cached page served.
 */
export async function readPageVersion(db: Db): Promise<string> {
  let query = compiled.get(db)
  if (!query) {
    query = db.selectFrom('page_version').select('token').where('id', '=', 1).compile()
    compiled.set(db, query)
  }
  const { rows } = await db.executeQuery(query)
  const token = rows[0]?.token
  if (token === undefined) throw new Error('The page_version row is missing (migration 011).')
  return token
}

/**
 * What the public availability answers are worked out from, as one token:
 * the page version (the menu and the booking rules) and the booking version
 * (every request's date, status and effort; migration 013), read together.
 * Two reads that return the same token saw the same answers, on any instance.
 */
export async function readBookingVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom(['page_version', 'booking_version'])
    .select(['page_version.token as page', 'booking_version.token as booking'])
    .where('page_version.id', '=', 1)
    .where('booking_version.id', '=', 1)
    .executeTakeFirst()
  if (!row) throw new Error('The page_version or booking_version row is missing.')
  return `${row.page}/${row.booking}`
}
