import type { Db } from './db.server.ts'

/**
 * What the public pages are rendered from, as one token: database triggers
 * (migration 011) replace it with a random one on every write to the gallery,
 * the menu or the booking rules, in the writer's own transaction. Two reads
 * that return the same token saw the same pages' data, on any instance.
 * One primary-key read: cheap enough to ask on every cached page served.
 */
export async function readPageVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('page_version')
    .select('token')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return row.token
}
