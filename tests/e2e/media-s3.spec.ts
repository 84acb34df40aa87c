import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { type S3Bucket, startS3Bucket } from '#tests/support/s3-bucket.ts'
import { type ServerProcess, startServerProcess } from '#tests/support/server-process.ts'
import { expect, expectImagesLoaded, OWNER, test } from './fixtures.ts'

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210) + 62

interface UploadedImage {
  id: number
  src: string
  fileName: string
  variants: { src: string; format: string }[]
}

let bucket: S3Bucket
const servers: ServerProcess[] = []

test.beforeEach(async () => {
  bucket = await startS3Bucket()
})

test.afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGTERM')
    await server.exited
  }
  await bucket.stop()
})

/** The production server on this bucket, on a port of its own. */
async function startOnBucket(port: number, env: Record<string, string> = {}) {
  const server = startServerProcess({
    ...bucket.env,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: 'false',
    ...env,
  })
  servers.push(server)
  await server.ready()
  return `http://localhost:${port}`
}

async function signInAndUpload(page: Page, origin: string) {
  const signIn = await page.request.post(`${origin}/admin/login`, {
    headers: { origin },
    form: OWNER,
  })
  expect(signIn.ok()).toBe(true)
  const photo = await sharp({
    create: { width: 900, height: 700, channels: 3, background: '#e8a0b4' },
  })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Rose Cake.jpg')
  form.append('tags', 'cake')
  form.append('alt', 'A rose cake')
  const upload = await page.request.post(`${origin}/api/gallery`, {
    headers: { origin },
    multipart: form,
  })
  expect(upload.status()).toBe(201)
  return (await upload.json()) as UploadedImage
}

const putBodyOf = (key: string) =>
  bucket.requests.find(
    (request) => request.method === 'PUT' && request.url.split('?')[0] === `/bakery-photos/${key}`,
  )?.body

test('a photo uploaded to a server on a bucket is stored there, shown from /media, and deleted from it', async ({
  page,
}) => {
  const origin = await startOnBucket(BASE_PORT)
  const image = await signInAndUpload(page, origin)
  const keys = image.variants.map((variant) => variant.src.replace('/media/', ''))
  expect(keys.every((key) => key.startsWith(`gallery/${image.fileName}-`))).toBe(true)
  expect(image.fileName).toMatch(/^\d{13}_rose-cake$/)

  for (const variant of image.variants) {
    const response = await page.request.get(`${origin}${variant.src}`)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
    expect((await response.body()).equals(putBodyOf(variant.src.replace('/media/', ''))!)).toBe(
      true,
    )
  }

  await page.goto(`${origin}/gallery`)
  const photo = page.getByRole('list', { name: 'Photos' }).getByRole('img').first()
  await expect(photo).toBeVisible()
  await expectImagesLoaded(photo)
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
    `${origin}/media/gallery/${image.fileName}-`,
  )

  const removed = await page.request.delete(`${origin}/api/gallery/${image.id}`, {
    headers: { origin },
  })
  expect(removed.status()).toBe(200)
  const deletes = bucket.requests.filter((request) => request.method === 'DELETE')
  expect(deletes.map((request) => request.status)).toEqual(keys.map(() => 204))
  const deleted = deletes.map((request) => request.url.split('?')[0])
  expect(deleted.sort()).toEqual(keys.map((key) => `/bakery-photos/${key}`).sort())
  expect((await page.request.get(`${origin}${image.src}`)).status()).toBe(404)
})

test('with MEDIA_PUBLIC_URL the page loads its photos from that origin, which the CSP allows', async ({
  page,
}) => {
  const publicUrl = `${bucket.endpoint}/${bucket.bucket}`
  const origin = await startOnBucket(BASE_PORT + 1, { MEDIA_PUBLIC_URL: publicUrl })
  const image = await signInAndUpload(page, origin)
  expect(image.src).toBe(`${publicUrl}/gallery/${image.fileName}-900w.jpg`)
  const listed = (await (await page.request.get(`${origin}/api/gallery`)).json()) as UploadedImage[]
  expect(listed[0]!.variants.every((variant) => variant.src.startsWith(`${publicUrl}/`))).toBe(true)

  const response = await page.goto(`${origin}/gallery`)
  expect(response!.headers()['content-security-policy']).toContain(
    `img-src 'self' data: blob: ${bucket.endpoint};`,
  )
  const photo = page.getByRole('list', { name: 'Photos' }).getByRole('img').first()
  await expectImagesLoaded(photo)
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
    `${publicUrl}/gallery/${image.fileName}-`,
  )
  // The browser fetched it from the bucket itself, not through the site.
  expect(
    bucket.requests.some(
      (request) => request.method === 'GET' && request.url.startsWith(`/bakery-photos/gallery/`),
    ),
  ).toBe(true)
})

test('a server pointed at a bucket that is not there stops, naming S3_BUCKET', async () => {
  const server = startServerProcess({
    ...bucket.env,
    S3_BUCKET: 'no-such-bucket',
    PORT: String(BASE_PORT + 2),
  })
  servers.push(server)
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('S3_BUCKET: there is no bucket "no-such-bucket"')
})
