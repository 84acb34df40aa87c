import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { openTestDatabase, testDatabaseKind } from '#tests/support/database.ts'
import { isUniqueViolation } from './db.server.ts'

test('the migrations make the schema the database has always had', async () => {
  const { db, dataDir } = await openTestDatabase()
  if (testDatabaseKind() === 'sqlite') {
    const file = new SQLite(path.join(dataDir, 'bakery.sqlite'), { readonly: true })
    const rows = file
      // sqlite_stat*: the planner's statistics (pragma optimize), not the schema.
      .prepare(
        "select name, sql from sqlite_master where name not like 'kysely_%' and name not like 'sqlite_stat%' order by name",
      )
      .all() as { name: string; sql: string | null }[]
    file.close()
    // What the migrations make on SQLite, statement by statement. Through migration 004 it is
    // what they made before they also ran on PostgreSQL: databases already in use have exactly
    // that, so a new database must too. A new migration adds its statements here (vitest -u).
    const schema = rows.map((row) => `-- ${row.name}\n${row.sql ?? '-- made by SQLite'};\n`)
    await expect(schema.join('\n')).toMatchFileSnapshot('./golden/sqlite-schema.sql')
    return
  }
  // PostgreSQL: counted ids are identity columns, epoch milliseconds bigint.
  const { rows } = await sql<{ table_name: string; column_name: string; type: string }>`
    select table_name, column_name,
      data_type || case when is_identity = 'YES' then ' identity' else '' end as type
    from information_schema.columns
    where table_schema = current_schema() and table_name in ('outbox', 'order_batch', 'inspiration_photo')
    order by table_name, column_name`.execute(db)
  expect(rows.map((row) => `${row.table_name}.${row.column_name} ${row.type}`)).toEqual([
    'inspiration_photo.created_at bigint',
    'inspiration_photo.height integer',
    'inspiration_photo.id integer identity',
    'inspiration_photo.key text',
    'inspiration_photo.preview text',
    'inspiration_photo.request_id integer',
    'inspiration_photo.stored_bytes integer',
    'inspiration_photo.variants text',
    'inspiration_photo.width integer',
    'order_batch.accepted_policies text',
    'order_batch.accepted_policies_html text',
    'order_batch.created_at text',
    'order_batch.handled_at text',
    'order_batch.id integer identity',
    'order_batch.order_count integer',
    'outbox.attempts integer',
    'outbox.created_at bigint',
    'outbox.dedupe_key text',
    'outbox.id integer identity',
    'outbox.last_error text',
    'outbox.lease_boot text',
    'outbox.lease_holder text',
    'outbox.lease_until bigint',
    'outbox.next_attempt_at bigint',
    'outbox.payload text',
    'outbox.sent_at bigint',
    'outbox.status text',
    'outbox.subject_id integer',
    'outbox.topic text',
  ])
})

test('epoch milliseconds past 32 bits go in and come back as numbers', async () => {
  const { db } = await openTestDatabase()
  const now = Date.parse('2026-06-01T10:00:00Z')
  await db
    .insertInto('outbox')
    .values({
      topic: 'order_batch',
      subject_id: 1,
      payload: '{}',
      created_at: now,
      next_attempt_at: now,
    })
    .execute()
  const row = await db
    .selectFrom('outbox')
    .select(['created_at', 'next_attempt_at', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['created_at', 'next_attempt_at'])
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ created_at: now, next_attempt_at: now, count: 1 })
})

test('a second photo with the same upload key is refused as a unique violation on either database', async () => {
  const { db } = await openTestDatabase()
  const photo = (fileName: string) => ({
    file_name: fileName,
    tags: '[]',
    uploaded_at: '2026-06-01T10:00:00Z',
    original_size: 1,
    compressed_size: 1,
    width: 1,
    height: 1,
    variants: '[]',
    placeholder: '',
    stored_bytes: 1,
    upload_key: 'a'.repeat(32),
  })
  await db.insertInto('gallery_image').values(photo('1_cake')).execute()
  const refusal = await db
    .insertInto('gallery_image')
    .values(photo('2_cake'))
    .execute()
    .then(
      () => undefined,
      (error: unknown) => error,
    )
  expect(isUniqueViolation(refusal)).toBe(true)
  expect(isUniqueViolation(new Error('something else'))).toBe(false)
})

test('a growing book is read through indexes: by status, by date with effort, and by search on PostgreSQL', async () => {
  const { db } = await openTestDatabase()
  if (testDatabaseKind() === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan
      select due_date, sum(effort) from order_request
      where due_date >= '2026-12-01' and due_date <= '2026-12-31' and status in ('new', 'quoted')
      group by due_date`.execute(db)
    // Whichever of the two it takes, the rows themselves are not read.
    expect(rows.map((row) => row.detail).join('\n')).toMatch(
      /USING COVERING INDEX order_request_(status|due_date_effort)/,
    )
    return
  }
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = 'order_request' order by indexname`.execute(
    db,
  )
  const names = rows.map((row) => row.indexname)
  expect(names).toEqual(
    expect.arrayContaining([
      'order_request_status',
      'order_request_due_date_effort',
      'order_request_name_trigram',
      'order_request_email_trigram',
    ]),
  )
  expect(names).not.toContain('order_request_due_date')
  // With the table too small for the planner to prefer an index, ask it to.
  await db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection)
    const plan = await sql<{ 'QUERY PLAN': string }>`explain
      select id from order_request
      where lower(name) like ${'%zoë%'} escape '\\' or lower(email) like ${'%zoë%'} escape '\\'`.execute(
      connection,
    )
    await sql`reset enable_seqscan`.execute(connection)
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
    expect(text).toContain('order_request_name_trigram')
    expect(text).toContain('order_request_email_trigram')
  })
})
