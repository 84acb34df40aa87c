import { expect, test } from 'vitest'
import { bookedEffort } from '#app/features/availability/availability.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu, listActiveProducts } from '#app/features/menu/menu.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { reserveDrop } from './drop-holds.server.ts'
import { createDrop, readDrop } from './drops.server.ts'

// Saturday, December 12, 2026: a cake is booked, and a drop of layer cakes is picked up.
const OPENS = Date.parse('2026-12-02T17:00:00Z')
const MINUTE = 60_000

test('items that take real work share the pickup day’s capacity with custom orders, while held and once ordered', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  // Three units on Saturdays.
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const products = await listActiveProducts(db)
  const sent = await submitOrderRequests(db, [birthdayCakeOrder], {
    products,
    siteUrl: 'https://butterandbloom.example',
    now: new Date(OPENS - 60 * MINUTE),
  })
  expect(sent.ok).toBe(true)
  const cakeEffort = (await bookedEffort(db, { from: '2026-12-12', to: '2026-12-12' })).get(
    '2026-12-12',
  )!
  await createDrop(
    db,
    {
      slug: 'layer-cakes',
      name: 'Layer cakes',
      pickupDate: '2026-12-12',
      opensAt: new Date(OPENS),
      closesAt: new Date(OPENS + 48 * 60 * MINUTE),
      items: [{ name: 'Six-inch layer cake', priceCents: 4500, stock: 10, effort: 1 }],
      windows: [{ start: '10:00', end: '12:00', capacity: null }],
    },
    new Date(OPENS - MINUTE),
  )
  const cake = (await readDrop(db, 'layer-cakes'))!.items[0]!.id
  const reserve = (quantity: number, email: string, now: number) =>
    reserveDrop(db, {
      slug: 'layer-cakes',
      basket: { quantities: new Map([[cake, quantity]]), window: '10:00-12:00' },
      customer: { name: 'Shopper', email, phone: '416-555-0100' },
      now: new Date(now),
    })
  const free = 3 - cakeEffort
  const during = OPENS + MINUTE
  // More than the day has left is refused, whatever the drop's own stock.
  expect(await reserve(free + 1, 'ada@example.com', during)).toMatchObject({
    ok: false,
    status: 409,
    problems: [
      'Our kitchen is full for Saturday, December 12, 2026: we cannot bake that much more for that day.',
    ],
  })
  expect(await reserve(free, 'bea@example.com', during)).toMatchObject({ ok: true })
  // Held, it takes the day: the order form sees the day full.
  expect(
    (await bookedEffort(db, { from: '2026-12-12', to: '2026-12-12', now: new Date(during) })).get(
      '2026-12-12',
    ),
  ).toBe(3)
  // Run out, it gives the day back.
  const later = new Date(during + 10 * MINUTE)
  expect(
    (await bookedEffort(db, { from: '2026-12-12', to: '2026-12-12', now: later })).get(
      '2026-12-12',
    ),
  ).toBe(cakeEffort)
})
