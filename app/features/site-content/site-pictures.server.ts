import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  PICTURE_SLOTS,
  type PictureSlot,
  type PictureVariant,
  type PictureWords,
  type SitePicture,
  type UploadedPicture,
} from '#app/content/site-words.ts'
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { renderGalleryImage } from '#app/features/media/image-pipeline.server.ts'
import { publicMediaSrc } from '#app/features/media/media-public-url.server.ts'
import { MEDIA_URL_PATH, type MediaStore } from '#app/features/media/media-store.server.ts'
import { readSiteSection, saveSiteSection } from './site-content.server.ts'
import { ALT_MISSING, type FieldErrors, pictureAltSchema } from './site-words-schema.ts'

/**
 * Her hero, About photo and logo (decision 059): each upload goes through
 * the gallery's image pipeline (upright, metadata stripped, AVIF and WebP at
 * the widths its page shows, one JPEG) into the media store's public `site`
 * folder; the `pictures` section of the site's words records which files
 * serve each slot. Replacing a picture records the new one, then removes the
 * old one's files.
 */

/** The folder (key prefix) of the site's pictures in the media store: public, like the gallery. */
export const SITE_PICTURES_FOLDER = 'site'

/**
 * The widths each slot is encoded at, from how the pages show it: the hero
 * fills the screen (a 375 px phone at 3× wants about 1100 px, a 1280 px
 * laptop 1280 to 1920); About's photo is at most 320 px wide (640 at 2×);
 * the logo is 44 px in the header (132 at 3×), and 512 is the square search
 * engines and link previews ask for.
 */
export const PICTURE_WIDTHS: Record<PictureSlot, readonly number[]> = {
  hero: [640, 960, 1280, 1920],
  about: [400, 640, 960],
  logo: [96, 192, 512],
}

/** Whose changes to the pictures section go one at a time, so no replaced file is left behind. */
const PICTURES_LOCK = 'site_pictures'

export type PictureOutcome = { ok: true; picture: SitePicture } | { ok: false; errors: FieldErrors }

/** The store key of a recorded file: `site/{name}`. */
function pictureKey(variant: Pick<PictureVariant, 'src'>): string {
  return `${SITE_PICTURES_FOLDER}/${path.posix.basename(variant.src)}`
}

/** Her alt text for the slot, checked: the hero's and About's are required. */
function checkAlt(slot: PictureSlot, alt: string): { ok: true; alt: string } | FailedPicture {
  const parsed = pictureAltSchema.safeParse(alt)
  if (!parsed.success) return { ok: false, errors: { alt: parsed.error.issues[0]!.message } }
  if (slot !== 'logo' && parsed.data === '') return { ok: false, errors: { alt: ALT_MISSING } }
  return { ok: true, alt: parsed.data }
}

type FailedPicture = { ok: false; errors: FieldErrors }

/**
 * Puts `input` (a file path or bytes) in the slot with her description.
 * Throws ImageRejectedError for a file that is not an image we keep (the
 * caller words it); a missing description is refused before any work, with
 * a sentence. The new files are complete before the record names them; the
 * old ones go after the record no longer does.
 */
export async function replaceSitePicture(
  db: Db,
  { store, now = new Date() }: { store: MediaStore; now?: Date },
  slot: PictureSlot,
  { input, alt }: { input: string | Buffer; alt: string },
): Promise<PictureOutcome> {
  const checked = checkAlt(slot, alt)
  if (!checked.ok) return checked
  const name = `${slot}-${now.getTime()}-${randomBytes(3).toString('hex')}`
  const rendered = await renderGalleryImage(input, {
    store,
    folder: SITE_PICTURES_FOLDER,
    name,
    widths: PICTURE_WIDTHS[slot],
  })
  const upload: UploadedPicture = {
    width: rendered.width,
    height: rendered.height,
    variants: rendered.variants.map((variant) => ({
      format: variant.format,
      width: variant.width,
      height: variant.height,
      src: `${MEDIA_URL_PATH}/${SITE_PICTURES_FOLDER}/${variant.fileName}`,
    })),
    uploadedAt: now.toISOString(),
  }
  try {
    return await writeSlot(db, store, slot, { alt: checked.alt, upload })
  } catch (error) {
    await removeFiles(store, upload.variants)
    throw error
  }
}

/**
 * Changes only the description of her upload in the slot. With the built-in
 * picture there, there is nothing of hers to describe: the hero and About
 * ask for a photo (the logo keeps the description for when she has one).
 */
