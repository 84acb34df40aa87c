import { type Kysely, PostgresAdapter } from 'kysely'

/**
 * True when `db` talks to PostgreSQL. For the rare statement that needs a
 * clause only one database has (row locks); everything else is written once.
 */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
