import { readdir } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { photoJpeg } from '#tests/support/images.ts'
import { uploadGalleryImage } from './gallery-api.server.ts'
import { galleryFolder, listGalleryImages } from './gallery.server.ts'

/**
 * POST /api/gallery takes one photo, described by the fields beside it (its
 * alt text, its original size, its upload key): the owner's dialog sends each
 * photo on its own (upload-client.ts). A request carrying more is refused
 * whole, rather than keeping the first and dropping the rest unsaid.
 */

function uploadOf(files: { name: string; bytes: Buffer }[]) {
  const form = new FormData()
  for (const { name, bytes } of files) {
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'cake.jpg')
  }
  form.append('tags', 'cake')
  form.append('alt', 'A birthday cake with pink roses')
  return new Request('http://localhost:3000/api/gallery', { method: 'POST', body: form })
}

test.each([
  ['three photos as `file`', ['file', 'file', 'file']],
  ['a second photo under another name', ['file', 'photo']],
])(
  'an upload with %s is refused with 400, one photo per request; nothing is stored',
  async (_, names) => {
    const { db, dataDir } = await openTestDatabase()
    const settings = { db, store: createLocalMediaStore(dataDir) }
    const photo = await photoJpeg({ width: 400, height: 300 })

    const outcome = await uploadGalleryImage({
      request: uploadOf(names.map((name) => ({ name, bytes: photo }))),
      settings,
    })

    expect(outcome.status).toBe(400)
    expect(outcome.body).toEqual({ code: 'invalid-request', error: 'Send one photo per request.' })
    expect(await listGalleryImages(db)).toEqual([])
    // Neither the received file nor any variant is left in the media folder.
    expect(await readdir(galleryFolder(dataDir)).catch(() => [])).toEqual([])

    // The same photo on its own is taken.
    const single = await uploadGalleryImage({
      request: uploadOf([{ name: 'file', bytes: photo }]),
      settings,
    })
    expect(single.status).toBe(201)
  },
)
