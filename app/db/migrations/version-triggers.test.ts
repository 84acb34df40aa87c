import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type LogEvent, SqliteDialect } from 'kysely'
import pg from 'pg'
import { expect, onTestFinished, test } from 'vitest'
import { type Db, migrateToLatest } from '#app/db/db.server.ts'
import { OwnSchemaPostgresDialect } from '#app/db/own-schema-introspector.server.ts'
import { makeTestDatabaseUrl, testDatabaseKind } from '#tests/support/database.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'

// What the migrations ran to make the version tokens' functions and
// triggers before version-triggers.ts wrote them, statement by statement,
// in the order they ran. A shipped migration must keep running exactly this.
const POSTGRES = [
  `create function page_version_bump() returns trigger language plpgsql as $$
          begin
            update page_version set token = gen_random_uuid()::text where id = 1;
            return null;
          end $$`,
  `create trigger gallery_image_page_version
            after insert or update or delete or truncate on "gallery_image"
            for each statement execute function page_version_bump()`,
  `create trigger product_page_version
            after insert or update or delete or truncate on "product"
            for each statement execute function page_version_bump()`,
  `create trigger weekday_capacity_page_version
            after insert or update or delete or truncate on "weekday_capacity"
            for each statement execute function page_version_bump()`,
  `create trigger closed_period_page_version
            after insert or update or delete or truncate on "closed_period"
            for each statement execute function page_version_bump()`,
  `create trigger booking_settings_page_version
            after insert or update or delete or truncate on "booking_settings"
            for each statement execute function page_version_bump()`,
  `create function booking_version_bump() returns trigger language plpgsql as $$
          begin
            update booking_version set token = gen_random_uuid()::text where id = 1;
            return null;
          end $$`,
  `create trigger order_request_booking_version
          after insert or delete or truncate or update of due_date, status, effort on "order_request"
          for each statement execute function booking_version_bump()`,
  `create trigger pickup_window_page_version
          after insert or update or delete or truncate on pickup_window
          for each statement execute function page_version_bump()`,
  `create trigger site_content_page_version
          after insert or update or delete or truncate on site_content
          for each statement execute function page_version_bump()`,
  `create trigger review_insert_page_version after insert on review
            for each row when (new.shown = 1) execute function page_version_bump()`,
  `create trigger review_update_page_version after update on review
            for each row when (old.shown <> new.shown or new.shown = 1) execute function page_version_bump()`,
  `create trigger review_delete_page_version after delete on review
            for each row when (old.shown = 1) execute function page_version_bump()`,
  `create trigger order_request_booking_version
          after insert or delete or truncate or update of due_date, status, effort, pickup_window on "order_request"
          for each statement execute function booking_version_bump()`,
  `create trigger drop_sale_page_version
        after insert or update or delete or truncate on drop_sale
        for each statement execute function page_version_bump()`,
  `create trigger drop_section_page_version
        after insert or update or delete or truncate on drop_section
        for each statement execute function page_version_bump()`,
  `create trigger drop_item_page_version
        after insert or update or delete or truncate on drop_item
        for each statement execute function page_version_bump()`,
  `create trigger drop_window_page_version
        after insert or update or delete or truncate on drop_window
        for each statement execute function page_version_bump()`,
  `create trigger product_option_group_page_version
        after insert or update or delete or truncate on product_option_group
        for each statement execute function page_version_bump()`,
  `create trigger product_option_choice_page_version
        after insert or update or delete or truncate on product_option_choice
        for each statement execute function page_version_bump()`,
  `create trigger delivery_fee_rule_page_version
        after insert or update or delete or truncate on delivery_fee_rule
        for each statement execute function page_version_bump()`,
]

const SQLITE = [
  `create trigger gallery_image_insert_page_version after insert on "gallery_image" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger gallery_image_update_page_version after update on "gallery_image" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger gallery_image_delete_page_version after delete on "gallery_image" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_insert_page_version after insert on "product" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_update_page_version after update on "product" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_delete_page_version after delete on "product" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger weekday_capacity_insert_page_version after insert on "weekday_capacity" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger weekday_capacity_update_page_version after update on "weekday_capacity" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger weekday_capacity_delete_page_version after delete on "weekday_capacity" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger closed_period_insert_page_version after insert on "closed_period" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger closed_period_update_page_version after update on "closed_period" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger closed_period_delete_page_version after delete on "closed_period" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger booking_settings_insert_page_version after insert on "booking_settings" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger booking_settings_update_page_version after update on "booking_settings" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger booking_settings_delete_page_version after delete on "booking_settings" begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger order_request_insert_booking_version after insert on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger order_request_delete_booking_version after delete on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger order_request_update_booking_version after update of due_date, status, effort on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger pickup_window_insert_page_version after insert on pickup_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger pickup_window_update_page_version after update on pickup_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger pickup_window_delete_page_version after delete on pickup_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger site_content_insert_page_version after insert on site_content begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger site_content_update_page_version after update on site_content begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger site_content_delete_page_version after delete on site_content begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger review_insert_page_version after insert on review when new.shown = 1 begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger review_update_page_version after update on review when old.shown <> new.shown or new.shown = 1 begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger review_delete_page_version after delete on review when old.shown = 1 begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger order_request_update_booking_version after update of due_date, status, effort, pickup_window on "order_request" begin update booking_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_sale_insert_page_version after insert on drop_sale begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_sale_update_page_version after update on drop_sale begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_sale_delete_page_version after delete on drop_sale begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_section_insert_page_version after insert on drop_section begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_section_update_page_version after update on drop_section begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_section_delete_page_version after delete on drop_section begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_item_insert_page_version after insert on drop_item begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_item_update_page_version after update on drop_item begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_item_delete_page_version after delete on drop_item begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_window_insert_page_version after insert on drop_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_window_update_page_version after update on drop_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger drop_window_delete_page_version after delete on drop_window begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_option_group_insert_page_version after insert on product_option_group begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_option_group_update_page_version after update on product_option_group begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_option_group_delete_page_version after delete on product_option_group begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_option_choice_insert_page_version after insert on product_option_choice begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_option_choice_update_page_version after update on product_option_choice begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger product_option_choice_delete_page_version after delete on product_option_choice begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger delivery_fee_rule_insert_page_version after insert on delivery_fee_rule begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger delivery_fee_rule_update_page_version after update on delivery_fee_rule begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
  `create trigger delivery_fee_rule_delete_page_version after delete on delivery_fee_rule begin update page_version set token = lower(hex(randomblob(16))) where id = 1; end`,
]

/** The create function and create trigger statements that touch a version token, as run. */
async function versionStatements(): Promise<string[]> {
  const statements: string[] = []
  const log = (event: LogEvent) => {
    const text = event.query.sql
    if (/^create (function|trigger)/.test(text) && text.includes('_version')) statements.push(text)
  }
  const url = await makeTestDatabaseUrl()
  const dialect = url
    ? new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) })
    : new SqliteDialect({ database: new SQLite(path.join(await makeTempDir(), 'bakery.sqlite')) })
  const db = new Kysely<unknown>({ dialect, log })
  onTestFinished(() => db.destroy())
  await migrateToLatest(db as Db)
  return statements
}

test('the version tokens get the functions and triggers the shipped migrations made, byte for byte', async () => {
  const expected = testDatabaseKind() === 'pg' ? POSTGRES : SQLITE
  expect(await versionStatements()).toEqual(expected)
})
