import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'
import { STARTING_CAPACITY, STARTING_HORIZON_DAYS, STARTING_POLICIES } from './starting-settings.ts'

type ColumnBuild = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder

// The calendar: how much the bakery can make each weekday, the dates it is
// closed, how far ahead it takes orders and the policies a customer accepts
// (features/availability). Each request now holds its share of a day's
// capacity while its status says it will be made, and carries the token of
// the customer's private status page.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('weekday_capacity')
      // 0 = Sunday … 6 = Saturday, as Date.getUTCDay() counts.
      .addColumn('weekday', 'integer', (col) => col.primaryKey())
      // Effort units the bakery can make that day; 0 = closed.
      .addColumn('capacity', 'integer', (col) => col.notNull())
      .execute()
    await db
      .insertInto('weekday_capacity' as never)
      .values(
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
          weekday,
          capacity: STARTING_CAPACITY,
        })) as never,
      )
      .execute()

    await db.schema
      .createTable('closed_period')
      .addColumn('id', 'integer', autoIncrementId(db))
      // YYYY-MM-DD, both included; a single closed date has start = end.
      .addColumn('start_date', 'text', (col) => col.notNull())
      .addColumn('end_date', 'text', (col) => col.notNull())
      // The owner's own reminder ("Sam's wedding"); never shown to customers.
      .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
      .execute()

    // One row (id = 1) of the bakery's booking settings.
    await db.schema
      .createTable('booking_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('horizon_days', 'integer', (col) => col.notNull())
      .addColumn('policies', 'text', (col) => col.notNull())
      .addColumn('delivery_enabled', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('delivery_note', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
    await db
      .insertInto('booking_settings' as never)
      .values({
        id: 1,
        horizon_days: STARTING_HORIZON_DAYS,
        policies: STARTING_POLICIES,
      } as never)
      .execute()

    for (const [column, type, build] of [
      ['status', 'text', (col) => col.notNull().defaultTo('new')],
      ['effort', 'integer', (col) => col.notNull().defaultTo(1)],
      ['servings', 'text', (col) => col],
      ['allergies', 'text', (col) => col],
      ['fulfilment', 'text', (col) => col],
      ['customer_token', 'text', (col) => col],
    ] as const satisfies readonly (readonly [string, 'text' | 'integer', ColumnBuild])[]) {
      await db.schema.alterTable('order_request').addColumn(column, type, build).execute()
    }
    // The capacity check sums held effort by date.
    await db.schema
      .createIndex('order_request_due_date')
      .on('order_request')
      .columns(['due_date', 'status'])
      .execute()
    await db.schema
      .createIndex('order_request_customer_token')
      .on('order_request')
      .column('customer_token')
      .execute()
    // The policy text the customer ticked, as it read when they sent.
    await db.schema.alterTable('order_batch').addColumn('accepted_policies', 'text').execute()
  },
}
