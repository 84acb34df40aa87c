import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { expect, onTestFinished, test } from 'vitest'
import { EnvError, parseEnv } from '#app/config/env.server.ts'
import { seedDemoGallery } from '#app/features/gallery/demo-seed.server.ts'
import { uploadGalleryImage } from '#app/features/gallery/gallery-api.server.ts'
import type { GalleryImage } from '#app/features/gallery/gallery-image.ts'
import {
  addGalleryImage,
  deleteGalleryImage,
  listGalleryImages,
  setMediaPublicUrl,
} from '#app/features/gallery/gallery.server.ts'
import { sweepStrayMedia } from '#app/features/gallery/stray-media.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { startS3Bucket } from '#tests/support/s3-bucket.ts'
import { renderGalleryImage } from './image-pipeline.server.ts'
import { MEDIA_CACHE_CONTROL, type MediaStore } from './media-store.server.ts'
import { openMediaStore } from './open-media-store.server.ts'
import { createS3MediaStore } from './s3-media-store.server.ts'

async function setUp() {
  const bucket = await startS3Bucket()
  onTestFinished(() => bucket.stop())
  const { db, dataDir } = await openTestDatabase()
  const store = createS3MediaStore({
    bucket: bucket.bucket,
    region: 'us-east-1',
    endpoint: bucket.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    uploadFolder: path.join(dataDir, 'uploads'),
  })
  return { bucket, db, dataDir, store }
}

async function keysIn(store: ReturnType<typeof createS3MediaStore>) {
  return (await store.list('gallery/')).map((object) => object.key).sort()
}

const keysOf = (image: GalleryImage) =>
  image.variants.map((variant) => `gallery/${path.basename(variant.src)}`).sort()

/** A phone photo that says where it was taken. */
async function photoWithGps() {
  return sharp(await photoJpeg({ width: 1000, height: 750 }))
    .withExif({
      IFD0: { Artist: 'HOME-ADDRESS-MARKER' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 39/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 23/1 0/1',
      },
    })
    .toBuffer()
}

test('an upload puts each variant in the bucket under its gallery key, typed, cached for good, with no metadata', async () => {
  const { bucket, db, store } = await setUp()
  const photo = await photoWithGps()
  expect(photo.includes('HOME-ADDRESS-MARKER')).toBe(true)
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Cake Pops!.jpg')
  form.append('tags', 'cake-pops')
  form.append('alt', 'Cake pops on a stand')
  const request = new Request('http://localhost:3000/api/gallery', { method: 'POST', body: form })

  const response = await uploadGalleryImage({ request, settings: { db, store } })

  expect(response.status).toBe(201)
  const image = response.body as GalleryImage
  expect(await listGalleryImages(db)).toEqual([image])
  expect(image.variants).toHaveLength(9)
  const puts = bucket.requests.filter((request) => request.method === 'PUT')
  expect(puts.map((put) => put.status)).toEqual(puts.map(() => 200))
  expect(puts.map((put) => put.url.split('?')[0]).sort()).toEqual(
    keysOf(image).map((key) => `/bakery-photos/${key}`),
  )
  expect(keysOf(image)).toEqual(
    [
      ...[400, 600, 800, 1000].flatMap((width) =>
        ['avif', 'webp'].map((ext) => `gallery/${image.fileName}-${width}w.${ext}`),
      ),
      `gallery/${image.fileName}-1000w.jpg`,
    ].sort(),
  )
  expect(image.fileName).toMatch(/^\d{13}_cake-pops$/)

  const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const
  for (const variant of image.variants) {
    const key = `gallery/${path.basename(variant.src)}`
    const put = puts.find((request) => request.url.split('?')[0] === `/bakery-photos/${key}`)!
    const extension = path.extname(key).slice(1) as keyof typeof types
    expect(put.headers['content-type']).toBe(types[extension])
    expect(put.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL)
    expect(Object.keys(put.headers).filter((name) => name.startsWith('x-amz-meta-'))).toEqual([])
    // What the bucket received is the whole encoded photo, nothing framed around it.
    expect(put.body.length).toBe(variant.bytes)
    expect(put.body.includes('HOME-ADDRESS-MARKER')).toBe(false)
    const metadata = await sharp(put.body).metadata()
    expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : variant.format)
    expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height])
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()

    // And the bucket gives back exactly those bytes, with the type and caching it was given.
    const stored = await store.get(key)
    expect(stored?.contentType).toBe(types[extension])
    const chunks: Buffer[] = []
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(put.body)).toBe(true)
  }
  const head = await fetch(`${bucket.endpoint}/bakery-photos/${keysOf(image)[0]}`, {
    method: 'HEAD',
  })
  expect(head.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL)
})

