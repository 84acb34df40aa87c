import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { MediaStore } from '#app/features/media/media-store.server.ts'
import type { GalleryVariant } from './gallery-image.ts'
import { GALLERY_FOLDER, variantKey } from './gallery.server.ts'

const ownTables = tablesFor('gallery')

/**
 * Deletes objects no record owns: variants of an upload that crashed before
 * its record was written, and half-written temporary files. Run at boot. In
 * a bucket other instances share, only objects older than an hour go: a
 * younger one may belong to an upload still being recorded elsewhere.
 */
export async function sweepStrayMedia(
  db: Db,
  { store, now = new Date() }: { store: MediaStore; now?: Date },
): Promise<string[]> {
  const cutoff = now.getTime() - store.strayMinAgeMs
  const listed = await store.list(`${GALLERY_FOLDER}/`)
  const rows = await ownTables(db).selectFrom('gallery_image').select('variants').execute()
  const owned = new Set(
    rows.flatMap((row) => (JSON.parse(row.variants) as GalleryVariant[]).map(variantKey)),
  )
  const strays = listed
    .filter((object) => !owned.has(object.key) && object.lastModified.getTime() <= cutoff)
    .map((object) => object.key)
  // One at a time, as below.
  for (const key of strays) await store.delete(key)
  if (store.kind !== 'local') await sweepStaleUploads(store.uploadFolder, cutoff)
  return strays.map((key) => path.posix.basename(key))
}

/** Spooled uploads a crashed process left on this machine, when they are not in the store's folder. */
async function sweepStaleUploads(folder: string, cutoff: number): Promise<void> {
  const entries = await readdir(folder).catch(() => [])
  await Promise.all(
    entries.map(async (entry) => {
      const file = path.join(folder, entry)
      const stats = await stat(file).catch(() => undefined)
      if (stats && stats.mtime.getTime() <= cutoff) await rm(file, { force: true })
    }),
  )
}
