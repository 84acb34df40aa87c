import { once } from 'node:events'
import express from 'express'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { refuseCrossOriginWrites } from '#server/same-origin.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { editGalleryImageReply } from './gallery-api.server.ts'
import type { GalleryImage } from './gallery-image.ts'
import { MAX_GALLERY_TAGS } from './gallery-tags.ts'
import { addGalleryImage, findGalleryImage, listGalleryPage } from './gallery.server.ts'

async function setUp() {
  const { db, dataDir } = await openTestDatabase()
  const store = createLocalMediaStore(dataDir)
  const image = await addGalleryImage(
    db,
    { store },
    {
      input: await photoJpeg({ width: 600, height: 400 }),
      uploadedName: 'tart.jpg',
      tags: ['tart'],
      originalSize: 1000,
      compressedSize: 900,
      altText: 'A lemon tart',
    },
  )
  return { db, store, image }
}

/** The owner's edit as the edit dialog sends it. */
function editRequest(id: number | string, body: unknown, type = 'application/json') {
  return new Request(`http://localhost:3000/api/gallery/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function edit(db: Db, id: number | string, body: unknown, type?: string) {
  const { status, body: answer } = await editGalleryImageReply({
    id: String(id),
    request: editRequest(id, body, type),
    settings: { db },
  })
  return { status, body: answer as GalleryImage & { error?: string; image?: GalleryImage } }
}

async function pageToken(db: Db) {
  const row = await db.selectFrom('page_version').select('token').executeTakeFirstOrThrow()
  return row.token
}

test('the owner changes a photo’s tags, caption and alt text; the gallery and the page cache follow at once', async () => {
  const { db, image } = await setUp()
  const tokenBefore = await pageToken(db)

  const { status, body } = await edit(db, image.id, {
    tags: ['Tart', ' summer  berries '],
    alt: '  A lemon tart with\n raspberries ',
    caption: 'Made for the June market',
    version: 1,
  })

  expect(status).toBe(200)
  expect(body).toMatchObject({
    id: image.id,
    tags: ['tart', 'summer berries'],
    alt: 'A lemon tart with raspberries',
    altText: 'A lemon tart with raspberries',
    caption: 'Made for the June market',
    version: 2,
  })
  expect(await findGalleryImage(db, image.id)).toEqual(body)
  // A new tag is a filter at once, and finds the photo.
  const page = await listGalleryPage(db, { selected: ['summer berries'], limit: 10 })
  expect(page.tags).toContain('summer berries')
  expect(page.images.map((shown) => shown.id)).toEqual([image.id])
  // Cached public pages are not served from before the edit.
  expect(await pageToken(db)).not.toBe(tokenBefore)

  // An empty caption takes the caption away; a form post works as JSON does.
  const form = new URLSearchParams([
    ['tags', 'tart'],
    ['alt', 'A lemon tart'],
    ['caption', ''],
    ['version', '2'],
  ])
  const cleared = await edit(db, image.id, form.toString(), 'application/x-www-form-urlencoded')
  expect(cleared.status).toBe(200)
  expect(cleared.body).toMatchObject({ caption: null, alt: 'A lemon tart', version: 3 })
})

test('an edit of a photo that is not there, or of no photo at all, is a 404 with a sentence', async () => {
  const { db, image } = await setUp()
  const body = { tags: ['tart'], alt: 'A tart', version: 1 }
  for (const id of [image.id + 1000, '1e3', '../1', '']) {
    const answer = await edit(db, id, body)
    expect(answer.status, String(id)).toBe(404)
    expect(answer.body).toEqual({ error: 'That image is not in the gallery.' })
  }
})

test('an edit with no alt text, too long a description, a tag that is not allowed or a bad body is refused and changes nothing', async () => {
  const { db, image } = await setUp()
  const base = { tags: ['tart'], alt: 'A tart', caption: '', version: 1 }
  const refusals: [unknown, string][] = [
    [{ ...base, alt: '   ' }, 'Please describe the photo for people who cannot see it.'],
    [{ ...base, alt: undefined }, 'Please describe the photo for people who cannot see it.'],
    [{ ...base, alt: 'a'.repeat(251) }, 'Please describe the photo in at most 250 characters.'],
    [{ ...base, caption: 'c'.repeat(201) }, 'Please keep the caption to at most 200 characters.'],
    [{ ...base, alt: 'A tart\u0000' }, 'The description cannot contain control characters.'],
    [{ ...base, caption: 'June\u001B[2J' }, 'The caption cannot contain control characters.'],
    [{ ...base, tags: [] }, 'Please select at least one tag.'],
    [{ ...base, tags: ['<script>'] }, 'A tag is up to 30 letters, digits, spaces and dashes.'],
    [{ ...base, tags: ['t'.repeat(31)] }, 'A tag is up to 30 letters, digits, spaces and dashes.'],
    [
      { ...base, tags: Array.from({ length: 13 }, (_, i) => `tag ${i}`) },
      'Choose at most 12 tags.',
    ],
    [{ ...base, version: 'latest' }, 'Please reload the page and try again.'],
    [[1, 2], 'Send the photo’s tags, alt text, caption and version.'],
  ]
  for (const [body, sentence] of refusals) {
    const answer = await edit(db, image.id, body)
    expect(answer.status, sentence).toBe(400)
    expect(answer.body).toEqual({ error: sentence })
  }
  expect((await edit(db, image.id, '{"tags":', 'application/json')).status).toBe(400)
  expect((await edit(db, image.id, 'tags=tart', 'text/plain')).status).toBe(400)
  const huge = await edit(db, image.id, { ...base, alt: 'x'.repeat(20_000) })
  expect(huge.status).toBe(413)
  expect(await findGalleryImage(db, image.id)).toEqual(image)
})

test('her alt text and caption are stored plain: no direction overrides, accents composed', async () => {
  const { db, image } = await setUp()
  const { status, body } = await edit(db, image.id, {
    tags: ['tart'],
    alt: 'A \u202Etrat\u202C with cre\u0300me frai\u0302che',
    caption: 'For the \u2066June\u2069 market',
    version: 1,
  })
  expect(status).toBe(200)
  expect(body).toMatchObject({
    alt: 'A trat with cr\u00E8me fra\u00EEche',
    caption: 'For the June market',
  })
})

test('a new tag is welcome until the gallery keeps its most tags; then only the tags it has are', async () => {
  const { db, store, image } = await setUp()
  // Other photos bring the gallery's list of tags to its bound.
  const { site } = await import('#app/content/site.ts')
  const missing = MAX_GALLERY_TAGS - new Set([...site.defaultGalleryTags, 'tart']).size
  const photo = await photoJpeg({ width: 300, height: 200 })
  for (let start = 0; start < missing; start += 12) {
    const tags = Array.from({ length: Math.min(12, missing - start) }, (_, i) => `t${start + i}`)
    await addGalleryImage(
      db,
      { store },
      { input: photo, uploadedName: `p${start}.jpg`, tags, originalSize: 1, compressedSize: 1 },
    )
  }

  const refused = await edit(db, image.id, { tags: ['tart', 'one too many'], alt: 'A', version: 1 })
  expect(refused.status).toBe(400)
  expect(refused.body.error).toMatch(/^The gallery already has 40 tags, the most it keeps\./)
  // Tags the gallery has, default ones included, are still fine.
  const kept = await edit(db, image.id, { tags: ['t0', 'cake'], alt: 'A', version: 1 })
  expect(kept.status).toBe(200)
  // Its old tag 'tart' is now on no photo: its place is free for a new one.
  const swapped = await edit(db, image.id, { tags: ['brand new'], alt: 'A', version: 2 })
  expect(swapped.status).toBe(200)
  expect(swapped.body.tags).toEqual(['brand new'])
})

test('an edit made from an older version is refused with the photo as it is now, not written over it', async () => {
  const { db, image } = await setUp()
  const first = await edit(db, image.id, { tags: ['tart'], alt: 'From the phone', version: 1 })
  expect(first.status).toBe(200)

  const stale = await edit(db, image.id, { tags: ['cake'], alt: 'From the laptop', version: 1 })
  expect(stale.status).toBe(409)
  expect(stale.body.error).toMatch(/changed in another window/)
  expect(stale.body.image).toMatchObject({ alt: 'From the phone', version: 2 })
  expect(await findGalleryImage(db, image.id)).toMatchObject({
    alt: 'From the phone',
    tags: ['tart'],
  })

  // Two edits from one version at once: one is saved, the other told.
  const [one, two] = await Promise.all([
    edit(db, image.id, { tags: ['tart'], alt: 'One', version: 2 }),
    edit(db, image.id, { tags: ['tart'], alt: 'Two', version: 2 }),
  ])
  expect([one.status, two.status].sort()).toEqual([200, 409])
  expect((await findGalleryImage(db, image.id))!.version).toBe(3)
})

test('a signed-in owner’s browser cannot be made to edit a photo from another site', async () => {
  const { db, image } = await setUp()
  // The server's own guard in front of the edit, as server/app.ts puts it.
  const app = express()
  app.use(refuseCrossOriginWrites('https://butterandbloom.ca'))
  app.patch('/api/gallery/:id', async (req, res) => {
    const request = new Request(`http://localhost/api/gallery/${req.params.id}`, {
      method: 'PATCH',
      headers: { 'content-type': req.get('content-type') ?? '' },
      body: req as unknown as ReadableStream,
      duplex: 'half',
    } as RequestInit)
    const answer = await editGalleryImageReply({ id: req.params.id, request, settings: { db } })
    res.status(answer.status).json(answer.body)
  })
  const server = app.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  try {
    const send = (headers: Record<string, string>) =>
      fetch(`http://127.0.0.1:${port}/api/gallery/${image.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ tags: ['cake'], alt: 'Defaced', version: 1 }),
      })
    expect((await send({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await send({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect(await findGalleryImage(db, image.id)).toEqual(image)
    // From the site itself it goes through.
    expect((await send({ origin: 'https://butterandbloom.ca' })).status).toBe(200)
  } finally {
    server.close()
  }
})
