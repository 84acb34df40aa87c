import { execFile } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { MAX_UPLOAD_BYTES } from '#app/features/media/receive-upload.server.ts'
import type { Reply } from '#app/utils/reply.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import {
  type GallerySettings,
  parseImageId,
  removeGalleryImage,
  uploadGalleryImage,
} from './gallery-api.server.ts'
import type { GalleryImage } from './gallery-image.ts'
import { galleryFolder, listGalleryImages } from './gallery.server.ts'

async function setUp(overrides: Partial<GallerySettings> = {}) {
  const { db, dataDir } = await openTestDatabase()
  return { db, dataDir, settings: { db, store: createLocalMediaStore(dataDir), ...overrides } }
}

function uploadRequest({
  file,
  fileName = 'birthday-cake.jpg',
  tags = ['cake', 'birthday'],
  alt = 'A birthday cake with pink roses',
  caption,
  originalSize,
  uploadKey,
}: {
  file?: Buffer
  fileName?: string
  tags?: string[]
  alt?: string | null
  caption?: string
  originalSize?: number
  uploadKey?: string
}) {
  const form = new FormData()
  if (file) form.append('file', new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), fileName)
  for (const tag of tags) form.append('tags', tag)
  if (alt !== null) form.append('alt', alt)
  if (caption !== undefined) form.append('caption', caption)
  if (originalSize !== undefined) form.append('originalSize', String(originalSize))
  if (uploadKey !== undefined) form.append('uploadKey', uploadKey)
  return new Request('http://localhost:3000/api/gallery', { method: 'POST', body: form })
}

async function reply({ status, body }: Reply<unknown>) {
  return { status, body }
}

async function filesIn(dataDir: string) {
  return readdir(galleryFolder(dataDir)).catch(() => [])
}

test('an upload by the signed-in owner comes back as a record with every field', async () => {
  const { db, dataDir, settings } = await setUp()
  const photo = await photoJpeg({ width: 1600, height: 1200 })

  const { status, body } = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: photo, originalSize: photo.length * 4 }),
      settings,
    }),
  )

  expect(status).toBe(201)
  const image = body as GalleryImage
  expect(image).toMatchObject({
    id: expect.any(Number),
    src: expect.stringMatching(/^\/media\/gallery\/\d+_birthday-cake-1200w\.jpg$/),
    tags: ['cake', 'birthday'],
    uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    fileName: expect.stringMatching(/^\d+_birthday-cake$/),
    originalSize: photo.length * 4,
    compressedSize: photo.length,
    compressionRatio: '75.0',
    width: 1200,
    height: 900,
    placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
    alt: 'A birthday cake with pink roses',
    altText: 'A birthday cake with pink roses',
    caption: null,
    version: 1,
  })
  expect(image.variants).toHaveLength(9)
  expect(await listGalleryImages(db)).toEqual([image])
  // Only the variants are kept: the uploaded bytes themselves are gone.
  expect((await filesIn(dataDir)).sort()).toEqual(
    image.variants.map((v) => v.src.split('/').pop()).sort(),
  )
})

test('a file that is not an image is refused as an invalid format and leaves nothing behind', async () => {
  const { db, dataDir, settings } = await setUp()
  const html = Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>')
  const { status, body } = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: html, fileName: 'cake.jpg' }),
      settings,
    }),
  )
  expect(status).toBe(422)
  expect(body).toMatchObject({ code: 'invalid-format' })
  expect(await listGalleryImages(db)).toEqual([])
  expect(await filesIn(dataDir)).toEqual([])
})

test('an upload over 15 MB is refused with 413 and no temporary file is left', async () => {
  const { dataDir, settings } = await setUp()
  const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 0xff)
  // Sent without a length, as a stream, so the cap must hold while reading.
  const form = uploadRequest({ file: huge })
  const streamed = new Request(form.url, {
    method: 'POST',
    headers: { 'content-type': form.headers.get('content-type')! },
    body: form.body,
    duplex: 'half',
  } as RequestInit)

  const { status, body } = await reply(await uploadGalleryImage({ request: streamed, settings }))

  expect(status).toBe(413)
  expect(body).toMatchObject({ code: 'too-large' })
  expect(await filesIn(dataDir)).toEqual([])
})

