import sharp from 'sharp'
import type { Db } from '#app/db/db.server.ts'
import { demoArtworks } from './demo-artwork.server.ts'
import { addGalleryImage } from './gallery.server.ts'

const SEEDED_KEY = 'demo_gallery_seeded_at'

/**
 * Fills an empty gallery with the bakery's demo artwork on first start, so a
 * new site looks alive. Each picture takes the path an owner's photo takes:
 * rasterised as a camera would save it, compressed as the browser would
 * (at most 1200 px wide, JPEG quality 0.7), then through the same pipeline.
 * Runs once per database: photos the owner deletes do not come back.
 */
export async function seedDemoGallery(
  db: Db,
  { dataDir, now = new Date() }: { dataDir: string; now?: Date },
): Promise<number> {
  const seeded = await db
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst()
  if (seeded) return 0
  const existing = await db.selectFrom('gallery_image').select('id').limit(1).executeTakeFirst()

  let added = 0
  if (!existing) {
    // Oldest first, a day apart, so the gallery's newest-first order is the listed order.
    for (const [index, artwork] of [...demoArtworks].reverse().entries()) {
      const camera = await sharp(Buffer.from(artwork.svg)).jpeg({ quality: 92 }).toBuffer()
      const browser = await sharp(camera)
        .resize({ width: 1200, withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer()
      const day = demoArtworks.length - index
      await addGalleryImage(
        db,
        { dataDir, now: new Date(now.getTime() - day * 86_400_000) },
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
