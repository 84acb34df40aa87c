import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { listProducts } from '#app/features/menu/menu.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { openBakery } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { readAgainThisYear } from './again-this-year.server.ts'

const SITE = 'https://butterandbloom.example'

/** An order sent and baked when it was for, `status` as it ended. */
async function pastOrder(
  db: Db,
  change: Partial<OrderRequest>,
  status: RequestStatus = 'completed',
) {
  const order = { ...birthdayCakeOrder, ...change }
  const sent = await submitOrderRequests(db, [order], {
    products: await listProducts(db),
    siteUrl: SITE,
    // Sent a fortnight before its day.
    now: new Date(`${addDays(order.due_date, -14)}T15:00:00Z`),
  })
  if (!sent.ok) throw new Error('not sent')
  await db
    .updateTable('order_request')
    .set({ status })
    .where('batch_id', '=', sent.batchId)
    .execute()
}

test('a month before last year’s birthday order, Today suggests writing to that customer, with the email ready', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  // Priya's unicorn cake last December 12th: on November 20th its day is three weeks away.
  await pastOrder(db, { due_date: '2025-12-12' })
  // Not suggested: an event that does not come back, one declined, one too far ahead, and
  // a customer who has ordered again since.
  await pastOrder(db, {
    name: 'Ravi',
    email: 'ravi@example.com',
    event_theme: 'Retirement',
    due_date: '2025-12-01',
  })
  await pastOrder(db, { name: 'Dee', email: 'dee@example.com', due_date: '2025-12-02' }, 'declined')
  await pastOrder(db, { name: 'Fay', email: 'fay@example.com', due_date: '2026-01-30' })
  await pastOrder(db, {
    name: 'Sam',
    email: 'sam@example.com',
    event_theme: 'Sam turns 40',
    due_date: '2025-12-05',
  })
  await pastOrder(db, {
    name: 'Sam',
    email: 'SAM@example.com',
    event_theme: 'Picnic',
    due_date: '2026-06-05',
  })

  const again = await readAgainThisYear(db, { today: '2026-11-20', siteUrl: SITE })
  expect(again).toHaveLength(1)
  const [priya] = again
  expect(priya).toMatchObject({
    name: 'Priya Sharma',
    lastYear: 'Cakes for Unicorn birthday on Friday, December 12, 2025',
  })
  const mail = new URL(priya!.emailHref)
  expect(mail.protocol).toBe('mailto:')
  expect(mail.pathname).toBe('priya@example.com')
  expect(mail.searchParams.get('subject')).toBe('Unicorn birthday again this year?')
  expect(mail.searchParams.get('body')).toBe(
    [
      'Hi Priya,',
      '',
      `Last year we baked your Cakes for Unicorn birthday, on Friday, December 12, 2025. Would you like something for it again this year? You can order here: ${SITE}/ordernow?product=Cakes`,
      '',
      'Nadia',
      'Butter & Bloom Bakery',
    ].join('\n'),
  )

  // A day after the occasion, or more than a month before it, nothing is suggested.
  expect(await readAgainThisYear(db, { today: '2026-12-13', siteUrl: SITE })).toEqual([])
  expect(await readAgainThisYear(db, { today: '2026-11-11', siteUrl: SITE })).toEqual([])
})