test('a request that is not a well-formed multipart upload gets a 400, not a server error', async () => {
  const { settings } = await setUp()
  for (const contentType of [
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'application/json',
  ]) {
    const request = new Request('http://localhost:3000/api/gallery', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: '{"file": "cake.jpg"}',
    })
    const { status, body } = await reply(await uploadGalleryImage({ request, settings }))
    expect(status, contentType).toBe(400)
    expect(body).toMatchObject({ code: 'invalid-request' })
  }
})

test('an upload cut off in the middle of the photo gets a 400 and leaves nothing behind', async () => {
  const { db, dataDir, settings } = await setUp()
  const whole = uploadRequest({ file: await photoJpeg() })
  const body = new Uint8Array(await whole.arrayBuffer())
  const cut = new Request(whole.url, {
    method: 'POST',
    headers: { 'content-type': whole.headers.get('content-type')! },
    body: body.subarray(0, Math.floor(body.length / 2)),
  })

  const { status, body: answer } = await reply(await uploadGalleryImage({ request: cut, settings }))

  expect(status).toBe(400)
  expect(answer).toMatchObject({ code: 'invalid-request' })
  expect(await listGalleryImages(db)).toEqual([])
  expect(await filesIn(dataDir)).toEqual([])
})

test('an upload with no tag or no file is refused with a clear message', async () => {
  const { settings } = await setUp()
  const noTag = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: await photoJpeg(), tags: [] }),
      settings,
    }),
  )
  expect(noTag.status).toBe(400)
  expect(noTag.body).toMatchObject({ error: 'Please select at least one tag.' })

  const noFile = await reply(await uploadGalleryImage({ request: uploadRequest({}), settings }))
  expect(noFile.status).toBe(400)
  expect(noFile.body).toMatchObject({ error: 'Please select an image file.' })
})

test('an upload without alt text, or with too long a description or caption, is refused with a sentence and stores nothing', async () => {
  const { db, dataDir, settings } = await setUp()
  const photo = await photoJpeg({ width: 600, height: 400 })
  for (const [fields, sentence] of [
    [{ alt: null }, 'Please describe the photo for people who cannot see it.'],
    [{ alt: ' \n  ' }, 'Please describe the photo for people who cannot see it.'],
    [{ alt: 'x'.repeat(251) }, 'Please describe the photo in at most 250 characters.'],
    [{ caption: 'y'.repeat(201) }, 'Please keep the caption to at most 200 characters.'],
  ] as const) {
    const { status, body } = await reply(
      await uploadGalleryImage({ request: uploadRequest({ file: photo, ...fields }), settings }),
    )
    expect(status, sentence).toBe(400)
    expect(body).toEqual({ code: 'invalid-request', error: sentence })
  }
  expect(await listGalleryImages(db)).toEqual([])
  expect(await filesIn(dataDir)).toEqual([])

  // Spaces and line breaks are tidied; the caption is kept, and the pages read the alt text.
  const { status, body } = await reply(
    await uploadGalleryImage({
      request: uploadRequest({
        file: photo,
        alt: '  A lemon tart\n with  berries ',
        caption: ' For Maya’s 7th ',
      }),
      settings,
    }),
  )
  expect(status).toBe(201)
  expect(body).toMatchObject({
    alt: 'A lemon tart with berries',
    altText: 'A lemon tart with berries',
    caption: 'For Maya’s 7th',
  })
})

test('several photos sent one after another each get their own answer, and the quota stops them when full', async () => {
  const { db, settings } = await setUp()
  const photos = await Promise.all([1, 2, 3, 4].map(() => photoJpeg({ width: 500, height: 400 })))
  // Room for two of these photos' stored variants, not three.
  const first = await reply(
    await uploadGalleryImage({ request: uploadRequest({ file: photos[0]! }), settings }),
  )
  expect(first.status).toBe(201)
  const perPhoto = (await listGalleryImages(db)).map((image) =>
    image.variants.reduce((sum, variant) => sum + variant.bytes, 0),
  )[0]!
  const limited = { ...settings, quotaBytes: Math.floor(perPhoto * 2.5) }

  const answers = []
  for (const [index, photo] of photos.slice(1).entries()) {
    const { status, body } = await reply(
      await uploadGalleryImage({
        request: uploadRequest({ file: photo, alt: `Photo ${index + 2}` }),
        settings: limited,
      }),
    )
    answers.push({ status, code: (body as { code?: string }).code })
  }
  expect(answers).toEqual([
    { status: 201, code: undefined },
    { status: 507, code: 'quota-exceeded' },
    { status: 507, code: 'quota-exceeded' },
  ])
  expect((await listGalleryImages(db)).map((image) => image.alt)).toEqual([
    'Photo 2',
    'A birthday cake with pink roses',
  ])
})

