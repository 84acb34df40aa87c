import {
  type ColumnDefinitionBuilder,
  type ColumnDataType,
  type Kysely,
  PostgresAdapter,
} from 'kysely'

/**
 * The few places where SQLite and PostgreSQL need different DDL for the same
 * column. One migration history runs on both databases (docs/decisions/014),
 * and a migration that has shipped must keep producing exactly the SQLite
 * schema it always did, so on SQLite these return what the migrations wrote
 * before PostgreSQL existed; only PostgreSQL gets the other spelling.
 */

/** Any Kysely instance, whatever its tables: only its dialect is looked at. */
type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/**
 * Epoch milliseconds. SQLite's integer holds 64 bits; PostgreSQL's holds 32,
 * which today's time overflows, so there it is bigint (read back as a
 * number: see db.server.ts).
 */
export function epochMsType(db: AnyDb): ColumnDataType {
  return isPostgres(db) ? 'bigint' : 'integer'
}

/**
 * A table's own id, counted up by the database. SQLite spells it
 * `integer primary key autoincrement`; PostgreSQL has no autoincrement and
 * uses an identity column. "By default" rather than "always" so a restore
 * or a test may still write an id of its own.
 */
export function autoIncrementId(db: AnyDb) {
  return (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isPostgres(db)
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement()
}
