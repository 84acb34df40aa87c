/**
 * Why the page cache never serves a stale page: each change the pages show
 * moves the page version the database keeps, and no other write does; the
 * version is a random token per database; the bakery's midnight ends a page;
 * two instances serve each other's changes; and requests arriving together
 * share a version read never older than they are.
 */
import { expect, test } from 'vitest'
import { readPageVersion } from '#app/db/page-version.server.ts'
import {
  addClosedPeriod,
  removeClosedPeriod,
  setWeekdayCapacity,
  updateBookingSettings,
} from '#app/features/availability/booking-settings.server.ts'
import { addGalleryImage, deleteGalleryImage } from '#app/features/gallery/gallery.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { listProducts, seedMenu, updateProduct } from '#app/features/menu/menu.server.ts'
import { openFreshlyMigratedDatabase, openTwoInstances } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { rendered } from '#tests/support/markdown.ts'
import { seededDatabase, startSite } from '#tests/support/page-cache-site.ts'
import { coalesceReads } from './coalesce-reads.ts'

test('each change to what the pages show is served at once: photos, menu, capacity, closed days and booking settings', async () => {
  const { db, dataDir } = await seededDatabase()
  const site = await startSite(db)
  const store = createLocalMediaStore(dataDir)
  const freshAfter = async (change: () => Promise<unknown>, path = '/ordernow') => {
    await site.cached(path)
    const before = site.renders()
    await change()
    const page = await site.get(path)
    expect(page.cached, 'the first response after a change is rendered again').toBe(false)
    expect(site.renders()).toBe(before + 1)
    return page.data!
  }

  const photo = await photoJpeg({ width: 320, height: 240 })
  let added: Awaited<ReturnType<typeof addGalleryImage>> | undefined
  const withPhoto = await freshAfter(async () => {
    added = await addGalleryImage(
      db,
      { store },
      {
        input: photo,
        uploadedName: 'lemon-tart.jpg',
        tags: ['tart'],
        originalSize: photo.length,
        compressedSize: photo.length,
      },
    )
  }, '/gallery')
  expect(withPhoto.photos).toEqual([`${added!.fileName} tart`])

  // The owner's edits to a photo (its tags, its place) are writes to its row.
  const retagged = await freshAfter(
    () =>
      db
        .updateTable('gallery_image')
        .set({ tags: JSON.stringify(['tart', 'lemon']) })
        .where('id', '=', added!.id)
        .execute(),
    '/gallery',
  )
  expect(retagged.photos).toEqual([`${added!.fileName} tart,lemon`])

  const withoutPhoto = await freshAfter(
    () => deleteGalleryImage(db, { store }, added!.id),
    '/gallery',
  )
  expect(withoutPhoto.photos).toEqual([])

  const [first] = await listProducts(db)
  const renamed = await freshAfter(() =>
    updateProduct(db, first!.id, {
      name: 'Celebration Cakes',
      description: first!.description,
      priceFromCents: first!.priceFromCents,
      noticeDays: first!.noticeDays,
      effort: first!.effort,
    }),
  )
  expect(renamed.menu).toContain('Celebration Cakes')

  await freshAfter(() => setWeekdayCapacity(db, [0, 4, 4, 4, 4, 6, 6]))
  let closedId = 0
  await freshAfter(async () => {
    closedId = await addClosedPeriod(db, { start: '2026-12-24', end: '2026-12-27' })
  })
  await freshAfter(() => removeClosedPeriod(db, closedId))
  const withDelivery = await freshAfter(() =>
    updateBookingSettings(db, { deliveryEnabled: true, deliveryNote: 'Within 10 km' }),
  )
  expect(withDelivery).toMatchObject({ booking: { deliveryEnabled: true } })
  const longer = await freshAfter(() =>
    updateBookingSettings(db, { horizonDays: 90, policies: rendered('New policies') }),
  )
  expect(longer).toMatchObject({ booking: { horizonDays: 90, policies: 'New policies' } })
})

test('writes the pages do not show leave the page version alone', async () => {
  const { db } = await seededDatabase()
  const version = await readPageVersion(db)
  await db
    .insertInto('rate_limit')
    .values({ key: 'order:1.2.3.4', hits: '[]', expires_at: 0 })
    .execute()
  await db.insertInto('lease').values({ name: 'x', holder: 'y', until: 0 }).execute()
  expect(await readPageVersion(db)).toBe(version)
  await updateBookingSettings(db, { policies: rendered('Changed') })
  expect(await readPageVersion(db)).not.toBe(version)
})

test('a page rendered before the bakery’s midnight is not served after it', async () => {
  const { db } = await seededDatabase()
  const site = await startSite(db)
  site.clock.now = Date.parse('2026-11-23T23:59:00-05:00')
  expect((await site.get('/ordernow')).data!.today).toBe('2026-11-23')
  expect((await site.cached('/ordernow')).data!.today).toBe('2026-11-23')
  // Past midnight in UTC but not yet in Toronto: still the same page.
  expect((await site.get('/ordernow')).cached).toBe(true)
  site.clock.now = Date.parse('2026-11-24T00:00:30-05:00')
  const after = await site.get('/ordernow')
  expect(after.cached).toBe(false)
  expect(after.data!.today).toBe('2026-11-24')
  expect((await site.cached('/ordernow')).data!.today).toBe('2026-11-24')
})

test('two instances on one database each serve the other’s change with their next response', async () => {
  const [one, two] = await openTwoInstances()
  await seedMenu(one)
  const siteOne = await startSite(one)
  const siteTwo = await startSite(two)
  await siteOne.cached('/about')
  await siteTwo.cached('/about')
  const [cakes] = await listProducts(two)
  await updateProduct(two, cakes!.id, {
    name: 'Wedding Cakes',
    description: cakes!.description,
    priceFromCents: cakes!.priceFromCents,
    noticeDays: cakes!.noticeDays,
    effort: cakes!.effort,
  })
  for (const site of [siteOne, siteTwo]) {
    const page = await site.get('/about')
    expect(page.cached).toBe(false)
    expect(page.data!.menu).toContain('Wedding Cakes')
  }
  // And the other way round, through the first instance's connection.
  await siteTwo.cached('/about')
  await setWeekdayCapacity(one, [1, 1, 1, 1, 1, 1, 1])
  expect((await siteTwo.get('/about')).cached).toBe(false)
})

test('the page version is a random token, so a restored backup never repeats another database’s', async () => {
  const [a, b] = await Promise.all([openFreshlyMigratedDatabase(), openFreshlyMigratedDatabase()])
  const [first, second] = await Promise.all([readPageVersion(a), readPageVersion(b)])
  expect(first).not.toBe(second)
  await addClosedPeriod(a, { start: '2026-12-25' })
  expect(await readPageVersion(a)).not.toBe(first)
})

test('requests arriving together share a version read, but never one that started before they arrived', async () => {
  let version = 0
  const started: Array<(value: number) => void> = []
  const read = coalesceReads(
    () =>
      new Promise<number>((resolve) => {
        const seen = version
        started.push(() => resolve(seen))
      }),
  )
  const first = read()
  version = 1 // A write commits while the first read is under way…
  const second = read() // …and these arrive after it: they must not get the first read's answer.
  const third = read()
  expect(started).toHaveLength(1)
  started[0]!(0)
  expect(await first).toBe(0)
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(started).toHaveLength(2)
  started[1]!(0)
  expect(await second).toBe(1)
  expect(await third).toBe(1)
  // Nothing in flight: the next request starts a read of its own at once.
  const fourth = read()
  expect(started).toHaveLength(3)
  started[2]!(0)
  expect(await fourth).toBe(1)
})