test('tags are stored trimmed, lower-cased and once each', async () => {
  const { settings } = await setUp()
  const { body } = await reply(
    await uploadGalleryImage({
      request: uploadRequest({
        file: await photoJpeg(),
        tags: [' Lemon Drizzle ', 'lemon drizzle', 'CAKE'],
      }),
      settings,
    }),
  )
  expect((body as GalleryImage).tags).toEqual(['lemon drizzle', 'cake'])
})

test('a retry of an upload whose reply was lost gets the stored photo back, not a second copy', async () => {
  const { db, dataDir, settings } = await setUp()
  const photo = await photoJpeg()
  const uploadKey = '0123456789abcdef0123456789abcdef'
  const send = async () =>
    reply(
      await uploadGalleryImage({
        request: uploadRequest({ file: photo, uploadKey }),
        settings,
      }),
    )

  const first = await send()
  const filesAfterFirst = await filesIn(dataDir)
  const retry = await send()

  expect(first.status).toBe(201)
  expect(retry).toEqual(first)
  expect(await listGalleryImages(db)).toEqual([first.body])
  expect(await filesIn(dataDir)).toEqual(filesAfterFirst)

  // Even when the first attempt filled the quota, its retry is answered with the photo.
  const retryAtQuota = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: photo, uploadKey }),
      settings: {
        ...settings,
        quotaBytes: 1,
      },
    }),
  )
  expect(retryAtQuota).toEqual(first)

  // Another upload of the same photo is another photo.
  const another = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: photo, uploadKey: 'fedcba9876543210fedcba9876543210' }),
      settings,
    }),
  )
  expect(another.status).toBe(201)
  expect(await listGalleryImages(db)).toHaveLength(2)
})

test('two attempts of one upload processed at the same time store one photo', async () => {
  const { db, dataDir, settings } = await setUp()
  const photo = await photoJpeg({ width: 1600, height: 1200 })
  const uploadKey = 'aaaaaaaaaaaaaaaabbbbbbbbbbbbbbbb'
  const attempt = async () =>
    reply(
      await uploadGalleryImage({
        request: uploadRequest({ file: photo, uploadKey }),
        settings,
      }),
    )
  const [one, two] = await Promise.all([attempt(), attempt()])

  expect(one.status).toBe(201)
  expect(two).toEqual(one)
  const stored = await listGalleryImages(db)
  expect(stored).toEqual([one.body])
  // Only the kept photo's files remain.
  const kept = stored[0]!.variants.map((variant) => variant.src.split('/').pop())
  expect((await filesIn(dataDir)).sort()).toEqual(kept.sort())
})

test('an upload key that is not 32 hex digits is refused before anything is stored', async () => {
  const { db, dataDir, settings } = await setUp()
  const { status, body } = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: await photoJpeg(), uploadKey: '../../etc/passwd' }),
      settings,
    }),
  )
  expect(status).toBe(400)
  expect(body).toMatchObject({ error: 'The upload key must be 32 hex digits.' })
  expect(await listGalleryImages(db)).toEqual([])
  expect(await filesIn(dataDir)).toEqual([])
})

test('when the disk refuses the upload mid-way, the answer is 507 at once and nothing is left', async () => {
  // A real write failure: the upload runs in a process whose files may not
  // pass 256 KB (the shell's ulimit), as on a full disk.
  const { dataDir, location } = await openTestDatabase()
  const here = path.dirname(new URL(import.meta.url).pathname)
  const script = `
    import { openDatabase, migrateToLatest } from ${JSON.stringify(path.join(here, '../../db/db.server.ts'))}
    import { uploadGalleryImage } from ${JSON.stringify(path.join(here, 'gallery-api.server.ts'))}
    import { createLocalMediaStore } from ${JSON.stringify(path.join(here, '../media/local-media-store.server.ts'))}
    const dataDir = process.env.DATA_DIR
    const db = openDatabase({ dataDir, url: process.env.DATABASE_URL })
    await migrateToLatest(db)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(1024 * 1024).fill(7)], { type: 'image/jpeg' }), 'cake.jpg')
    form.append('tags', 'cake')
    const request = new Request('http://localhost/api/gallery', { method: 'POST', body: form })
    const response = await uploadGalleryImage({ request, settings: { db, store: createLocalMediaStore(dataDir) } })
    const rows = await db.selectFrom('gallery_image').select('id').execute()
    console.log(JSON.stringify({ status: response.status, body: response.body, rows: rows.length }))
    await db.destroy()
  `
  const { stdout } = await promisify(execFile)(
    'bash',
    ['-c', 'ulimit -f 256 && exec node --import tsx --input-type=module -e "$SCRIPT"'],
    {
      env: { ...process.env, SCRIPT: script, DATA_DIR: dataDir, DATABASE_URL: location.url },
      timeout: 30_000,
    },
  )

  expect(JSON.parse(stdout)).toEqual({
    status: 507,
    body: { code: 'quota-exceeded', error: 'There is no room left for more images.' },
    rows: 0,
  })
  expect(await filesIn(dataDir)).toEqual([])
})

