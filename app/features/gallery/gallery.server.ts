import path from 'node:path'
import type { Selectable } from 'kysely'
import { site } from '#app/content/site.ts'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { releaseLease } from '#app/db/lease.server.ts'
import type { GalleryImageTable } from '#app/db/schema.ts'
import { renderGalleryImage } from '#app/features/media/image-pipeline.server.ts'
import { LOCAL_MEDIA_FOLDER } from '#app/features/media/local-media-store.server.ts'
import { publicMediaSrc } from '#app/features/media/media-public-url.server.ts'
import {
  MEDIA_QUOTA_LOCK,
  QuotaExceededError,
  mediaUsageBytes,
} from '#app/features/media/media-quota.server.ts'
import { MEDIA_URL_PATH, type MediaStore } from '#app/features/media/media-store.server.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import {
  compressionRatio,
  type GalleryImage,
  type GalleryPage,
  type GalleryVariant,
} from './gallery-image.ts'
import {
  MAX_GALLERY_TAGS,
  TAG_LIST_FULL,
  describeImage,
  filterByTags,
  tagsInUse,
} from './gallery-tags.ts'
import { claimUnusedName } from './upload-names.server.ts'

const ownTables = tablesFor('gallery')

/** The folder (key prefix) of gallery photos in the media store. */
export const GALLERY_FOLDER = 'gallery'

/** Where gallery files live under DATA_DIR with the local media store. */
export function galleryFolder(dataDir: string): string {
  return path.join(dataDir, LOCAL_MEDIA_FOLDER, GALLERY_FOLDER)
}

/** MEDIA_PUBLIC_URL, set at boot (the media module keeps it for every public folder). */
export { setMediaPublicUrl } from '#app/features/media/media-public-url.server.ts'

/** The store key of a recorded variant: `gallery/{name}`. */
export function variantKey(variant: Pick<GalleryVariant, 'src'>): string {
  return `${GALLERY_FOLDER}/${path.posix.basename(variant.src)}`
}

function publicSrc(src: string): string {
  return publicMediaSrc(`${GALLERY_FOLDER}/${path.posix.basename(src)}`)
}

/** Every gallery image, newest first. */
export async function listGalleryImages(db: Db): Promise<GalleryImage[]> {
  const rows = await ownTables(db)
    .selectFrom('gallery_image')
    .selectAll()
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const bakeryName = rows.length > 0 ? await bakeryNameOf(db) : ''
  return rows.map((row) => toGalleryImage(row, bakeryName))
}

/**
 * One page of the gallery for a tag selection. Filtering here rather than
 * in the browser keeps the page light however many photos the owner adds.
 */
export async function listGalleryPage(
  db: Db,
  { selected, limit }: { selected: readonly string[]; limit: number },
): Promise<GalleryPage> {
  const all = await listGalleryImages(db)
  const matching = filterByTags(all, selected)
  return {
    images: matching.slice(0, limit),
    matching: matching.length,
    total: all.length,
    tags: tagsInUse(all),
  }
}

/** The image an earlier attempt of the same upload stored, if one did. */
export function findByUploadKey(db: Db, uploadKey: string): Promise<GalleryImage | undefined> {
  return findImageWhere(db, 'upload_key', uploadKey)
}

export function findGalleryImage(db: Db, id: number): Promise<GalleryImage | undefined> {
  return findImageWhere(db, 'id', id)
}

async function findImageWhere(
  db: Db,
  column: 'id' | 'upload_key',
  value: number | string,
): Promise<GalleryImage | undefined> {
  const row = await ownTables(db)
    .selectFrom('gallery_image')
    .selectAll()
    .where(column, '=', value)
    .executeTakeFirst()
  return row ? toGalleryImage(row, await bakeryNameOf(db)) : undefined
}

export interface NewGalleryImage {
  /** The uploaded file: a path on disk or its bytes. */
  input: string | Buffer
  /** The name the browser gave the file; only a safe form of it is kept. */
  uploadedName: string
  tags: string[]
  /** Bytes before the browser compressed the photo, as the browser reported. */
  originalSize: number
  /** Bytes received. */
  compressedSize: number
  /** The browser's key for this upload, the same on every retry of it. */
  uploadKey?: string
  /** The owner's description for screen readers; the demo photos have none. */
  altText?: string
  /** The owner's line under the photo; empty or absent for none. */
  caption?: string
}