export async function describeSitePicture(
  db: Db,
  { store }: { store: MediaStore },
  slot: PictureSlot,
  alt: string,
): Promise<PictureOutcome> {
  const checked = checkAlt(slot, alt)
  if (!checked.ok) return checked
  return writeSlot(db, store, slot, (current) =>
    current.upload === null && slot !== 'logo' ? NO_PHOTO : { ...current, alt: checked.alt },
  )
}

/** Puts the built-in picture back in the slot and removes her upload's files. */
export async function removeSitePicture(
  db: Db,
  { store }: { store: MediaStore },
  slot: PictureSlot,
): Promise<PictureOutcome> {
  return writeSlot(db, store, slot, { alt: '', upload: null })
}

const NO_PHOTO = { errors: { file: 'Please choose a photo to upload.' } } as const

/**
 * Writes the slot in a transaction that holds the pictures' lock, so two
 * replacements of one slot settle in turn (each removes exactly the files
 * the other recorded), then removes the files the slot no longer names.
 */
async function writeSlot(
  db: Db,
  store: MediaStore,
  slot: PictureSlot,
  next: SitePicture | ((current: SitePicture) => SitePicture | typeof NO_PHOTO),
): Promise<PictureOutcome> {
  const { outcome, replaced } = await db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, PICTURES_LOCK)
    const pictures = await readSiteSection(trx, 'pictures')
    const current = pictures[slot]
    const picture = typeof next === 'function' ? next(current) : next
    if ('errors' in picture) {
      return { outcome: { ok: false, errors: { ...picture.errors } } as const, replaced: [] }
    }
    const saved = await saveSiteSection(trx, 'pictures', { ...pictures, [slot]: picture })
    if (!saved.ok) {
      return { outcome: { ok: false, errors: altErrorOf(saved.errors) } as const, replaced: [] }
    }
    const kept = new Set((picture.upload?.variants ?? []).map(pictureKey))
    const replaced = (current.upload?.variants ?? []).filter(
      (variant) => !kept.has(pictureKey(variant)),
    )
    return { outcome: { ok: true, picture: saved.value[slot] } as const, replaced }
  })
  await removeFiles(store, replaced)
  return outcome
}

/** A section refusal as the one field the pictures form has. */
function altErrorOf(errors: FieldErrors): FieldErrors {
  const first = Object.values(errors)[0]
  return { alt: first ?? ALT_MISSING }
}

/** One at a time, as the gallery's (some S3-compatible servers fail deletes that run together). */
async function removeFiles(store: MediaStore, variants: readonly PictureVariant[]) {
  for (const variant of variants) {
    const key = pictureKey(variant)
    await store
      .delete(key)
      .catch((error: unknown) => console.error(`media: could not remove ${key}`, error))
  }
}

/**
 * Files in the `site` folder the pictures section does not name, older than
 * the store's stray age: an upload that crashed between its files and its
 * record, or a replaced file whose removal failed. Run at boot beside the
 * gallery's sweep.
 */
export async function sweepStraySitePictures(
  db: Db,
  { store, now = new Date() }: { store: MediaStore; now?: Date },
): Promise<string[]> {
  const cutoff = now.getTime() - store.strayMinAgeMs
  const listed = await store.list(`${SITE_PICTURES_FOLDER}/`)
  const pictures = await readSiteSection(db, 'pictures')
  const owned = new Set(
    PICTURE_SLOTS.flatMap((slot) => (pictures[slot].upload?.variants ?? []).map(pictureKey)),
  )
  const strays = listed
    .filter((object) => !owned.has(object.key) && object.lastModified.getTime() <= cutoff)
    .map((object) => object.key)
  for (const key of strays) await store.delete(key)
  return strays.map((key) => path.posix.basename(key))
}

/** The pictures with each file at the address visitors fetch it from (MEDIA_PUBLIC_URL or /media). */
export function publicPictures(pictures: PictureWords): PictureWords {
  const visible = (picture: SitePicture): SitePicture =>
    picture.upload
      ? {
          ...picture,
          upload: {
            ...picture.upload,
            variants: picture.upload.variants.map((variant) => ({
              ...variant,
              src: publicMediaSrc(pictureKey(variant)),
            })),
          },
        }
      : picture
  return {
    ...pictures,
    hero: visible(pictures.hero),
    about: visible(pictures.about),
    logo: visible(pictures.logo),
  }
}
