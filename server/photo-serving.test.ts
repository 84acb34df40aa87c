/**
 * Photos as the site serves them: the gallery's stored files, cached for
 * good and nothing else; a customer's inspiration photo, private to the
 * signed-in owner and never at /media. The whole app in this process, asked
 * over HTTP.
 */
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { startAppInProcess } from '#tests/support/app-in-process.ts'
import { EXIF_MARKER, gpsTaggedJpeg, photoJpeg } from '#tests/support/images.ts'
import { type Visitor, visitor } from '#tests/support/visitor.ts'

const OWNER = { email: 'owner@butterandbloom.test', password: 'correct horse battery staple' }

/** The site with its owner's account, as the server starts it. */
async function startSite() {
  const app = await startAppInProcess({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
  return app.siteUrl
}

async function signIn(request: Visitor) {
  const response = await request.fetch('/admin/login', {
    method: 'POST',
    headers: { origin: request.siteUrl },
    form: OWNER,
  })
  expect(response.ok).toBe(true)
}

/** A customer's photo as the order form sends it: multipart, from `origin`'s page. */
async function uploadPhoto(request: Visitor, origin: string) {
  const photo = await gpsTaggedJpeg({ width: 900, height: 600 })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'party.jpg')
  return request.fetch('/api/inspiration-photos', {
    method: 'POST',
    headers: { origin },
    body: form,
  })
}

test('stored photos are served as the files they are, cached for good; nothing else is', async () => {
  const request = visitor(await startSite())
  const owner = visitor(request.siteUrl)
  await signIn(owner)
  const photo = await photoJpeg({ width: 1600, height: 1200 })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'layer-cake.jpg')
  form.append('tags', 'cake')
  form.append('alt', 'A layer cake')
  form.append('originalSize', String(photo.length))
  const upload = await owner.fetch('/api/gallery', {
    method: 'POST',
    headers: { origin: owner.siteUrl },
    body: form,
  })
  expect(upload.status).toBe(201)

  const [record] = (await (await request.fetch('/api/gallery')).json()) as {
    variants: { src: string; format: string }[]
  }[]
  for (const variant of record!.variants) {
    const response = await request.fetch(variant.src)
    await response.arrayBuffer()
    expect(response.status, variant.src).toBe(200)
    expect(response.headers.get('content-type')).toBe(
      { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' }[variant.format],
    )
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  }
  for (const path of [
    '/media/gallery/nothing-here.jpg',
    '/media/%2e%2e/bakery.sqlite',
    '/media/..%2fbakery.sqlite',
  ]) {
    const response = await request.fetch(path)
    await response.arrayBuffer()
    expect(response.status, path).toBeGreaterThanOrEqual(400)
    expect(response.status, path).toBeLessThan(500)
  }
  // The file's first test: the app's modules load for its first requests.
}, 60_000)

test('a customer’s photo is private: only the signed-in owner sees it, and never at /media', async () => {
  const site = await startSite()
  const request = visitor(site)
  const upload = await uploadPhoto(request, site)
  expect(upload.status).toBe(201)
  expect(upload.headers.get('cache-control')).toBe('private, no-store')
  const { key, preview, width, height } = (await upload.json()) as Record<string, string>
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/)
  expect(preview).toMatch(/^data:image\/webp;base64,/)
  expect([width, height]).toEqual([900, 600])

  // The customer who sent it, anyone else, and a forged session cookie: the 404 of a missing key.
  const anonymous = visitor(site)
  const forged = visitor(site, { 'bakery.session_token': 'forged.value' })
  for (const someone of [request, anonymous, forged]) {
    for (const path of [`/admin/photos/${key}`, '/admin/photos/AAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await someone.fetch(path)
      await response.arrayBuffer()
      expect(response.status, path).toBe(404)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
  }
  for (const variant of ['400w.jpg', '900w.jpg', '900w.webp', '900w.avif']) {
    const response = await anonymous.fetch(`/media/inspiration/${key}-${variant}`)
    await response.arrayBuffer()
    expect(response.status, variant).toBe(404)
  }

  const owner = visitor(site)
  await signIn(owner)
  const seen = await owner.fetch(`/admin/photos/${key}`)
  expect(seen.status).toBe(200)
  expect(Object.fromEntries(seen.headers)).toMatchObject({
    'content-type': 'image/jpeg',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  const body = Buffer.from(await seen.arrayBuffer())
  const metadata = await sharp(body).metadata()
  expect([metadata.width, metadata.height]).toEqual([900, 600])
  expect(metadata.exif).toBeUndefined()
  expect(body.includes(EXIF_MARKER)).toBe(false)

  const small = await owner.fetch(`/admin/photos/${key}?w=400`, {
    headers: { accept: 'image/webp' },
  })
  expect(small.headers.get('content-type')).toBe('image/webp')
  expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400)
})

test('another site cannot upload through a visitor’s browser, and a non-image is refused by its content', async () => {
  const site = await startSite()
  const request = visitor(site)
  const crossSite = await uploadPhoto(request, 'https://evil.example')
  await crossSite.arrayBuffer()
  expect(crossSite.status).toBe(403)

  const form = new FormData()
  form.append(
    'file',
    new Blob(['<!doctype html><title>cake</title><script>alert(1)</script>'], {
      type: 'image/jpeg',
    }),
    'cake.jpg',
  )
  const refused = await request.fetch('/api/inspiration-photos', {
    method: 'POST',
    headers: { origin: site },
    body: form,
  })
  expect(refused.status).toBe(415)
  expect(await refused.json()).toEqual({
    ok: false,
    error: 'That file is not a photo we can use. Please choose a JPEG, PNG or WebP image.',
  })
})
