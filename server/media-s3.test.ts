/**
 * The built server with its photos in an S3 bucket (a recording stand-in on
 * loopback): what it stores there, how its pages point at the photos, with
 * and without MEDIA_PUBLIC_URL, and how it stops when the bucket is not there.
 */
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import {
  BUILD_TIMEOUT_MS,
  OWNER,
  ensureBuild,
  signIn,
  startBuiltServer,
} from '#tests/support/built-server.ts'
import { type S3Bucket, startS3Bucket } from '#tests/support/s3-bucket.ts'

interface UploadedImage {
  id: number
  src: string
  fileName: string
  variants: { src: string; format: string }[]
}

let bucket: S3Bucket
const stops: (() => Promise<void>)[] = []

beforeAll(ensureBuild, BUILD_TIMEOUT_MS)

beforeEach(async () => {
  bucket = await startS3Bucket()
})

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  await bucket.stop()
}, 30_000)

/** The production server on this bucket, on a port of its own. */
async function startOnBucket(env: Record<string, string> = {}) {
  const site = await startBuiltServer({
    ...bucket.env,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SEED_DEMO: 'false',
    ...env,
  })
  stops.push(site.stop)
  return site.base
}

async function signInAndUpload(origin: string) {
  const cookie = await signIn(origin)
  const photo = await sharp({
    create: { width: 900, height: 700, channels: 3, background: '#e8a0b4' },
  })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'Rose Cake.jpg')
  form.append('tags', 'cake')
  form.append('alt', 'A rose cake')
  const upload = await fetch(`${origin}/api/gallery`, {
    method: 'POST',
    headers: { origin, cookie },
    body: form,
  })
  expect(upload.status).toBe(201)
  return { cookie, image: (await upload.json()) as UploadedImage }
}

const putBodyOf = (key: string) =>
  bucket.requests.find(
    (request) => request.method === 'PUT' && request.url.split('?')[0] === `/bakery-photos/${key}`,
  )?.body

/**
 * Every address the gallery page offers a browser for this photo, whichever
 * of its formats and sizes the browser picks: the src and srcset of its
 * <img> and <source> tags, made absolute.
 */
async function galleryPictureUrls(origin: string, fileName: string) {
  const response = await fetch(`${origin}/gallery`)
  expect(response.status).toBe(200)
  const html = await response.text()
  const urls = [...html.matchAll(/<(?:img|source)\b[^>]*>/g)].flatMap(([tag]) =>
    [...tag.matchAll(/\b(src|srcset)="([^"]*)"/gi)].flatMap(([, name, value]) =>
      name!.toLowerCase() === 'src'
        ? [value!]
        : value!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!),
    ),
  )
  const picture = urls
    .filter((url) => url.includes(`/gallery/${fileName}-`))
    .map((url) => new URL(url.replaceAll('&amp;', '&'), origin).href)
  expect(picture.length, 'the gallery shows the photo').toBeGreaterThan(0)
  return { picture, policy: response.headers.get('content-security-policy') ?? '' }
}

/** Each address answers with a real picture, as a browser's image would load. */
async function expectPictures(urls: string[]) {
  for (const url of urls) {
    const response = await fetch(url)
    expect(response.status, url).toBe(200)
    const { width } = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect(width, url).toBeGreaterThan(0)
  }
}

test('a photo uploaded to a server on a bucket is stored there, shown from /media, and deleted from it', async () => {
  const origin = await startOnBucket()
  const { cookie, image } = await signInAndUpload(origin)
  const keys = image.variants.map((variant) => variant.src.replace('/media/', ''))
  expect(keys.every((key) => key.startsWith(`gallery/${image.fileName}-`))).toBe(true)
  expect(image.fileName).toMatch(/^\d{13}_rose-cake$/)

  for (const variant of image.variants) {
    const response = await fetch(`${origin}${variant.src}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.equals(putBodyOf(variant.src.replace('/media/', ''))!)).toBe(true)
  }

  // Whichever of them a browser picks, the page has it load from this site's /media.
  const { picture } = await galleryPictureUrls(origin, image.fileName)
  for (const url of picture) expect(url).toContain(`${origin}/media/gallery/${image.fileName}-`)
  await expectPictures(picture)

  const removed = await fetch(`${origin}/api/gallery/${image.id}`, {
    method: 'DELETE',
    headers: { origin, cookie },
  })
  expect(removed.status).toBe(200)
  const deletes = bucket.requests.filter((request) => request.method === 'DELETE')
  expect(deletes.map((request) => request.status)).toEqual(keys.map(() => 204))
  const deleted = deletes.map((request) => request.url.split('?')[0])
  expect(deleted.sort()).toEqual(keys.map((key) => `/bakery-photos/${key}`).sort())
  expect((await fetch(`${origin}${image.src}`)).status).toBe(404)
}, 60_000)

test('with MEDIA_PUBLIC_URL the page loads its photos from that origin, which the CSP allows', async () => {
  const publicUrl = `${bucket.endpoint}/${bucket.bucket}`
  const origin = await startOnBucket({ MEDIA_PUBLIC_URL: publicUrl })
  const { image } = await signInAndUpload(origin)
  expect(image.src).toBe(`${publicUrl}/gallery/${image.fileName}-900w.jpg`)
  const listed = (await (await fetch(`${origin}/api/gallery`)).json()) as UploadedImage[]
  expect(listed[0]!.variants.every((variant) => variant.src.startsWith(`${publicUrl}/`))).toBe(true)

  const { picture, policy } = await galleryPictureUrls(origin, image.fileName)
  expect(policy).toContain(`img-src 'self' data: blob: ${bucket.endpoint};`)
  // Whichever of them a browser picks, it loads from the bucket itself, not
  // through the site, on the origin the CSP allows.
  for (const url of picture) {
    expect(url).toContain(`${publicUrl}/gallery/${image.fileName}-`)
    expect(new URL(url).origin).toBe(bucket.endpoint)
  }
  const before = bucket.requests.length
  await expectPictures(picture)
  expect(
    bucket.requests
      .slice(before)
      .filter((request) => request.method === 'GET')
      .every((request) => request.url.startsWith('/bakery-photos/gallery/')),
  ).toBe(true)
}, 60_000)

test('a server pointed at a bucket that is not there stops, naming S3_BUCKET', async () => {
  const { server, stop } = await startBuiltServer(
    { ...bucket.env, S3_BUCKET: 'no-such-bucket' },
    { ready: false },
  )
  stops.push(stop)
  expect(await server.exited).toBe(1)
  expect(server.output()).toContain('S3_BUCKET: there is no bucket "no-such-bucket"')
})
