import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import {
  readRequestStatus,
  requestIdsOfToken,
} from '#app/features/customer-page/request-status.server.ts'
import {
  addInspirationPhoto,
  sweepUnattachedInspirationPhotos,
} from '#app/features/inspiration/inspiration-photos.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import type { OrderRequest } from './order-schema.ts'
import { receiveOrderRequests } from './order-send.server.ts'

const NOW = new Date('2026-11-23T20:00:00Z')
const order: OrderRequest = { ...birthdayCakeOrder, due_date: '2026-12-12' }

async function openBakery() {
  const { db, dataDir } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [10, 10, 10, 10, 10, 10, 10])
  const store = createLocalMediaStore(dataDir)
  const upload = async (at = NOW) =>
    (await addInspirationPhoto(db, { store, now: at.getTime() }, await photoJpeg())).key
  return { db, store, upload }
}

function send(db: Db, orders: OrderRequest[]) {
  return receiveOrderRequests({
    request: new Request('http://localhost/ordernow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orders, accept_policies: true }),
    }),
    clientIp: '192.0.2.10',
    db,
    siteUrl: 'https://butterandbloom.example',
    now: NOW,
  })
}

test('an order’s photos are attached to it, and its private link shows them and no others', async () => {
  const { db, upload } = await openBakery()
  const [first, second, third] = [await upload(), await upload(), await upload()]
  const gift = { ...order, email: 'sam@example.com', product_type: 'Cupcakes' }
  expect(
    (
      await send(db, [
        { ...order, photos: [first, second] },
        { ...gift, photos: [third] },
      ])
    ).status,
  ).toBe(200)

  const tokens = await db
    .selectFrom('order_request')
    .select('customer_token')
    .orderBy('id')
    .execute()
  const priya = await readRequestStatus(db, tokens[0]!.customer_token!)
  expect(priya?.photos.map((photo) => photo.key).sort()).toEqual([first, second].sort())
  const sam = await readRequestStatus(db, tokens[1]!.customer_token!)
  expect(sam?.photos.map((photo) => photo.key)).toEqual([third])
  expect(await requestIdsOfToken(db, 'AAAAAAAAAAAAAAAAAAAAAAAA')).toEqual([])
})

test('a photo swept before the send refuses the whole send with what to do; nothing is stored', async () => {
  const { db, store, upload } = await openBakery()
  const stale = await upload(new Date(NOW.getTime() - 2 * 24 * 60 * 60_000))
  const fresh = await upload()
  await sweepUnattachedInspirationPhotos(db, store, { now: NOW.getTime() })
  const outcome = await send(db, [
    { ...order, photos: [fresh] },
    { ...order, photos: [stale] },
  ])
  expect(outcome.status).toBe(400)
  expect(outcome.body).toMatchObject({
    ok: false,
    problems: [{ order: 2, field: 'photos', message: expect.stringContaining('add it again') }],
  })
  expect(await db.selectFrom('order_request').select('id').execute()).toEqual([])
  expect(await db.selectFrom('outbox').select('id').execute()).toEqual([])
  // The fresh photo is still free to go with the corrected send.
  expect((await send(db, [{ ...order, photos: [fresh] }])).status).toBe(200)
})

test('a photo already sent with one order cannot be sent again with another', async () => {
  const { db, upload } = await openBakery()
  const key = await upload()
  expect((await send(db, [{ ...order, photos: [key] }])).status).toBe(200)
  expect((await send(db, [{ ...order, photos: [key] }])).status).toBe(400)
})
