import { type Kysely, type Migration } from 'kysely'
import { autoIncrementId, epochMsType } from '#app/db/portable-schema.server.ts'

// Refunds and receipts (docs/decisions/046). A refund is money handed
// back: the owner's, by hand, or (later) a card refund through Stripe,
// whose id is unique so a webhook told twice records it once. A receipt
// is a request's number on its printable receipt: the row's id, which
// neither database ever hands out twice (SQLite's AUTOINCREMENT, an
// identity on PostgreSQL), one per request under a unique index. Requests
// already paid get theirs here, in the order their first payment came.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('refund')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      // The payment it gives back, when it is one payment's (a card's); null for a manual refund.
      .addColumn('payment_id', 'integer', (col) =>
        col.references('payment.id').onDelete('set null'),
      )
      .addColumn('amount_cents', 'integer', (col) => col.notNull())
      // YYYY-MM-DD, as the owner sent it.
      .addColumn('refunded_on', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('stripe_refund_id', 'text')
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema.createIndex('refund_request').on('refund').column('request_id').execute()
    await db.schema
      .createIndex('refund_stripe_refund_id')
      .on('refund')
      .column('stripe_refund_id')
      .unique()
      .execute()

    await db.schema
      .createTable('receipt')
      .addColumn('id', 'integer', autoIncrementId(db))
      .addColumn('request_id', 'integer', (col) =>
        col.notNull().references('order_request.id').onDelete('cascade'),
      )
      .addColumn('created_at', epochMsType(db), (col) => col.notNull())
      .execute()
    await db.schema
      .createIndex('receipt_request')
      .on('receipt')
      .column('request_id')
      .unique()
      .execute()

    const book = db as unknown as Kysely<{
      payment: { id: number; request_id: number; created_at: number }
      receipt: { request_id: number; created_at: number }
    }>
    // One insert, in the order each request's first payment came in.
    let afterId = 0
    for (;;) {
      const page = await book
        .selectFrom('payment')
        .select(({ fn }) => [
          'request_id',
          fn.min<number | string>('created_at').as('first'),
          fn.min<number | string>('id').as('first_id'),
        ])
        .groupBy('request_id')
        .having(({ fn }) => fn.min('id'), '>', afterId)
        .orderBy('first_id')
        .limit(500)
        .execute()
      for (const row of page) {
        await book
          .insertInto('receipt')
          .values({ request_id: Number(row.request_id), created_at: Number(row.first) })
          .execute()
      }
      if (page.length < 500) break
      afterId = Number(page.at(-1)!.first_id)
    }
  },
}
