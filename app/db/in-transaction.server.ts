import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** Runs `work` in a transaction: `db`'s own, or a new one. */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : (db as Kysely<Database>).transaction().execute(work)
}
