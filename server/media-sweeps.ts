import type { Db } from '#app/db/db.server.ts'
import { withLease } from '#app/db/lease.server.ts'
import { sweepStrayMedia } from '#app/features/gallery/stray-media.server.ts'
import { sweepUnattachedInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import type { MediaStore } from '#app/features/media/media-store.server.ts'
import { sweepStraySitePictures } from '#app/features/site-content/site-pictures.server.ts'

/** Another instance sweeping at the same boot moment skips; a crashed sweeper frees it after this. */
const MEDIA_SWEEP_LEASE = 'media-sweep'
const MEDIA_SWEEP_LEASE_MS = 10 * 60_000

/**
 * Photos customers uploaded but never sent go after a day. Servers run for
 * weeks, so besides at boot the sweep runs every hour, by whichever instance
 * takes the lease first.
 */
const INSPIRATION_SWEEP_LEASE = 'inspiration-sweep'
export const INSPIRATION_SWEEP_EVERY_MS = 60 * 60_000

/** At boot, under its lease: the files unfinished uploads left in the store. */
export async function sweepStrayUploads(
  db: Db,
  { store, holder }: { store: MediaStore; holder: string },
): Promise<void> {
  const sweep = await withLease(
    db,
    { name: MEDIA_SWEEP_LEASE, holder, ttlMs: MEDIA_SWEEP_LEASE_MS },
    async () => [
      ...(await sweepStrayMedia(db, { store })),
      ...(await sweepStraySitePictures(db, { store })),
    ],
  )
  if (sweep.ran && sweep.result.length > 0)
    console.log(`media: removed ${sweep.result.length} files left by unfinished uploads`)
}

/** One sweep of the inspiration photos never sent with an order, under its lease. */
export function inspirationSweep(
  db: Db,
  { store, holder }: { store: MediaStore; holder: string },
): () => Promise<void> {
  return () =>
    withLease(db, { name: INSPIRATION_SWEEP_LEASE, holder, ttlMs: MEDIA_SWEEP_LEASE_MS }, () =>
      sweepUnattachedInspirationPhotos(db, store, { now: Date.now() }),
    )
      .then((swept) => {
        if (swept.ran && swept.result > 0)
          console.log(`media: removed ${swept.result} inspiration photos never sent with an order`)
      })
      .catch((error: unknown) => console.error('media: could not sweep inspiration photos', error))
}
