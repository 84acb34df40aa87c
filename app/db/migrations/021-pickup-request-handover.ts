import { type Kysely, type Migration, sql } from 'kysely'

// The window a request is handed over in (HH:MM-HH:MM), and where a
// delivery goes; erasing a customer clears them with the rest.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of [
      'pickup_window',
      'delivery_street',
      'delivery_city',
      'delivery_postal_code',
      'delivery_notes',
    ]) {
      await db.schema.alterTable('order_request').addColumn(column, 'text').execute()
    }
    await db.schema
      .createIndex('order_request_window')
      .on('order_request')
      .columns(['due_date', 'pickup_window'])
      .where(sql.ref('pickup_window'), 'is not', null)
      .execute()
  },
}
