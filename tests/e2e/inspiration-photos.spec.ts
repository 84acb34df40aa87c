import { type APIRequestContext, request as newRequest } from '@playwright/test'
import sharp from 'sharp'
import { EXIF_MARKER, gpsTaggedJpeg } from '#tests/support/images.ts'
import { expect, OWNER, test } from './fixtures.ts'

/** A customer's photo as the order form sends it: multipart, from this site's page. */
async function uploadPhoto(request: APIRequestContext, origin: string) {
  const photo = await gpsTaggedJpeg({ width: 900, height: 600 })
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'party.jpg')
  return request.post('/api/inspiration-photos', { headers: { origin }, multipart: form })
}

test('a customer’s photo is private: only the signed-in owner sees it, and never at /media', async ({
  request,
  baseURL,
}) => {
  const upload = await uploadPhoto(request, baseURL!)
  expect(upload.status()).toBe(201)
  expect(upload.headers()['cache-control']).toBe('private, no-store')
  const { key, preview, width, height } = (await upload.json()) as Record<string, string>
  expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/)
  expect(preview).toMatch(/^data:image\/webp;base64,/)
  expect([width, height]).toEqual([900, 600])

  // The customer who sent it, anyone else, and a forged session cookie: the 404 of a missing key.
  const anonymous = await newRequest.newContext({ baseURL })
  const forged = await newRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: 'bakery.session_token=forged.value' },
  })
  for (const visitor of [request, anonymous, forged]) {
    for (const path of [`/admin/photos/${key}`, '/admin/photos/AAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await visitor.get(path)
      expect(response.status(), path).toBe(404)
      expect(response.headers()['cache-control'], path).toBe('private, no-store')
    }
  }
  for (const variant of ['400w.jpg', '900w.jpg', '900w.webp', '900w.avif']) {
    const response = await anonymous.get(`/media/inspiration/${key}-${variant}`)
    expect(response.status(), variant).toBe(404)
  }
  await anonymous.dispose()
  await forged.dispose()

  const owner = await newRequest.newContext({ baseURL })
  const signIn = await owner.post('/admin/login', { headers: { origin: baseURL! }, form: OWNER })
  expect(signIn.ok()).toBe(true)
  const seen = await owner.get(`/admin/photos/${key}`)
  expect(seen.status()).toBe(200)
  expect(seen.headers()).toMatchObject({
    'content-type': 'image/jpeg',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  })
  const body = await seen.body()
  const metadata = await sharp(body).metadata()
  expect([metadata.width, metadata.height]).toEqual([900, 600])
  expect(metadata.exif).toBeUndefined()
  expect(body.includes(EXIF_MARKER)).toBe(false)

  const small = await owner.get(`/admin/photos/${key}?w=400`, { headers: { accept: 'image/webp' } })
  expect(small.headers()['content-type']).toBe('image/webp')
  expect((await sharp(await small.body()).metadata()).width).toBe(400)
  await owner.dispose()
})

test('another site cannot upload through a visitor’s browser, and a non-image is refused by its content', async ({
  request,
  baseURL,
}) => {
  expect((await uploadPhoto(request, 'https://evil.example')).status()).toBe(403)

  const form = new FormData()
  form.append(
    'file',
    new Blob(['<!doctype html><title>cake</title><script>alert(1)</script>'], {
      type: 'image/jpeg',
    }),
    'cake.jpg',
  )
  const refused = await request.post('/api/inspiration-photos', {
    headers: { origin: baseURL! },
    multipart: form,
  })
  expect(refused.status()).toBe(415)
  expect(await refused.json()).toEqual({
    ok: false,
    error: 'That file is not a photo we can use. Please choose a JPEG, PNG or WebP image.',
  })
})
