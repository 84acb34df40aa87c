import sharp from 'sharp'
import type { Db } from '#app/db/db.server.ts'
import { demoArtworks } from './demo-artwork.server.ts'
import { addGalleryImage } from './gallery.server.ts'
import type { MediaStore } from './media-store.server.ts'
import { safeFileName } from './safe-name.ts'

const SEEDED_KEY = 'demo_gallery_seeded_at'

/**
 * Fills an empty gallery with the bakery's demo artwork on first start, so a
 * new site looks alive. Each picture takes the path an owner's photo takes:
 * rasterised as a camera would save it, compressed as the browser would
 * (at most 1200 px wide, JPEG quality 0.7), then through the same pipeline.
 * Runs once per database: photos the owner deletes do not come back.
 * An aborted `signal` (the server stopping) ends it after the photo in hand;
 * the next start adds the rest.
 */
export async function seedDemoGallery(
  db: Db,
  { store, now = new Date(), signal }: { store: MediaStore; now?: Date; signal?: AbortSignal },
): Promise<number> {
  const seeded = await db
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst()
  if (seeded) return 0
  const stored = await db.selectFrom('gallery_image').select('file_name').execute()
  const storedNames = new Set(stored.map((row) => row.file_name.replace(/^\d+_/, '')))
  const demoNames = new Set(demoArtworks.map((artwork) => safeFileName(artwork.fileName)))
  // A photo of the owner's own means the gallery is in use: no demo.
  const ownPhotos = [...storedNames].some((name) => !demoNames.has(name))

  let added = 0
  if (!ownPhotos) {
    // Oldest first, a day apart, so the gallery's newest-first order is the listed order.
    for (const [index, artwork] of [...demoArtworks].reverse().entries()) {
      if (signal?.aborted) return added
      if (storedNames.has(safeFileName(artwork.fileName))) continue
      const camera = await sharp(Buffer.from(artwork.svg)).jpeg({ quality: 92 }).toBuffer()
      const browser = await sharp(camera)
        .resize({ width: 1200, withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer()
      const day = demoArtworks.length - index
      await addGalleryImage(
        db,
        { store, now: new Date(now.getTime() - day * 86_400_000) },
        {
          input: browser,
          uploadedName: artwork.fileName,
          tags: artwork.tags,
          originalSize: camera.length,
          compressedSize: browser.length,
        },
      )
      added++
    }
  }
  await db
    .insertInto('app_state')
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute()
  return added
}
