import { readdir } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { mediaUsageBytes } from '#app/features/media/media-quota.server.ts'
import { MAX_UPLOAD_BYTES } from '#app/features/media/receive-upload.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg, pngBomb } from '#tests/support/images.ts'
import {
  type InspirationSettings,
  UPLOADS_PER_WINDOW,
  UPLOAD_WINDOW_MS,
  uploadInspirationPhoto,
} from './inspiration-upload.server.ts'

const NOW = Date.parse('2026-12-01T10:00:00Z')

async function setUp(overrides: Partial<InspirationSettings> = {}) {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  const settings: InspirationSettings = { db, store, ...overrides }
  const upload = (request: Request, { clientIp = '192.0.2.7', now = NOW } = {}) =>
    uploadInspirationPhoto({ request, clientIp, settings, now })
  const storedFiles = async () =>
    (await readdir(store.root, { recursive: true }).catch(() => [])).filter((name) =>
      /\.(?:jpg|webp|avif|part)$/.test(name),
    )
  return { db, store, settings, upload, storedFiles }
}

function photoRequest(file: Buffer, fileName = 'inspo.jpg') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), fileName)
  return new Request('http://localhost:3000/api/inspiration-photos', { method: 'POST', body: form })
}

test('a photo is stored privately and answered with its key, preview and size', async () => {
  const { db, upload } = await setUp()
  const { status, body } = await upload(photoRequest(await photoJpeg({ width: 1000, height: 750 })))

  expect(status).toBe(201)
  expect(body).toEqual({
    key: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    preview: expect.stringMatching(/^data:image\/webp;base64,/),
    width: 1000,
    height: 750,
  })
  const rows = await db.selectFrom('inspiration_photo').select(['key', 'request_id']).execute()
  expect(rows).toEqual([{ key: (body as { key: string }).key, request_id: null }])
})

test('a file that is not a photo is refused as unsupported (415), a damaged one as unreadable (422)', async () => {
  const { db, upload, storedFiles } = await setUp()
  const html = Buffer.from('<!doctype html><script>alert(1)</script>')
  const unsupported = await upload(photoRequest(html, 'cake.jpg'))
  expect(unsupported).toMatchObject({
    status: 415,
    body: { ok: false, error: expect.stringContaining('JPEG, PNG or WebP') },
  })

  const photo = await photoJpeg({ width: 800, height: 600 })
  const damaged = await upload(photoRequest(photo.subarray(0, photo.length / 2)))
  expect(damaged).toMatchObject({ status: 422, body: { ok: false } })

  const bomb = await upload(photoRequest(pngBomb(10_000, 10_000), 'bomb.png'))
  expect(bomb).toMatchObject({
    status: 422,
    body: { ok: false, error: expect.stringContaining('megapixels') },
  })
  expect(await db.selectFrom('inspiration_photo').selectAll().execute()).toEqual([])
  expect(await storedFiles()).toEqual([])
})

test('an upload over 15 MB is refused with 413 and leaves nothing behind', async () => {
  const { upload, storedFiles } = await setUp()
  const form = photoRequest(Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0xff))
  // Streamed without a length, so the cap must hold while reading.
  const streamed = new Request(form.url, {
    method: 'POST',
    headers: { 'content-type': form.headers.get('content-type')! },
    body: form.body,
    duplex: 'half',
  } as RequestInit)

  expect(await upload(streamed)).toMatchObject({
    status: 413,
    body: { ok: false, error: 'That photo is too large. Please choose one under 15 MB.' },
  })
  expect(await storedFiles()).toEqual([])
})

test('past the media quota an upload is refused with a 4xx a person understands', async () => {
  const { db, settings, upload } = await setUp()
  const photo = await photoJpeg({ width: 600, height: 400 })
  expect((await upload(photoRequest(photo))).status).toBe(201)
  settings.quotaBytes = await mediaUsageBytes(db)

  const refused = await upload(photoRequest(photo))
  expect(refused).toEqual({
    status: 413,
    body: {
      ok: false,
      error:
        'We cannot take more photos right now. Please describe your idea in the comments instead.',
    },
  })
  expect(await db.selectFrom('inspiration_photo').selectAll().execute()).toHaveLength(1)
})

test('one address may send 30 uploads in ten minutes; the next waits, another address does not', async () => {
  const { upload } = await setUp()
  // Not multipart: refused cheaply, yet counted, as every attempt is.
  const notMultipart = () =>
    new Request('http://localhost:3000/api/inspiration-photos', { method: 'POST', body: 'x' })
  for (let i = 0; i < UPLOADS_PER_WINDOW; i++) {
    expect((await upload(notMultipart(), { now: NOW + i })).status).toBe(400)
  }

  const limited = await upload(notMultipart(), { now: NOW + 60_000 })
  expect(limited.status).toBe(429)
  expect(limited.body).toEqual({
    ok: false,
    error: 'You have sent a lot of photos in the last few minutes. Please try again in 9 minutes.',
  })
  expect(limited.headers?.get('retry-after')).toBe('540')

  expect((await upload(notMultipart(), { clientIp: '192.0.2.8', now: NOW + 60_000 })).status).toBe(
    400,
  )
  expect((await upload(notMultipart(), { now: NOW + UPLOAD_WINDOW_MS })).status).toBe(400)
})

test('only POST uploads', async () => {
  const { upload } = await setUp()
  const reply = await upload(new Request('http://localhost:3000/api/inspiration-photos'))
  expect(reply.status).toBe(405)
  expect(reply.headers?.get('allow')).toBe('POST')
})
