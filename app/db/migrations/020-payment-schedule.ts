import { randomInt } from 'node:crypto'
import { type Kysely, type Migration } from 'kysely'

// The payment schedule (docs/decisions/044): a quote's balance falls due
// on a date of its own (by default the owner's "N days before the order
// date"), and every request carries a short payment reference the
// customer writes in her e-Transfer message. Requests already in the book
// get a reference here, random like the new ones and unique under the
// index made after them; quotes already sent keep no balance date (their
// balance stays due at handover, as their emails said), so no reminder
// or overdue notice reaches a customer about a date she was never told.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('booking_settings')
      .addColumn('balance_due_days', 'integer', (col) => col.notNull().defaultTo(7))
      .execute()
    // YYYY-MM-DD: when the balance is due; null for none set.
    await db.schema.alterTable('request_quote').addColumn('balance_due', 'text').execute()
    await db.schema.alterTable('order_request').addColumn('payment_reference', 'text').execute()

    const requests = db as unknown as Kysely<{
      order_request: { id: number; payment_reference: string | null }
    }>
    const { count } = await requests
      .selectFrom('order_request')
      .select(({ fn }) => fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow()
    // Wide enough that the book fills at most a twentieth of the numbers.
    const digits = Math.max(4, Math.ceil(Math.log10(Math.max(1, Number(count)) * 20)))
    const used = new Set<string>()
    const fresh = () => {
      for (;;) {
        const reference = `BB-${String(randomInt(10 ** (digits - 1), 10 ** digits))}`
        if (!used.has(reference)) {
          used.add(reference)
          return reference
        }
      }
    }
    let afterId = 0
    for (;;) {
      const page = await requests
        .selectFrom('order_request')
        .select('id')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(500)
        .execute()
      for (const { id } of page) {
        await requests
          .updateTable('order_request')
          .set({ payment_reference: fresh() })
          .where('id', '=', id)
          .execute()
      }
      if (page.length < 500) break
      afterId = Number(page.at(-1)!.id)
    }
    await db.schema
      .createIndex('order_request_payment_reference')
      .on('order_request')
      .column('payment_reference')
      .unique()
      .execute()
  },
}
