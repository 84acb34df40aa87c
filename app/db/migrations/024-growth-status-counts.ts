import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

// How many requests stand in each status, kept by triggers, so the order
// list's chips read eight rows instead of counting the whole book
// (docs/decisions/042). The counts move in the writer's own transaction.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('order_status_count')
      .addColumn('status', 'text', (col) => col.primaryKey())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute()
    await sql`insert into order_status_count (status, count)
        select status, count(*) from order_request group by status`.execute(db)
    if (isPostgres(db)) {
      await sql`create function order_status_count_change() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') then
              update order_status_count set count = count - 1 where status = old.status;
            end if;
            if tg_op in ('INSERT', 'UPDATE') then
              insert into order_status_count (status, count) values (new.status, 1)
                on conflict (status) do update set count = order_status_count.count + 1;
            end if;
            return null;
          end $$`.execute(db)
      await sql`create trigger order_status_count_insert_delete
          after insert or delete on order_request
          for each row execute function order_status_count_change()`.execute(db)
      await sql`create trigger order_status_count_update
          after update of status on order_request
          for each row when (old.status is distinct from new.status)
          execute function order_status_count_change()`.execute(db)
    } else {
      const add = `insert into order_status_count (status, count) values (new.status, 1)
          on conflict (status) do update set count = count + 1;`
      const remove = 'update order_status_count set count = count - 1 where status = old.status;'
      await sql`create trigger order_status_count_insert after insert on order_request
          begin ${sql.raw(add)} end`.execute(db)
      await sql`create trigger order_status_count_delete after delete on order_request
          begin ${sql.raw(remove)} end`.execute(db)
      await sql`create trigger order_status_count_update after update of status on order_request
          when old.status <> new.status begin ${sql.raw(remove)} ${sql.raw(add)} end`.execute(db)
    }
  },
}
