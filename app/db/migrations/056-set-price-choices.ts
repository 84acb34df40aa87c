import type { Kysely, Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'

// The choices a treat bought now was made with (an 8-inch, chocolate): by its
// option group's and choice's keys, which outlive the menu's rewrite of its
// option rows, so the kitchen can bake and label what was chosen
// (docs/decisions/105). Gone with its request.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('set_price_choice')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('group_key', 'text', (col) => col.notNull())
      .addColumn('choice_key', 'text', (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('set_price_choice_request')
      .on('set_price_choice')
      .column('request_id')
      .execute()
  },
}
