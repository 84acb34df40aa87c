import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

// The order list's search (any part of a name or email, case ignored) on
// PostgreSQL: trigram indexes find '%lee%' without reading every row.
// pg_trgm is a trusted extension, so the database's owner may create it;
// where it cannot be (no contrib package, a role without the right) the
// search still works, by reading the rows as before, and the server says
// so once at migration. SQLite has no such index: its search reads the
// rows, which at its sizes stays quick.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (!isPostgres(db)) return
    // In public, not the site's own schema: an extension lives once per
    // database, and dropping one site's schema must not take it (and
    // every other schema's search indexes) with it. The exception block
    // is a subtransaction, so a refusal leaves the migration's own
    // transaction usable.
    await sql`do $$
        begin
          if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
            create extension pg_trgm with schema public;
          end if;
        exception when others then
          raise notice 'pg_trgm could not be created (%): the order search reads every row', sqlerrm;
        end $$`.execute(db)
    const { rows } = await sql<{ schema: string }>`
        select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(
      db,
    )
    const schema = rows[0]?.schema
    if (!schema) {
      console.warn(
        'database: pg_trgm is not available, so the order search reads every request (it still works)',
      )
      return
    }
    // lower(): the search compares lower-cased text (order-list.server.ts).
    for (const column of ['name', 'email']) {
      await sql`create index ${sql.id(`order_request_${column}_trigram`)} on order_request
          using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db)
    }
  },
}
