import { expect, test } from 'vitest'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { listOrderBook } from '#app/features/owner-desk/order-list.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { seedSyntheticBook } from './synthetic-book.ts'

const NOW = Date.parse('2026-11-25T12:00:00Z')

test('a synthetic book has the life of a real one: statuses past and future, quotes, payments, timelines, emails', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  const book = await seedSyntheticBook(db, { requests: 12_000, now: NOW })
  expect(book.requests).toBe(12_000)
  const requests = await db
    .selectFrom('order_request')
    .select(['status', 'due_date', 'name'])
    .execute()
  expect(requests).toHaveLength(12_000)
  const statuses = new Set(requests.map((row) => row.status))
  for (const status of ['new', 'quoted', 'confirmed', 'completed', 'declined', 'expired']) {
    expect(statuses).toContain(status)
  }
  expect(requests.some((row) => row.due_date < '2026-11-25')).toBe(true)
  expect(requests.some((row) => row.due_date > '2026-11-25')).toBe(true)
  expect(requests.some((row) => /\P{ASCII}/u.test(row.name))).toBe(true)
  // However many requests, no day holds more than a bakery's day: as the site's own refusals keep it.
  const held = await db
    .selectFrom('order_request')
    .select(({ fn }) => ['due_date', fn.sum<number | string>('effort').as('effort')])
    .where('status', 'in', ['new', 'quoted', 'confirmed', 'ready', 'completed'])
    .groupBy('due_date')
    .execute()
  expect(Math.max(...held.map((day) => Number(day.effort)))).toBeLessThanOrEqual(12)
  const count = async (table: 'request_event' | 'request_quote' | 'payment' | 'outbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  expect(await count('request_event')).toBe(book.rows.events)
  expect(book.rows.events).toBeGreaterThan(12_000)
  expect(await count('request_quote')).toBe(book.rows.quotes)
  expect(await count('payment')).toBe(book.rows.payments)
  expect(await count('outbox')).toBe(book.rows.emails)

  // The owner's list reads it as it reads a real book.
  const listed = await listOrderBook(db, {
    status: null,
    from: null,
    to: null,
    q: 'zoë',
    sort: 'newest',
    page: 1,
  })
  // Hundreds of Zoës in 12,000 requests: a full page, and more than the search counts.
  expect(listed.rows).toHaveLength(50)
  expect(listed.total).toBeNull()
  expect(listed.rows.every((row) => row.name.toLowerCase().includes('zoë'))).toBe(true)
  expect(book.sampleRequestId).not.toBeNull()
})
