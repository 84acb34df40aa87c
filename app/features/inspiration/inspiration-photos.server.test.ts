import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { addGalleryImage } from '#app/features/gallery/gallery.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { QuotaExceededError, mediaUsageBytes } from '#app/features/media/media-quota.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { EXIF_MARKER, gpsTaggedJpeg, photoJpeg } from '#tests/support/images.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import {
  INSPIRATION_FOLDER,
  UNATTACHED_LIFETIME_MS,
  addInspirationPhoto,
  attachInspirationPhotos,
  listInspirationPhotos,
  readInspirationPhoto,
  respondWithInspirationPhoto,
  respondWithOwnerPhoto,
  sweepUnattachedInspirationPhotos,
} from './inspiration-photos.server.ts'
import { isQueuedPhoto } from './queued-photo.ts'

const HOUR = 60 * 60_000
const NOW = Date.parse('2026-12-01T10:00:00Z')

async function setUp() {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  const files = () => readdir(path.join(store.root, INSPIRATION_FOLDER)).catch(() => [])
  return { db, store, files }
}

/** Order requests as a send stores them; their ids, in order. */
async function storeRequests(db: Db, count: number): Promise<number[]> {
  await setWeekdayCapacity(db, [100, 100, 100, 100, 100, 100, 100])
  const sent = await submitOrderRequests(db, Array(count).fill(birthdayCakeOrder), {
    products: [],
    siteUrl: 'https://butterandbloom.example',
    now: new Date(NOW),
  })
  if (!sent.ok) throw new Error('The test requests could not be booked.')
  const { batchId } = sent
  const rows = await db
    .selectFrom('order_request')
    .select('id')
    .where('batch_id', '=', batchId)
    .orderBy('position')
    .execute()
  return rows.map((row) => row.id)
}

function attach(db: Db, requestId: number, keys: string[]) {
  return db.transaction().execute((trx) => attachInspirationPhotos(trx, { requestId, keys }))
}

test('a phone photo comes back resized, upright and without its EXIF or GPS, with a small preview', async () => {
  const { db, store, files } = await setUp()
  const input = await gpsTaggedJpeg({ width: 1600, height: 1200 })
  expect((await sharp(input).metadata()).exif).toBeDefined()

  const photo = await addInspirationPhoto(db, { store, now: NOW }, input)

  expect(photo).toEqual({
    key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    preview: expect.stringMatching(/^data:image\/webp;base64,/),
    width: 1200,
    height: 900,
  })
  expect(isQueuedPhoto({ key: photo.key, preview: photo.preview })).toBe(true)
  const preview = Buffer.from(photo.preview.split(',')[1]!, 'base64')
  expect(await sharp(preview).metadata()).toMatchObject({ format: 'webp', width: 160 })

  const stored = await files()
  expect(stored).toHaveLength(9)
  for (const name of stored) {
    expect(name.startsWith(`${photo.key}-`)).toBe(true)
    const bytes = await buffer((await store.get(`${INSPIRATION_FOLDER}/${name}`))!.body)
    const metadata = await sharp(bytes).metadata()
    expect(metadata.exif, name).toBeUndefined()
    expect(metadata.xmp, name).toBeUndefined()
    expect(bytes.includes(EXIF_MARKER), name).toBe(false)
  }
})

test('each photo gets a fresh key of 128 random bits', async () => {
  const { db, store } = await setUp()
  const input = await photoJpeg({ width: 300, height: 200 })
  const keys = new Set<string>()
  for (let i = 0; i < 5; i++) keys.add((await addInspirationPhoto(db, { store }, input)).key)
  expect(keys.size).toBe(5)
  for (const key of keys) expect(Buffer.from(key, 'base64url')).toHaveLength(16)
})

test('what is not a photo is refused by its content, whatever its name, and nothing is kept', async () => {
  const { db, store, files } = await setUp()
  const html = Buffer.from('<!doctype html><script>alert(1)</script>')
  await expect(addInspirationPhoto(db, { store }, html)).rejects.toMatchObject({
    name: 'ImageRejectedError',
  })
  expect(await db.selectFrom('inspiration_photo').selectAll().execute()).toEqual([])
  expect(await files()).toEqual([])
})

