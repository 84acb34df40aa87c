import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from 'vitest'
import { renderGalleryImage } from '#app/features/media/image-pipeline.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase, openTwoInstances } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import {
  addGalleryImage,
  deleteGalleryImage,
  galleryFolder,
  listGalleryImages,
  listGalleryPage,
} from './gallery.server.ts'
import { sweepStrayMedia } from './stray-media.server.ts'

async function addPhoto(
  db: Parameters<typeof addGalleryImage>[0],
  dataDir: string,
  { name, tags, at }: { name: string; tags: string[]; at: string },
) {
  const photo = await photoJpeg({ width: 600, height: 400 })
  return addGalleryImage(
    db,
    { store: createLocalMediaStore(dataDir), now: new Date(at) },
    { input: photo, uploadedName: name, tags, originalSize: 90_000, compressedSize: photo.length },
  )
}

test('the gallery lists the newest image first', async () => {
  const { db, dataDir } = await openTestDatabase()
  await addPhoto(db, dataDir, { name: 'older.jpg', tags: ['cake'], at: '2026-05-01T10:00:00Z' })
  await addPhoto(db, dataDir, { name: 'newer.jpg', tags: ['vanilla'], at: '2026-06-01T10:00:00Z' })

  const images = await listGalleryImages(db)
  expect(images.map((image) => image.tags)).toEqual([['vanilla'], ['cake']])
  expect(images[0]!.fileName).toBe(`${Date.parse('2026-06-01T10:00:00Z')}_newer`)
})

test('a page of the gallery holds the newest photos with any chosen tag, and says how many more there are', async () => {
  const { db, dataDir } = await openTestDatabase()
  await addPhoto(db, dataDir, {
    name: 'a.jpg',
    tags: ['cake', 'zesty'],
    at: '2026-05-01T10:00:00Z',
  })
  await addPhoto(db, dataDir, { name: 'b.jpg', tags: ['cupcakes'], at: '2026-05-02T10:00:00Z' })
  await addPhoto(db, dataDir, { name: 'c.jpg', tags: ['wedding'], at: '2026-05-03T10:00:00Z' })

  const all = await listGalleryPage(db, { selected: [], limit: 2 })
  expect(all.images.map((image) => image.tags[0])).toEqual(['wedding', 'cupcakes'])
  expect([all.matching, all.total]).toEqual([3, 3])
  expect(all.tags).toEqual(['cake', 'cupcakes', 'wedding', 'zesty'])

  const some = await listGalleryPage(db, { selected: ['cake', 'wedding'], limit: 24 })
  expect(some.images.map((image) => image.tags[0])).toEqual(['wedding', 'cake'])
  expect([some.matching, some.total]).toEqual([2, 3])
  expect(some.tags).toEqual(all.tags)
})

test('two uploads of the same name in the same millisecond keep their own files', async () => {
  const { db, dataDir } = await openTestDatabase()
  const at = '2026-05-01T10:00:00Z'
  const [first, second] = await Promise.all([
    addPhoto(db, dataDir, { name: 'cake.jpg', tags: ['cake'], at }),
    addPhoto(db, dataDir, { name: 'cake.jpg', tags: ['cake'], at }),
  ])
  expect(first.fileName).not.toBe(second.fileName)
  expect(await readdir(galleryFolder(dataDir))).toHaveLength(first.variants.length * 2)
})

test('two instances uploading the same name in the same millisecond keep their own files', async () => {
  const [first, second] = await openTwoInstances()
  const dataDir = await makeTempDir()
  const at = '2026-05-01T10:00:00Z'
  const [one, other] = await Promise.all([
    addPhoto(first, dataDir, { name: 'cake.jpg', tags: ['cake'], at }),
    addPhoto(second, dataDir, { name: 'cake.jpg', tags: ['cake'], at }),
  ])
  expect(one.fileName).not.toBe(other.fileName)
  expect(await readdir(galleryFolder(dataDir))).toHaveLength(one.variants.length * 2)
  // Each upload let go of its name once recorded.
  expect(await first.selectFrom('lease').selectAll().execute()).toEqual([])
})

test('deleting an image never touches another image whose name starts the same', async () => {
  const { db, dataDir } = await openTestDatabase()
  const at = '2026-05-01T10:00:00Z'
  const cake = await addPhoto(db, dataDir, { name: 'cake.jpg', tags: ['cake'], at })
  const cakePops = await addPhoto(db, dataDir, { name: 'cake-pops.jpg', tags: ['cake-pops'], at })
  expect(cakePops.fileName).toBe(`${cake.fileName}-pops`)

  await deleteGalleryImage(db, { store: createLocalMediaStore(dataDir) }, cake.id)

  expect((await readdir(galleryFolder(dataDir))).sort()).toEqual(
    cakePops.variants.map((variant) => path.basename(variant.src)).sort(),
  )
})

test('a delete removes the record even when some of its files are already gone', async () => {
  const { db, dataDir } = await openTestDatabase()
  const image = await addPhoto(db, dataDir, {
    name: 'cake.jpg',
    tags: ['cake'],
    at: '2026-05-01T10:00:00Z',
  })
  await rm(path.join(galleryFolder(dataDir), path.basename(image.src)))

  expect(await deleteGalleryImage(db, { store: createLocalMediaStore(dataDir) }, image.id)).toBe(
    true,
  )
  expect(await listGalleryImages(db)).toEqual([])
  expect(await readdir(galleryFolder(dataDir))).toEqual([])
})

test('files left by an upload that crashed before its record are swept at boot; recorded ones stay', async () => {
  const { db, dataDir } = await openTestDatabase()
  const kept = await addPhoto(db, dataDir, {
    name: 'kept.jpg',
    tags: ['cake'],
    at: '2026-05-01T10:00:00Z',
  })
  const folder = galleryFolder(dataDir)
  // A crash between the rename and the insert: complete files, no record.
  await renderGalleryImage(await photoJpeg({ width: 500, height: 400 }), {
    store: createLocalMediaStore(dataDir),
    folder: 'gallery',
    name: '1700000000000_orphan',
  })
  await writeFile(path.join(folder, '.upload-1234.part'), 'half an upload')
  await writeFile(path.join(folder, '.1700000000001_x-400w.jpg.abcd.part'), 'half a variant')

  // A sweep a moment later, so the last file written is older than its clock.
  const later = new Date(Date.now() + 1000)
  const swept = await sweepStrayMedia(db, { store: createLocalMediaStore(dataDir), now: later })

  // 400 px in AVIF and WebP, 500 px in all three; and the two part files
  expect(swept).toHaveLength(5 + 2)
  expect((await readdir(folder)).sort()).toEqual(
    kept.variants.map((variant) => path.basename(variant.src)).sort(),
  )
})
