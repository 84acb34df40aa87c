import { type Kysely, type Migration, sql } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Labels (docs/decisions/106). An ingredient says what its own pack lists
// (its sub-ingredients, printed in brackets) and, when bought by the piece,
// what one piece weighs, so a label can order ingredients by weight. Her
// region, permit and the name and address she prints; each sold thing's net
// weight; and each order's or drop's label sheet as it was first made, so a
// later recipe edit never changes a label already printed.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('ingredient')
      .addColumn('contents', 'text', (col) => col.notNull().defaultTo(''))
      .execute()
    await db.schema.alterTable('ingredient').addColumn('piece_grams', 'text').execute()
    // One row (id = 1).
    await db.schema
      .createTable('label_settings')
      .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
      // A code of features/labels/regions.ts, or '' before she chooses.
      .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
      // Her registration or permit number and who issued it, as printed.
      .addColumn('permit', 'text', (col) => col.notNull().defaultTo(''))
      // Her business name and address, as printed.
      .addColumn('maker', 'text', (col) => col.notNull().defaultTo(''))
      // The sheet she prints on: a key of features/labels/label-pdf.server.ts's LAYOUTS.
      .addColumn('layout', 'text', (col) => col.notNull().defaultTo('avery-5163'))
      .execute()
    await db
      .insertInto('label_settings' as never)
      .values({ id: 1 } as never)
      .execute()
    // What one of a thing she sells weighs, in grams: a menu treat or a drop's item.
    await db.schema
      .createTable('label_net')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('product_id', 'integer', (col) =>
        col.unique().references('product.id').onDelete('cascade'),
      )
      .addColumn('drop_item_id', 'integer', (col) =>
        col.unique().references('drop_item.id').onDelete('cascade'),
      )
      .addColumn('grams', 'text', (col) => col.notNull())
      .addCheckConstraint(
        'label_net_one_thing',
        sql`(product_id is null) <> (drop_item_id is null)`,
      )
      .execute()
    // The labels of an order or a drop as first made (JSON), kept as they were.
    await db.schema
      .createTable('label_sheet')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.unique().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('drop_id', 'integer', (col) =>
        col.unique().references('drop_sale.id').onDelete('cascade'),
      )
      .addColumn('made_on', 'text', (col) => col.notNull())
      .addColumn('labels', 'text', (col) => col.notNull())
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .addCheckConstraint('label_sheet_one_thing', sql`(request_id is null) <> (drop_id is null)`)
      .execute()
  },
}
