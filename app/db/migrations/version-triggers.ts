import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

/**
 * The version tokens (page_version, docs/decisions/024; booking_version,
 * 029) and the triggers that replace them on every write, written in one
 * place for the migrations that make them. A shipped migration must run
 * exactly the SQL it always ran, and SQLite keeps a trigger's text as it was
 * written, so these emit it byte for byte as each migration first wrote it
 * out: the table quoted or bare, and on PostgreSQL the indent of a
 * statement's later lines. Template lines below are indented as the SQL was,
 * not as the code around them.
 */
export type VersionToken = 'page_version' | 'booking_version'

/** The token's one row, random, and on PostgreSQL the function its triggers run. */
export async function createVersionToken(db: Kysely<unknown>, token: VersionToken) {
  await db.schema
    .createTable(token)
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull())
    .execute()
  await db
    .insertInto(token as never)
    .values({ id: 1, token: randomUUID() } as never)
    .execute()
  if (!isPostgres(db)) return
  await sql`create function ${sql.raw(token)}_bump() returns trigger language plpgsql as $$
          begin
            update ${sql.raw(token)} set token = gen_random_uuid()::text where id = 1;
            return null;
          end $$`.execute(db)
}

export interface BumpTriggers {
  token: VersionToken
  table: string
  /** Whether the migration named the table quoted (sql.table) or bare. */
  quoted: boolean
  /** The writes that replace the token, as SQLite names them: 'insert', 'update of status'. */
  events: readonly string[]
  /** PostgreSQL: spaces before the create trigger's second and third lines. */
  pgIndent: number
}

/**
 * Triggers that replace `token` on every write of `events` to the table: on
 * PostgreSQL one per statement (truncate too, which SQLite lacks: every
 * shipped one names it right after delete), on SQLite one per row and event.
 */
export async function createBumpTriggers(db: Kysely<unknown>, triggers: BumpTriggers) {
  const { token, table, quoted, events, pgIndent } = triggers
  if (!isPostgres(db)) {
    for (const event of events) await createRowBumpTrigger(db, { token, table, quoted, event })
    return
  }
  const on = events.flatMap((event) => (event === 'delete' ? [event, 'truncate'] : [event]))
  const indent = sql.raw(`\n${' '.repeat(pgIndent)}`)
  await sql`create trigger ${sql.raw(`${table}_${token}`)}${indent}after ${sql.raw(on.join(' or '))} on ${tableRef(table, quoted)}${indent}for each statement execute function ${sql.raw(token)}_bump()`.execute(
    db,
  )
}

export interface RowBumpTrigger {
  token: VersionToken
  table: string
  quoted: boolean
  /** 'insert', 'delete', or an update: 'update', 'update of due_date, status'. */
  event: string
  /** Only rows written so: 'new.shown = 1'. */
  when?: string
}

/** SQLite: one row trigger, named `<table>_<insert|update|delete>_<token>`. */
export async function createRowBumpTrigger(db: Kysely<unknown>, trigger: RowBumpTrigger) {
  const { token, table, quoted, event, when } = trigger
  const name = sql.raw(`${table}_${event.split(' ')[0]}_${token}`)
  const condition = sql.raw(when ? ` when ${when}` : '')
  const bump = sql.raw(`update ${token} set token = lower(hex(randomblob(16))) where id = 1;`)
  await sql`create trigger ${name} after ${sql.raw(event)} on ${tableRef(table, quoted)}${condition} begin ${bump} end`.execute(
    db,
  )
}

function tableRef(table: string, quoted: boolean) {
  return quoted ? sql.table(table) : sql.raw(table)
}