test('inspiration photos count against the media quota with the gallery, and past it are refused', async () => {
  const { db, store, files } = await setUp()
  const input = await photoJpeg({ width: 600, height: 400 })
  const first = await addInspirationPhoto(db, { store }, input)
  const used = await mediaUsageBytes(db)
  const row = await db
    .selectFrom('inspiration_photo')
    .select('stored_bytes')
    .where('key', '=', first.key)
    .executeTakeFirstOrThrow()
  expect(used).toBe(row.stored_bytes)
  expect(used).toBeGreaterThan(0)

  // The gallery's own uploads see the customers' photos in the total too.
  await expect(
    addGalleryImage(
      db,
      { store, quotaBytes: used },
      { input, uploadedName: 'cake.jpg', tags: ['cake'], originalSize: 1, compressedSize: 1 },
    ),
  ).rejects.toBeInstanceOf(QuotaExceededError)

  // Room for less than a second photo: refused after processing, its files removed.
  await expect(
    addInspirationPhoto(db, { store, quotaBytes: used + 100 }, input),
  ).rejects.toBeInstanceOf(QuotaExceededError)
  expect(await mediaUsageBytes(db)).toBe(used)
  expect((await files()).filter((name) => !name.startsWith(first.key))).toEqual([])
})

test('attaching takes every key or none: an unknown or already sent key attaches nothing', async () => {
  const { db, store } = await setUp()
  const input = await photoJpeg({ width: 300, height: 200 })
  // One after another, so their order of upload is the order they are listed in.
  const a = await addInspirationPhoto(db, { store }, input)
  const b = await addInspirationPhoto(db, { store }, input)
  const c = await addInspirationPhoto(db, { store }, input)
  const [first, second] = await storeRequests(db, 2)
  const attached = async () =>
    (await db.selectFrom('inspiration_photo').select(['key', 'request_id']).execute())
      .filter((row) => row.request_id !== null)
      .map((row) => [row.key, Number(row.request_id)])

  expect(await attach(db, first!, [a.key, 'AAAAAAAAAAAAAAAAAAAAAA'])).toBe(false)
  expect(await attached()).toEqual([])

  expect(await attach(db, first!, [a.key])).toBe(true)
  expect(await attached()).toEqual([[a.key, first]])

  // b is free, a was sent with the first order: neither goes to the second.
  expect(await attach(db, second!, [b.key, a.key])).toBe(false)
  expect(await attached()).toEqual([[a.key, first]])

  expect(await attach(db, second!, [b.key, c.key])).toBe(true)
  expect(await listInspirationPhotos(db, [first!, second!])).toEqual([
    { key: a.key, requestId: first, width: 300, height: 200, preview: a.preview },
    { key: b.key, requestId: second, width: 300, height: 200, preview: b.preview },
    { key: c.key, requestId: second, width: 300, height: 200, preview: c.preview },
  ])
  expect(await listInspirationPhotos(db, [first!])).toHaveLength(1)
  expect(await listInspirationPhotos(db, [])).toEqual([])
})

test('an order carries at most three photos', async () => {
  const { db, store } = await setUp()
  const input = await photoJpeg({ width: 300, height: 200 })
  const photos = await Promise.all(
    [1, 2, 3, 4].map(() => addInspirationPhoto(db, { store }, input)),
  )
  const [requestId] = await storeRequests(db, 1)
  expect(
    await attach(
      db,
      requestId!,
      photos.map((photo) => photo.key),
    ),
  ).toBe(false)
  expect(await listInspirationPhotos(db, [requestId!])).toEqual([])
  expect(await attach(db, requestId!, [])).toBe(true)
})

test('with request ids only a photo sent with one of those requests is read; without, any photo', async () => {
  const { db, store } = await setUp()
  const input = await photoJpeg({ width: 900, height: 600 })
  const sent = await addInspirationPhoto(db, { store }, input)
  const waiting = await addInspirationPhoto(db, { store }, input)
  const [mine, theirs] = await storeRequests(db, 2)
  expect(await attach(db, mine!, [sent.key])).toBe(true)

  const read = (key: string, requestIds?: number[]) =>
    readInspirationPhoto(db, store, { key, requestIds })

  expect(await read(sent.key, [mine!])).toBeDefined()
  expect(await read(sent.key, [theirs!])).toBeUndefined()
  expect(await read(sent.key, [])).toBeUndefined()
  expect(await read(waiting.key, [mine!, theirs!])).toBeUndefined()
  expect(await read('not a key', [mine!])).toBeUndefined()
  // The owner sees both.
  expect(await read(sent.key)).toBeDefined()
  expect(await read(waiting.key)).toBeDefined()

  const largest = await read(sent.key)
  expect(largest!.contentType).toBe('image/jpeg')
  expect((await sharp(await buffer(largest!.body)).metadata()).width).toBe(900)
  const small = await readInspirationPhoto(db, store, {
    key: sent.key,
    width: 300,
    formats: ['avif', 'webp', 'jpeg'],
  })
  expect(small!.contentType).toBe('image/avif')
  expect((await sharp(await buffer(small!.body)).metadata()).width).toBe(400)
})

