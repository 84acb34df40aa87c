import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { site } from '#app/content/site.ts'
import { migrateToLatest, openDatabase } from '#app/db/db.server.ts'
import { demoArtworks, type DemoArtwork } from '#app/features/gallery/demo-artwork.server.ts'
import { addGalleryImage } from '#app/features/gallery/gallery.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { onCleanup } from './cleanup.ts'

/** A well-used gallery: the page's weight grows with it, and 8 demo photos flatter it. */
export const GALLERY_PHOTOS = 60

const HOUR_MS = 3_600_000

export interface PlannedPhoto {
  /** Index into the artworks. */
  artwork: number
  uploadedName: string
  tags: string[]
  uploadedAt: Date
}

/**
 * The artworks cycled to `count` uploads, oldest first and an hour apart,
 * the newest at `newest`. Repeats get a numbered name and one more tag, so
 * the filter buttons and names look like a real owner's gallery, not eight
 * photos shown over and over.
 */
export function planGallery(
  count: number,
  artworks: readonly Pick<DemoArtwork, 'fileName' | 'tags'>[],
  extraTags: readonly string[],
  newest: Date,
): PlannedPhoto[] {
  return Array.from({ length: count }, (_, index) => {
    const artwork = index % artworks.length
    const round = Math.floor(index / artworks.length)
    const { fileName, tags } = artworks[artwork] as Pick<DemoArtwork, 'fileName' | 'tags'>
    const extra = round > 0 ? extraTags[index % extraTags.length] : undefined
    return {
      artwork,
      uploadedName: round > 0 ? fileName.replace(/(\.\w+)?$/, `-${round + 1}$1`) : fileName,
      tags: extra && !tags.includes(extra) ? [...tags, extra] : [...tags],
      uploadedAt: new Date(newest.getTime() - (count - 1 - index) * HOUR_MS),
    }
  })
}

interface Upload {
  /** As a camera saved it; its size is the upload's originalSize. */
  camera: Buffer
  /** As the upload dialog sends it: at most 1200 px wide, JPEG quality 0.7. */
  browser: Buffer
}

/** Made the way demo-seed.server.ts makes the demo photos. */
async function browserUpload(artwork: DemoArtwork): Promise<Upload> {
  const camera = await sharp(Buffer.from(artwork.svg)).jpeg({ quality: 92 }).toBuffer()
  const browser = await sharp(camera)
    .resize({ width: 1200, withoutEnlargement: true })
    .jpeg({ quality: 70 })
    .toBuffer()
  return { camera, browser }
}

/**
 * A data folder whose gallery holds `count` photos, each made by the real
 * upload pipeline (addGalleryImage), so /gallery is measured with the files,
 * sizes and placeholders a real gallery has. The database is closed before
 * returning: the server gets a copy of the folder.
 */
export async function prepareGalleryData(count = GALLERY_PHOTOS): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-gallery-'))
  onCleanup(() => rm(dir, { recursive: true, force: true }))
  const started = performance.now()
  console.error(`Gallery: rendering ${demoArtworks.length} artworks`)
  const uploads: Upload[] = []
  for (const artwork of demoArtworks) uploads.push(await browserUpload(artwork))

  const db = openDatabase({ dataDir: dir })
  try {
    await migrateToLatest(db)
    const plan = planGallery(count, demoArtworks, site.defaultGalleryTags, new Date())
    for (const [index, photo] of plan.entries()) {
      const upload = uploads[photo.artwork] as Upload
      await addGalleryImage(
        db,
        { store: createLocalMediaStore(dir), now: photo.uploadedAt },
        {
          input: upload.browser,
          uploadedName: photo.uploadedName,
          tags: photo.tags,
          originalSize: upload.camera.length,
          compressedSize: upload.browser.length,
        },
      )
      const done = index + 1
      if (done % 10 === 0 || done === count) {
        const seconds = ((performance.now() - started) / 1000).toFixed(0)
        console.error(`Gallery: ${done}/${count} photos through the pipeline (${seconds} s)`)
      }
    }
  } finally {
    await db.destroy()
  }
  return dir
}