/**
 * Runs an upload through the image pipeline, then records it. The files are
 * complete under their final names before the record exists, so a crash in
 * between leaves files without a record (swept at boot), never a record
 * without files. Throws ImageRejectedError for input we refuse and
 * QuotaExceededError when the stored files would pass the quota. An upload
 * whose key an earlier attempt already stored returns that image; so does one
 * whose twin was recorded while it was processed, and its own files go.
 */
export async function addGalleryImage(
  db: Db,
  { store, quotaBytes, now = new Date() }: { store: MediaStore; quotaBytes?: number; now?: Date },
  image: NewGalleryImage,
): Promise<GalleryImage> {
  // A retry of an upload whose reply was lost gets the photo the first attempt
  // stored, answered as that attempt was, before any quota or processing.
  const earlier = image.uploadKey ? await findByUploadKey(db, image.uploadKey) : undefined
  if (earlier) return earlier
  if (quotaBytes !== undefined && (await mediaUsageBytes(db)) >= quotaBytes) {
    throw new QuotaExceededError('The media folder is full.')
  }
  const claim = await claimUnusedName(db, image.uploadedName, now.getTime())
  try {
    return await renderAndRecord(db, { store, fileName: claim.name, quotaBytes, now }, image)
  } finally {
    await releaseLease(db, claim.lease)
  }
}

async function renderAndRecord(
  db: Db,
  {
    store,
    fileName,
    quotaBytes,
    now,
  }: { store: MediaStore; fileName: string; quotaBytes?: number; now: Date },
  image: NewGalleryImage,
): Promise<GalleryImage> {
  const rendered = await renderGalleryImage(image.input, {
    store,
    folder: GALLERY_FOLDER,
    name: fileName,
  })
  const variants: GalleryVariant[] = rendered.variants.map(({ fileName: file, ...variant }) => ({
    ...variant,
    src: `${MEDIA_URL_PATH}/${GALLERY_FOLDER}/${file}`,
  }))
  try {
    // Checked and inserted in one transaction, so two uploads finishing
    // together cannot both squeeze under the quota.
    const added = await db.transaction().execute(async (trx) => {
      await serializeTransactions(trx, MEDIA_QUOTA_LOCK)
      // An attempt of the same upload that finished while this one was processed.
      const earlier = image.uploadKey ? await findByUploadKey(trx, image.uploadKey) : undefined
      if (earlier) return { image: earlier, replayed: true }
      await refuseNewTagsPastTheList(trx, image.tags)
      const usage = quotaBytes === undefined ? 0 : await mediaUsageBytes(trx)
      if (quotaBytes !== undefined && usage + rendered.storedBytes > quotaBytes) {
        throw new QuotaExceededError('The media folder is full.')
      }
      const row = await ownTables(trx)
        .insertInto('gallery_image')
        .values({
          file_name: fileName,
          tags: JSON.stringify(image.tags),
          uploaded_at: now.toISOString(),
          original_size: image.originalSize,
          compressed_size: image.compressedSize,
          width: rendered.width,
          height: rendered.height,
          variants: JSON.stringify(variants),
          placeholder: rendered.placeholder,
          stored_bytes: rendered.storedBytes,
          upload_key: image.uploadKey ?? null,
          alt_text: image.altText || null,
          caption: image.caption || null,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return { image: toGalleryImage(row, await bakeryNameOf(trx)), replayed: false }
    })
    // The earlier attempt's files serve the image; this attempt's are not needed.
    if (added.replayed) await removeVariantObjects(store, variants)
    return added.image
  } catch (error) {
    await removeVariantObjects(store, variants)
    throw error
  }
}

/** A photo's tags would take the gallery's list of tags past MAX_GALLERY_TAGS. */
export class TagListFullError extends Error {
  override name = 'TagListFullError'
  constructor() {
    super(TAG_LIST_FULL)
  }
}

/**
 * The gallery's tags are the bakery's default ones and every tag a photo
 * has; a photo may bring new ones while that list stays within
 * MAX_GALLERY_TAGS. Run inside the transaction that writes the photo, after
 * serializeTransactions, so two writes cannot both take the last place.
 * `exceptId` is the photo being edited: its old tags do not count.
 */
async function refuseNewTagsPastTheList(
  trx: Db,
  tags: readonly string[],
  exceptId?: number,
): Promise<void> {
  let query = ownTables(trx).selectFrom('gallery_image').select('tags')
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  const rows = await query.execute()
  const listed = new Set([
    ...site.defaultGalleryTags,
    ...rows.flatMap((row) => JSON.parse(row.tags) as string[]),
  ])
  const before = listed.size
  for (const tag of tags) listed.add(tag)
  if (listed.size > before && listed.size > MAX_GALLERY_TAGS) throw new TagListFullError()
}

export interface PhotoEdit {
  tags: string[]
  altText: string
  caption: string
  /** The version the owner started from. */
  version: number
}

export type EditOutcome =
  | { kind: 'edited'; image: GalleryImage }
  | { kind: 'not-found' }
  | { kind: 'changed-elsewhere'; image: GalleryImage }

/**
 * Changes a photo's tags, alt text and caption, if it is still at the
 * version the owner started from; the version then goes up by one. The
 * update bumps the page cache's token (gallery_image's page_version trigger).
 */
export async function editGalleryImage(db: Db, id: number, edit: PhotoEdit): Promise<EditOutcome> {
  return db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, MEDIA_QUOTA_LOCK)
    const current = await findGalleryImage(trx, id)
    if (!current) return { kind: 'not-found' }
    if (current.version !== edit.version) return { kind: 'changed-elsewhere', image: current }
    await refuseNewTagsPastTheList(trx, edit.tags, id)
    const row = await ownTables(trx)
      .updateTable('gallery_image')
      .set({
        tags: JSON.stringify(edit.tags),
        alt_text: edit.altText,
        caption: edit.caption || null,
        version: edit.version + 1,
      })
      .where('id', '=', id)
      .where('version', '=', edit.version)
      .returningAll()
      .executeTakeFirstOrThrow()
    return { kind: 'edited', image: toGalleryImage(row, await bakeryNameOf(trx)) }
  })
}

