import { expect, test } from 'vitest'
import { REFERENCE_PREFIX } from '#app/features/order-status/payment-reference.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { openBakery, sendRequest } from '#tests/support/order-book.ts'

test('a book that has used every four-digit reference still takes a send, with a longer one', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const { id: batchId } = await db
    .insertInto('order_batch')
    .values({ created_at: '2026-01-01T00:00:00.000Z', order_count: 9_000, accepted_policies: '' })
    .returning('id')
    .executeTakeFirstOrThrow()
  // Every reference from BB-1000 to BB-9999 taken: each of the first draws clashes
  // with the unique index, is rolled back to its savepoint and drawn again.
  const numbers = Array.from({ length: 9_000 }, (_, index) => 1_000 + index)
  for (let start = 0; start < numbers.length; start += 500) {
    await db
      .insertInto('order_request')
      .values(
        numbers.slice(start, start + 500).map((number, index) => ({
          batch_id: Number(batchId),
          position: start + index + 1,
          name: 'Earlier customer',
          email: 'earlier@example.com',
          phone_number: '416-555-0100',
          product_type: 'Cakes',
          event_theme: 'Birthday',
          due_date: '2026-01-10',
          hear_about_us: 'Instagram',
          status: 'completed' as const,
          payment_reference: `${REFERENCE_PREFIX}-${number}`,
        })),
      )
      .execute()
  }

  const id = await sendRequest(db)

  const stored = await db
    .selectFrom('order_request')
    .select(['payment_reference', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  expect(stored.status).toBe('new')
  expect(stored.payment_reference).toMatch(/^BB-\d{5}$/)
  // The clashes left nothing behind: one new request, its one arrival on the timeline.
  const { count } = await db
    .selectFrom('order_request')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  expect(Number(count)).toBe(9_001)
  const events = await db.selectFrom('request_event').select('to_status').execute()
  expect(events).toEqual([{ to_status: 'new' }])
})
