import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { updateBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { addPickupWindow } from '#app/features/availability/pickup-windows.server.ts'
import { readRequestStatus } from '#app/features/customer-page/request-status.server.ts'
import { readSiteSection, saveSiteSection } from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { moveTo, openBakery, sendRequest } from '#tests/support/order-book.ts'

const tokenOf = async (db: Db, id: number) =>
  (
    await db
      .selectFrom('order_request')
      .select('customer_token')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).customer_token!

test('a confirmed customer collects from the whole address she set; before that, none of it', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await saveSiteSection(db, 'identity', {
    ...(await readSiteSection(db, 'identity')),
    city: 'Vancouver',
    region: 'BC',
    postalCode: 'V5K 0A1',
  })
  await updateBookingSettings(db, { pickupAddress: '12 Rosewood Crescent, Unit B' })
  await addPickupWindow(db, { weekday: 6, start: '14:00', end: '16:00', capacity: 3 })
  const id = await sendRequest(db, { fulfilment: 'pickup', pickup_window: '14:00-16:00' })
  const token = await tokenOf(db, id)

  expect((await readRequestStatus(db, token))!.requests[0]!.pickupAddress).toBe(null)
  await moveTo(db, id, 'quoted')
  expect((await readRequestStatus(db, token))!.requests[0]!.pickupAddress).toBe(null)
  await moveTo(db, id, 'confirmed')
  expect((await readRequestStatus(db, token))!.requests[0]!.pickupAddress).toBe(
    '12 Rosewood Crescent, Unit B, Vancouver, BC V5K 0A1',
  )

  // Without a street there is nowhere to collect from: the city alone is not said as one.
  await updateBookingSettings(db, { pickupAddress: '' })
  expect((await readRequestStatus(db, token))!.requests[0]!.pickupAddress).toBe(null)
})