/**
 * Removes the record first, then its files; a file already gone is fine,
 * and a file that cannot be removed is logged (the photo is gone from the
 * site either way). Returns false when there was no such image.
 */
export async function deleteGalleryImage(
  db: Db,
  { store }: { store: MediaStore },
  id: number,
): Promise<boolean> {
  const row = await ownTables(db)
    .deleteFrom('gallery_image')
    .where('id', '=', id)
    .returning('variants')
    .executeTakeFirst()
  if (!row) return false
  await removeVariantObjects(store, JSON.parse(row.variants) as GalleryVariant[])
  return true
}

/**
 * Exactly the objects a record lists: never another image's that share a
 * prefix. One at a time: some S3-compatible servers fail deletes that run
 * together in one folder (s3rver answers 500), and nine requests in a row
 * are nothing beside an upload.
 */
async function removeVariantObjects(store: MediaStore, variants: readonly GalleryVariant[]) {
  for (const variant of variants) {
    const key = variantKey(variant)
    await store
      .delete(key)
      .catch((error: unknown) => console.error(`media: could not remove ${key}`, error))
  }
}

/** Her bakery's name as it stands now (Settings › Your site), for photos without her words. */
async function bakeryNameOf(db: Db): Promise<string> {
  return (await readSiteSection(db, 'identity')).name
}

/**
 * A record as the API and pages take it. `alt` is her alt text, else her
 * caption, else the sentence from its tags with her bakery's name.
 */
function toGalleryImage(row: Selectable<GalleryImageTable>, bakeryName: string): GalleryImage {
  const variants = (JSON.parse(row.variants) as GalleryVariant[]).map((variant) => ({
    ...variant,
    src: publicSrc(variant.src),
  }))
  const largestJpeg = variants
    .filter((variant) => variant.format === 'jpeg')
    .reduce((a, b) => (b.width > a.width ? b : a))
  const tags = JSON.parse(row.tags) as string[]
  return {
    id: row.id,
    src: largestJpeg.src,
    tags,
    uploadedAt: row.uploaded_at,
    fileName: row.file_name,
    originalSize: row.original_size,
    compressedSize: row.compressed_size,
    compressionRatio: compressionRatio(row.original_size, row.compressed_size),
    width: row.width,
    height: row.height,
    variants,
    placeholder: row.placeholder,
    alt: row.alt_text ?? row.caption ?? describeImage(tags, bakeryName),
    altText: row.alt_text,
    caption: row.caption,
    version: row.version,
  }
}
