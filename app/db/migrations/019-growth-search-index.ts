import { type Kysely, type Migration, sql } from 'kysely'
import { isPostgres } from '#app/db/portable-schema.server.ts'

// The order list's search on SQLite, which has no trigram index of its
// own: an FTS5 table of each request's name and email, tokenized in
// trigrams, answers "contains" without reading the book
// (docs/decisions/042). It holds no copy of the text (content= the
// requests), is kept by triggers, and deletes securely, so an erased
// customer leaves nothing in its index either. PostgreSQL searches with
// the trigram indexes of 016-growth-search-trigrams instead.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) return
    await sql`create virtual table order_request_search using fts5(
        name, email, content = 'order_request', content_rowid = 'id', tokenize = 'trigram')`.execute(
      db,
    )
    await sql`insert into order_request_search (order_request_search, rank) values ('secure-delete', 1)`.execute(
      db,
    )
    await sql`insert into order_request_search (order_request_search) values ('rebuild')`.execute(
      db,
    )
    await sql`create trigger order_request_search_insert after insert on order_request begin
        insert into order_request_search (rowid, name, email) values (new.id, new.name, new.email);
      end`.execute(db)
    await sql`create trigger order_request_search_delete after delete on order_request begin
        insert into order_request_search (order_request_search, rowid, name, email)
          values ('delete', old.id, old.name, old.email);
      end`.execute(db)
    await sql`create trigger order_request_search_update after update of name, email on order_request begin
        insert into order_request_search (order_request_search, rowid, name, email)
          values ('delete', old.id, old.name, old.email);
        insert into order_request_search (rowid, name, email) values (new.id, new.name, new.email);
      end`.execute(db)
  },
}
