import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import type { LoginThrottleStore } from './login-throttle.ts'

const ownTables = tablesFor('auth')

/**
 * The sign-in throttle's failures in the database, one row each, shared by
 * every instance of the site. Failures that left the window are deleted as
 * new ones arrive, whatever their key, so the table holds at most a window's
 * worth of failures.
 */
export function createDatabaseThrottleStore(db: Kysely<Database>): LoginThrottleStore {
  return {
    async listFailures(key, since) {
      const rows = await ownTables(db)
        .selectFrom('sign_in_failure')
        .select('failed_at')
        .where('key', '=', key)
        .where('failed_at', '>', since)
        .orderBy('failed_at')
        .execute()
      return rows.map((row) => Number(row.failed_at))
    },
    async addFailure(key, at, since) {
      await ownTables(db)
        .insertInto('sign_in_failure')
        .values({ key, failed_at: at, id: randomUUID() })
        .execute()
      await ownTables(db).deleteFrom('sign_in_failure').where('failed_at', '<=', since).execute()
    },
    async clearFailures(key) {
      await ownTables(db).deleteFrom('sign_in_failure').where('key', '=', key).execute()
    },
  }
}
