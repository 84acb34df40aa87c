import { readdir } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { acquireLease } from '#app/db/lease.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { demoArtworks } from './demo-artwork.server.ts'
import { DEMO_SEED_LEASE, seedDemoGallery } from './demo-seed.server.ts'
import {
  addGalleryImage,
  deleteGalleryImage,
  galleryFolder,
  listGalleryImages,
} from './gallery.server.ts'

/** Where the count is not the point, four pictures go through the pipeline instead of all. */
const few = demoArtworks.slice(0, 4)

test('a new site gets the demo photos once, through the real pipeline, and deleted ones stay gone', async () => {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)

  expect(await seedDemoGallery(db, { store })).toBe(demoArtworks.length)

  const images = await listGalleryImages(db)
  expect(images.map((image) => image.tags)).toEqual(demoArtworks.map((artwork) => artwork.tags))
  for (const image of images) {
    expect(image.variants.map((variant) => variant.format).sort()).toContain('avif')
    expect(Number(image.compressionRatio)).toBeGreaterThan(0)
  }
  const files = await readdir(galleryFolder(dataDir))
  expect(files.length).toBe(images.reduce((sum, image) => sum + image.variants.length, 0))

  expect(await seedDemoGallery(db, { store })).toBe(0)
  for (const image of images) await deleteGalleryImage(db, { store }, image.id)
  expect(await seedDemoGallery(db, { store })).toBe(0)
  expect(await listGalleryImages(db)).toEqual([])
}, 30_000)

test('a gallery that already has photos gets no demo photos', async () => {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  const photo = await photoJpeg({ width: 500, height: 400 })
  await addGalleryImage(
    db,
    { store },
    { input: photo, uploadedName: 'mine.jpg', tags: ['cake'], originalSize: 1, compressedSize: 1 },
  )
  expect(await seedDemoGallery(db, { store })).toBe(0)
  expect(await listGalleryImages(db)).toHaveLength(1)
})

test('a start stopped part-way through the demo photos is finished by the next one', async () => {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  const stopping = new AbortController()
  stopping.abort()
  expect(await seedDemoGallery(db, { store, signal: stopping.signal, artworks: few })).toBe(0)

  const halfway = new AbortController()
  const first = seedDemoGallery(db, { store, signal: halfway.signal, artworks: few })
  // Stop once two photos are in.
  while ((await listGalleryImages(db)).length < 2) await new Promise((r) => setTimeout(r, 20))
  halfway.abort()
  const addedFirst = await first
  expect(addedFirst).toBeGreaterThanOrEqual(2)
  expect(addedFirst).toBeLessThan(few.length)

  expect(await seedDemoGallery(db, { store, artworks: few })).toBe(few.length - addedFirst)
  const tags = (await listGalleryImages(db)).map((image) => image.tags)
  expect(tags).toHaveLength(few.length)
  expect(new Set(tags.map((t) => t.join()))).toEqual(
    new Set(few.map((artwork) => artwork.tags.join())),
  )
}, 30_000)

test('two instances starting at once seed one gallery between them', async () => {
  const [first, second] = await openTwoInstances()
  const store = createLocalMediaStore(await makeTempDir())
  const added = await Promise.all([
    seedDemoGallery(first, { store, holder: 'instance-a', artworks: few }),
    seedDemoGallery(second, { store, holder: 'instance-b', artworks: few }),
  ])
  expect(added.sort((a, b) => a - b)).toEqual([0, few.length])
  expect(await listGalleryImages(first)).toHaveLength(few.length)
  expect(await seedDemoGallery(second, { store, holder: 'instance-b', artworks: few })).toBe(0)
  expect(await listGalleryImages(second)).toHaveLength(few.length)
}, 30_000)

test('while another instance holds the seeding lease nothing is added; once a crashed holder’s lease runs out, a start seeds', async () => {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  const clock = { now: 1_000_000 }
  expect(
    await acquireLease(db, {
      name: DEMO_SEED_LEASE,
      holder: 'crashed',
      ttlMs: 60_000,
      now: clock.now,
    }),
  ).toBe(true)
  expect(
    await seedDemoGallery(db, { store, holder: 'b', clock: () => clock.now, artworks: few }),
  ).toBe(0)
  expect(await listGalleryImages(db)).toEqual([])

  clock.now += 60_001
  expect(
    await seedDemoGallery(db, { store, holder: 'b', clock: () => clock.now, artworks: few }),
  ).toBe(few.length)
  // The seeder lets go when it is done.
  expect(await db.selectFrom('lease').selectAll().execute()).toEqual([])
}, 30_000)
