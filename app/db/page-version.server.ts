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