test('deleting a photo removes exactly its objects, not those of a photo whose name starts the same', async () => {
  const { bucket, db, store } = await setUp()
  const at = new Date('2026-05-01T10:00:00Z')
  const add = async (name: string) =>
    addGalleryImage(
      db,
      { store, now: at },
      {
        input: await photoJpeg({ width: 600, height: 400 }),
        uploadedName: name,
        tags: ['cake'],
        originalSize: 90_000,
        compressedSize: 30_000,
      },
    )
  const cake = await add('cake.jpg')
  const cakePops = await add('cake-pops.jpg')
  expect(await keysIn(store)).toEqual([...keysOf(cake), ...keysOf(cakePops)].sort())

  expect(await deleteGalleryImage(db, { store }, cake.id)).toBe(true)

  expect(await keysIn(store)).toEqual(keysOf(cakePops))
  // One request per object, each answered at the first attempt.
  const deletes = bucket.requests.filter((request) => request.method === 'DELETE')
  expect(deletes.map((request) => request.url.split('?')[0]).sort()).toEqual(
    keysOf(cake).map((key) => `/bakery-photos/${key}`),
  )
  expect(deletes.map((request) => request.status)).toEqual(keysOf(cake).map(() => 204))
  expect(await deleteGalleryImage(db, { store }, cake.id)).toBe(false)
})

test('the boot sweep removes only unrecorded objects older than an hour', async () => {
  const { db, store } = await setUp()
  const kept = await addGalleryImage(
    db,
    { store },
    {
      input: await photoJpeg({ width: 500, height: 400 }),
      uploadedName: 'kept.jpg',
      tags: ['cake'],
      originalSize: 90_000,
      compressedSize: 30_000,
    },
  )
  // An upload that stored its objects and died before its record (or one another instance is finishing).
  await renderGalleryImage(await photoJpeg({ width: 500, height: 400 }), {
    store,
    folder: 'gallery',
    name: '1700000000000_orphan',
  })
  // And the spooled upload a crashed process left on this machine.
  await mkdir(store.uploadFolder, { recursive: true })
  await writeFile(path.join(store.uploadFolder, '.upload-1234.part'), 'half an upload')
  const orphans = (await keysIn(store)).filter((key) => key.includes('_orphan-'))
  expect(orphans).toHaveLength(5)

  expect(await sweepStrayMedia(db, { store })).toEqual([])
  expect(await sweepStrayMedia(db, { store, now: new Date(Date.now() + 59 * 60_000) })).toEqual([])
  expect(await keysIn(store)).toHaveLength(10)
  expect(await readdir(store.uploadFolder)).toEqual(['.upload-1234.part'])

  const swept = await sweepStrayMedia(db, { store, now: new Date(Date.now() + 61 * 60_000) })

  expect(swept.sort()).toEqual(orphans.map((key) => path.basename(key)))
  expect(await keysIn(store)).toEqual(keysOf(kept))
  expect(await readdir(store.uploadFolder)).toEqual([])
})

test('the quota counts what the records say was stored in the bucket', async () => {
  const { db, store } = await setUp()
  const upload = async (quotaBytes: number) => {
    const body = new FormData()
    body.append('tags', 'cake')
    body.append('alt', 'A cake')
    const photo = await photoJpeg({ width: 800, height: 600 })
    body.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cake.jpg')
    const request = new Request('http://localhost:3000/api/gallery', { method: 'POST', body })
    return uploadGalleryImage({ request, settings: { db, store, quotaBytes } })
  }
  expect((await upload(2_000)).status).toBe(507)
  expect(await keysIn(store)).toEqual([])
  const first = await upload(10_000_000)
  expect(first.status).toBe(201)
  const used = (first.body as GalleryImage).variants.length
  expect(await keysIn(store)).toHaveLength(used)
  // Full now: the next is refused before anything reaches the bucket.
  const stored = (await db.selectFrom('gallery_image').select('stored_bytes').execute())[0]!
  expect((await upload(stored.stored_bytes)).status).toBe(507)
  expect(await keysIn(store)).toHaveLength(used)
})

