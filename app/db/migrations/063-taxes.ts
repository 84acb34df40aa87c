import type { Kysely, Migration } from 'kysely'
import { autoIncrementId } from '#app/db/portable-schema.server.ts'

// Her taxes (docs/decisions/113): the rates she charges, the classes of
// what she sells (each with the rule she follows written beside it) and
// which rates each class carries. A treat names its
// class (a drop's own items are taxed as the class she marks for them);
// a quote keeps the taxes it was priced with, so a rate changed
// later never changes an order already priced.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tax_rate')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('name', 'text', (col) => col.notNull())
      // Parts per million: 13% is 130000, 9.975% is 99750.
      .addColumn('ppm', 'integer', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('tax_class')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('rule', 'text', (col) => col.notNull().defaultTo(''))
      // 1 on the one class a drop's own items (not from the menu) are taxed as.
      .addColumn('drop_items', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('position', 'integer', (col) => col.notNull())
      .execute()
    await db.schema
      .createTable('tax_class_rate')
      .addColumn('class_id', 'integer', (col) =>
        col.notNull().references('tax_class.id').onDelete('cascade'),
      )
      .addColumn('rate_id', 'integer', (col) =>
        col.notNull().references('tax_rate.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('tax_class_rate_pk', ['class_id', 'rate_id'])
      .execute()
    // A class she deletes leaves its treats untaxed, never pointing at nothing.
    await db.schema
      .alterTable('product')
      .addColumn('tax_class_id', 'integer', (col) =>
        col.references('tax_class.id').onDelete('set null'),
      )
      .execute()
    await db.schema
      .alterTable('request_quote')
      .addColumn('taxes', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute()
  },
}
