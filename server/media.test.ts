import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import express from 'express'
import { expect, onTestFinished, test } from 'vitest'
import { addGalleryImage } from '#app/features/gallery/gallery.server.ts'
import { addInspirationPhoto } from '#app/features/inspiration/inspiration-photos.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { MEDIA_CACHE_CONTROL, type MediaStore } from '#app/features/media/media-store.server.ts'
import { createS3MediaStore } from '#app/features/media/s3-media-store.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { startS3Bucket } from '#tests/support/s3-bucket.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import { serveMedia } from './media.ts'
import { securityHeaders } from './security-headers.ts'

/** /media over a store, on a port of its own, as server/app.ts mounts it. */
async function serve(store: MediaStore) {
  const app = express()
  app.use('/media', serveMedia(store))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function bucketStore() {
  const bucket = await startS3Bucket()
  onTestFinished(() => bucket.stop())
  const store = createS3MediaStore({
    bucket: bucket.bucket,
    region: 'us-east-1',
    endpoint: bucket.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    uploadFolder: path.join(await makeTempDir(), 'uploads'),
  })
  return { bucket, store }
}

async function addPhoto(store: MediaStore) {
  const { db } = await openTestDatabase()
  return addGalleryImage(
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
}

test('photos in a bucket are streamed at /media with their type, cached for good and nosniff', async () => {
  const { bucket, store } = await bucketStore()
  const image = await addPhoto(store)
  const origin = await serve(store)
  const types = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }

  for (const variant of image.variants) {
    const response = await fetch(`${origin}${variant.src}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(types[variant.format])
    expect(response.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const body = Buffer.from(await response.arrayBuffer())
    const put = bucket.requests.find(
      (request) =>
        request.method === 'PUT' &&
        request.url.split('?')[0]!.endsWith(`/${path.basename(variant.src)}`),
    )
    expect(body.equals(put!.body)).toBe(true)
  }

  const etag = (await fetch(`${origin}${image.src}`)).headers.get('etag')!
  const again = await fetch(`${origin}${image.src}`, { headers: { 'if-none-match': etag } })
  expect(again.status).toBe(304)
})

test('a key the bucket does not hold is a plain 404, as are hidden names and paths that climb', async () => {
  const { store } = await bucketStore()
  await addPhoto(store)
  const origin = await serve(store)

  for (const url of [
    '/media/gallery/1700000000000_gone-400w.jpg',
    '/media/gallery/.upload-1234.part',
    '/media/gallery/..%2f..%2fetc%2fpasswd',
    '/media/gallery/',
    '/media/',
  ]) {
    const response = await fetch(`${origin}${url}`)
    expect(response.status, url).toBe(404)
    expect(response.headers.get('content-type'), url).toBe('text/plain; charset=utf-8')
    expect(await response.text(), url).toBe('Not found')
  }
})

test('photos on disk are served as files, as before', async () => {
  const store = createLocalMediaStore(await makeTempDir())
  const image = await addPhoto(store)
  const origin = await serve(store)

  const response = await fetch(`${origin}${image.src}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/jpeg')
  expect(response.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect((await fetch(`${origin}/media/gallery/missing.jpg`)).status).toBe(404)
})

test('the CSP lets images load from MEDIA_PUBLIC_URL’s origin, and from no other', async () => {
  const policyFor = async (mediaPublicUrl?: string) => {
    const app = express()
    app.use(securityHeaders({ dev: false, https: true, mediaPublicUrl }))
    app.get('/', (_req, res) => res.send('ok'))
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    const policy = response.headers.get('content-security-policy') ?? ''
    return /(?:^|;)img-src ([^;]*)/.exec(policy)?.[1]
  }

  expect(await policyFor()).toBe("'self' data: blob:")
  expect(await policyFor('https://photos.butterandbloom.ca/bakery')).toBe(
    "'self' data: blob: https://photos.butterandbloom.ca",
  )
})

/** The status of a GET sent with exactly this path: fetch would tidy away a `..`. */
function statusOfRawPath(origin: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path: rawPath, method: 'GET' }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', reject)
    request.end()
  })
}

/** Every stored file of a customer's inspiration photo, as `/media/…` paths would name them. */
async function addInspiration(store: MediaStore) {
  const { db } = await openTestDatabase()
  const photo = await addInspirationPhoto(
    db,
    { store },
    await photoJpeg({ width: 500, height: 400 }),
  )
  const row = await db
    .selectFrom('inspiration_photo')
    .select('variants')
    .where('key', '=', photo.key)
    .executeTakeFirstOrThrow()
  const keys = (JSON.parse(row.variants) as { key: string }[]).map((variant) => variant.key)
  expect(keys.length).toBeGreaterThan(0)
  return keys
}

for (const kind of ['local', 's3'] as const) {
  test(`customers' inspiration photos are in the ${kind} store but never served at /media`, async () => {
    const store =
      kind === 'local' ? createLocalMediaStore(await makeTempDir()) : (await bucketStore()).store
    const gallery = await addPhoto(store)
    const keys = await addInspiration(store)
    const origin = await serve(store)

    for (const key of keys) {
      expect(await store.get(key), key).toBeDefined()
      const file = path.posix.basename(key)
      for (const url of [
        `/media/${key}`,
        `/media/INSPIRATION/${file}`,
        `/media/gallery/..%2finspiration%2f${file}`,
        `/media/gallery/%2e%2e/inspiration/${file}`,
      ]) {
        const response = await fetch(`${origin}${url}`)
        expect(response.status, url).toBe(404)
        expect(await response.text(), url).toBe('Not found')
      }
      expect(await statusOfRawPath(origin, `/media/gallery/../inspiration/${file}`)).toBe(404)
    }
    // The gallery beside them is served as ever.
    expect((await fetch(`${origin}${gallery.src}`)).status).toBe(200)
  })
}
