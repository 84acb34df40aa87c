import { randomUUID } from 'node:crypto'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { withLease } from '#app/db/lease.server.ts'
import { loadSharp } from '#app/features/media/load-sharp.server.ts'
import type { MediaStore } from '#app/features/media/media-store.server.ts'
import { safeFileName } from '#app/features/media/safe-name.ts'
import { type DemoArtwork, demoArtworks } from './demo-artwork.server.ts'
import { addGalleryImage } from './gallery.server.ts'

const ownTables = tablesFor('gallery')

const SEEDED_KEY = 'demo_gallery_seeded_at'

/** The lease that lets one instance at a time seed (app/db/lease.server.ts). */
export const DEMO_SEED_LEASE = 'demo-seed'
/** Renewed before each photo, so a holder that crashed frees it within this. */
const DEMO_SEED_LEASE_MS = 2 * 60_000

/**
 * Fills an empty gallery with the bakery's demo artwork on first start, so a
 * new site looks alive. Each picture takes the path an owner's photo takes:
 * rasterised as a camera would save it, compressed as the browser would
 * (at most 1200 px wide, JPEG quality 0.7), then through the same pipeline.
 * Runs once per database: photos the owner deletes do not come back.
 * An aborted `signal` (the server stopping) ends it after the photo in hand;
 * the next start adds the rest. One instance at a time: while another holds
 * the seeding lease this returns 0 at once, and a lease whose holder died
 * runs out so a later start can finish the job.
 */
export async function seedDemoGallery(
  db: Db,
  {
    store,
    now = new Date(),
    signal,
    holder = randomUUID(),
    clock = Date.now,
    artworks = demoArtworks,
  }: {
    store: MediaStore
    now?: Date
    signal?: AbortSignal
    /** Who seeds, for the lease: the instance and its boot. */
    holder?: string
    /** The lease's clock. */
    clock?: () => number
    /** The pictures to add: the demo's, or a few of them where the count is not the point. */
    artworks?: readonly DemoArtwork[]
  },
): Promise<number> {
  const seeding = await withLease(
    db,
    { name: DEMO_SEED_LEASE, holder, ttlMs: DEMO_SEED_LEASE_MS, clock },
    (renew) => seedUnderLease(db, { store, now, signal, renew, artworks }),
  )
  return seeding.ran ? seeding.result : 0
}

async function seedUnderLease(
  db: Db,
  {
    store,
    now,
    signal,
    renew,
    artworks,
  }: {
    store: MediaStore
    now: Date
    signal?: AbortSignal
    renew: () => Promise<boolean>
    artworks: readonly DemoArtwork[]
  },
): Promise<number> {
  const seeded = await ownTables(db)
    .selectFrom('app_state')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst()
  if (seeded) return 0
  const stored = await ownTables(db).selectFrom('gallery_image').select('file_name').execute()
  const storedNames = new Set(stored.map((row) => row.file_name.replace(/^\d+_/, '')))
  const demoNames = new Set(artworks.map((artwork) => safeFileName(artwork.fileName)))
  // A photo of the owner's own means the gallery is in use: no demo.
  const ownPhotos = [...storedNames].some((name) => !demoNames.has(name))

  let added = 0
  if (!ownPhotos) {
    // Oldest first, a day apart, so the gallery's newest-first order is the listed order.
    for (const [index, artwork] of [...artworks].reverse().entries()) {
      if (storedNames.has(safeFileName(artwork.fileName))) continue
      // Lost only if this instance stalled past the lease and another took
      // over: that one adds the rest.
      if (signal?.aborted || !(await renew())) return added
      const sharp = await loadSharp()
      const camera = await sharp(Buffer.from(artwork.svg)).jpeg({ quality: 92 }).toBuffer()
      const browser = await sharp(camera)
        .resize({ width: 1200, withoutEnlargement: true })
        .jpeg({ quality: 70 })
        .toBuffer()
      const day = artworks.length - index
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
  await ownTables(db)
    .insertInto('app_state')
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute()
  return added
}