test('the owner gets the photo with private headers; anyone else gets the 404 a missing key gets', async () => {
  const { db, store } = await setUp()
  const photo = await addInspirationPhoto(
    db,
    { store },
    await photoJpeg({ width: 500, height: 300 }),
  )
  const owner = { id: 'admin-1', email: 'owner@bakery.test' }
  const request = (key: string, init?: RequestInit) =>
    new Request(`http://localhost:3000/admin/photos/${key}?w=400`, init)

  const seen = await respondWithOwnerPhoto(
    request(photo.key, { headers: { accept: 'image/webp,*/*' } }),
    { db, store, key: photo.key, owner },
  )
  expect(seen.status).toBe(200)
  expect(Object.fromEntries(seen.headers)).toMatchObject({
    'content-type': 'image/webp',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  expect(await sharp(Buffer.from(await seen.arrayBuffer())).metadata()).toMatchObject({
    format: 'webp',
    width: 400,
  })

  const anonymous = await respondWithOwnerPhoto(request(photo.key), {
    db,
    store,
    key: photo.key,
    owner: null,
  })
  const missing = await respondWithOwnerPhoto(request('AAAAAAAAAAAAAAAAAAAAAA'), {
    db,
    store,
    key: 'AAAAAAAAAAAAAAAAAAAAAA',
    owner,
  })
  for (const response of [anonymous, missing]) {
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.text()).toBe('Not found')
  }

  // The customer's request link: only with the request the photo was sent with.
  const [requestId, other] = await storeRequests(db, 2)
  await attach(db, requestId!, [photo.key])
  const viaLink = (requestIds: number[]) =>
    respondWithInspirationPhoto(request(photo.key), { db, store, key: photo.key, requestIds })
  expect((await viaLink([requestId!])).status).toBe(200)
  expect((await viaLink([other!])).status).toBe(404)
})

test('the sweep removes photos left unsent for a day, rows and files, and keeps sent and fresh ones', async () => {
  const { db, store, files } = await setUp()
  const input = await photoJpeg({ width: 300, height: 200 })
  const stale = await addInspirationPhoto(db, { store, now: NOW - 25 * HOUR }, input)
  const sentLongAgo = await addInspirationPhoto(db, { store, now: NOW - 48 * HOUR }, input)
  const fresh = await addInspirationPhoto(db, { store, now: NOW - 23 * HOUR }, input)
  const [requestId] = await storeRequests(db, 1)
  expect(await attach(db, requestId!, [sentLongAgo.key])).toBe(true)

  expect(await sweepUnattachedInspirationPhotos(db, store, { now: NOW })).toBe(1)

  const rows = await db.selectFrom('inspiration_photo').select('key').orderBy('id').execute()
  expect(rows.map((row) => row.key)).toEqual([sentLongAgo.key, fresh.key])
  expect(await readInspirationPhoto(db, store, { key: stale.key })).toBeUndefined()
  const names = await files()
  expect(names.some((name) => name.startsWith(stale.key))).toBe(false)
  expect(names.filter((name) => name.startsWith(sentLongAgo.key))).toHaveLength(3)
  expect(names.filter((name) => name.startsWith(fresh.key))).toHaveLength(3)

  // An hour later the fresh one has waited a day too; the sent one stays for good.
  expect(await sweepUnattachedInspirationPhotos(db, store, { now: NOW + 2 * HOUR })).toBe(1)
  expect(await listInspirationPhotos(db, [requestId!])).toHaveLength(1)
  expect((await files()).every((name) => name.startsWith(sentLongAgo.key))).toBe(true)
  expect(await mediaUsageBytes(db)).toBeGreaterThan(0)
  expect(UNATTACHED_LIFETIME_MS).toBe(24 * HOUR)
})

test('the sweep also removes day-old objects no photo owns, as a crash before recording leaves', async () => {
  const { db, store, files } = await setUp()
  const photo = await addInspirationPhoto(
    db,
    { store },
    await photoJpeg({ width: 300, height: 200 }),
  )
  await store.put(`${INSPIRATION_FOLDER}/orphan-400w.jpg`, Buffer.from('x'), 'image/jpeg')

  // Right now the orphan is too young to tell from an upload being recorded.
  expect(await sweepUnattachedInspirationPhotos(db, store, { now: Date.now() })).toBe(0)
  expect(await files()).toContain('orphan-400w.jpg')

  // A day on, attached photos stay; the orphan and the unsent photo go.
  const [requestId] = await storeRequests(db, 1)
  const later = await addInspirationPhoto(
    db,
    { store },
    await photoJpeg({ width: 300, height: 200 }),
  )
  expect(await attach(db, requestId!, [later.key])).toBe(true)
  expect(
    await sweepUnattachedInspirationPhotos(db, store, {
      now: Date.now() + UNATTACHED_LIFETIME_MS + HOUR,
    }),
  ).toBe(1)
  const left = await files()
  expect(left).not.toContain('orphan-400w.jpg')
  expect(left.some((name) => name.startsWith(photo.key))).toBe(false)
  expect(left.filter((name) => name.startsWith(later.key))).toHaveLength(3)
})