test('with MEDIA_PUBLIC_URL the photos’ addresses point at that origin; the records keep /media', async () => {
  const { db, store } = await setUp()
  const image = await addGalleryImage(
    db,
    { store },
    {
      input: await photoJpeg({ width: 500, height: 400 }),
      uploadedName: 'cake.jpg',
      tags: ['cake'],
      originalSize: 90_000,
      compressedSize: 30_000,
    },
  )
  expect(image.src).toBe(`/media/gallery/${image.fileName}-500w.jpg`)

  setMediaPublicUrl('https://photos.butterandbloom.ca')
  onTestFinished(() => setMediaPublicUrl(undefined))

  const [listed] = await listGalleryImages(db)
  expect(listed!.src).toBe(`https://photos.butterandbloom.ca/gallery/${image.fileName}-500w.jpg`)
  expect(listed!.variants.map((variant) => variant.src)).toEqual(
    image.variants.map((variant) => `https://photos.butterandbloom.ca${variant.src.slice(6)}`),
  )
  const row = await db.selectFrom('gallery_image').select('variants').executeTakeFirstOrThrow()
  expect(row.variants).not.toContain('photos.butterandbloom.ca')
})

test('the demo photos are seeded into the bucket through the same pipeline', async () => {
  const { db, store } = await setUp()
  // The server stopping as the first photo is stored: seeding ends after that photo.
  const stopping = new AbortController()
  const stopOnFirstPut: MediaStore = {
    ...store,
    put: async (...args) => {
      await store.put(...args)
      stopping.abort()
    },
  }

  expect(await seedDemoGallery(db, { store: stopOnFirstPut, signal: stopping.signal })).toBe(1)

  const [image] = await listGalleryImages(db)
  expect(await keysIn(store)).toEqual(keysOf(image!))
  const stored = await store.get(keysOf(image!).find((key) => key.endsWith('.avif'))!)
  expect(stored?.contentType).toBe('image/avif')
  stored?.body.destroy()
})

test('a missing bucket stops the boot naming S3_BUCKET', async () => {
  const bucket = await startS3Bucket()
  onTestFinished(() => bucket.stop())
  const env = parseEnv({ ...bucket.env, S3_BUCKET: 'no-such-bucket' })

  const error = await openMediaStore(env).catch((e: unknown) => e)

  expect(error).toBeInstanceOf(EnvError)
  expect((error as Error).message).toContain('S3_BUCKET: there is no bucket "no-such-bucket"')
})

test('keys the store refuses stop the boot naming S3_ACCESS_KEY_ID', async () => {
  const bucket = await startS3Bucket()
  onTestFinished(() => bucket.stop())
  const env = parseEnv({ ...bucket.env, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' })

  const error = await openMediaStore(env).catch((e: unknown) => e)

  expect(error).toBeInstanceOf(EnvError)
  expect((error as Error).message).toContain(
    'S3_ACCESS_KEY_ID: the bucket "bakery-photos" at http://127.0.0.1:',
  )
  expect(bucket.requests.map((request) => request.status)).toEqual([403])
})

test('an endpoint nothing answers on stops the boot naming S3_ENDPOINT', async () => {
  // A port that was free a moment ago: connections to it are refused.
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  const env = parseEnv({
    MEDIA_STORE: 's3',
    S3_BUCKET: 'bakery-photos',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_FORCE_PATH_STYLE: 'true',
  })

  const error = await openMediaStore(env).catch((e: unknown) => e)

  expect(error).toBeInstanceOf(EnvError)
  expect((error as Error).message).toContain(
    `S3_ENDPOINT: could not reach http://127.0.0.1:${port}`,
  )
})

test('a bucket that is there opens; the local store needs nothing', async () => {
  const bucket = await startS3Bucket()
  onTestFinished(() => bucket.stop())
  const store = await openMediaStore(parseEnv(bucket.env))
  expect(store.kind).toBe('s3')
  expect(bucket.requests.map((request) => request.method)).toEqual(['HEAD'])
  expect((await openMediaStore(parseEnv({}))).kind).toBe('local')
})