test('past the storage quota an upload is refused and nothing is kept', async () => {
  const { db, dataDir, settings } = await setUp({ quotaBytes: 2_000 })
  const photo = await photoJpeg({ width: 1600, height: 1200 })
  const { status, body } = await reply(
    await uploadGalleryImage({ request: uploadRequest({ file: photo }), settings }),
  )
  expect(status).toBe(507)
  expect(body).toMatchObject({ code: 'quota-exceeded' })
  expect(await listGalleryImages(db)).toEqual([])
  expect(await filesIn(dataDir)).toEqual([])
})

test('a file name like ../../x.js or 300 characters long is stored safely inside the gallery folder', async () => {
  const { dataDir, settings } = await setUp()
  const photo = await sharp({
    create: { width: 500, height: 400, channels: 3, background: '#f5d98b' },
  })
    .jpeg()
    .toBuffer()
  for (const fileName of ['../../x.js', `${'b'.repeat(300)}.jpg`]) {
    const { status, body } = await reply(
      await uploadGalleryImage({
        request: uploadRequest({ file: photo, fileName }),
        settings,
      }),
    )
    expect(status).toBe(201)
    const image = body as GalleryImage
    expect(image.fileName).toMatch(/^\d+_(x|b{60})$/)
    for (const variant of image.variants) {
      expect(variant.src).toMatch(/^\/media\/gallery\/\d+_(x|b{60})-\d+w\.(avif|webp|jpg)$/)
    }
  }
  const files = await filesIn(dataDir)
  // Two images × (400 px in AVIF and WebP, 500 px in AVIF, WebP and JPEG)
  expect(files).toHaveLength(10)
  expect(files.every((name) => name.length < 100 && !name.includes('..'))).toBe(true)
})

test('a file name in UTF-8 (accents, emoji) is read as such and stored transliterated', async () => {
  const { dataDir, settings } = await setUp()
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#f5d98b' },
  })
    .jpeg()
    .toBuffer()
  // FormData sends the name as raw UTF-8 in the part's header, as browsers do.
  const request = uploadRequest({ file: photo, fileName: "Gâteau d'anniversaire 🎂.jpg" })
  const { status, body } = await reply(await uploadGalleryImage({ request, settings }))
  expect(status).toBe(201)
  expect((body as GalleryImage).fileName).toMatch(/^\d+_gateau-d-anniversaire$/)
  expect((await filesIn(dataDir)).every((name) => name.includes('_gateau-d-anniversaire-'))).toBe(
    true,
  )
})

test('deleting removes the record and its files; a second delete finds nothing', async () => {
  const { db, dataDir, settings } = await setUp()
  const uploaded = await reply(
    await uploadGalleryImage({
      request: uploadRequest({ file: await photoJpeg() }),
      settings,
    }),
  )
  const id = String((uploaded.body as GalleryImage).id)

  const deleted = await reply(await removeGalleryImage({ id, settings }))
  expect(deleted.status).toBe(200)
  expect(await listGalleryImages(db)).toEqual([])
  expect(await filesIn(dataDir)).toEqual([])

  expect((await reply(await removeGalleryImage({ id, settings }))).status).toBe(404)
  expect((await reply(await removeGalleryImage({ id: '../1', settings }))).status).toBe(404)
  expect(parseImageId('1e3')).toBeUndefined()
  expect(parseImageId('0x10')).toBeUndefined()
  expect(parseImageId('42')).toBe(42)
})
