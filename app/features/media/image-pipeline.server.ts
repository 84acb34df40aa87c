import { availableParallelism } from 'node:os'
import type { Metadata, OutputInfo, Sharp } from 'sharp'
import { CREAM } from '#app/content/brand-colors.ts'
import { loadSharp } from './load-sharp.server.ts'
import type { MediaStore } from './media-store.server.ts'
import type { VariantFormat } from './media-types.ts'
import { createProcessingGate } from './processing-gate.ts'

/**
 * Decoding a large photo takes a core and a few hundred MB; two at a time
 * keeps a small server responsive. A few more may wait; beyond that, 503.
 * One gate for every upload endpoint (the owner's gallery, customers'
 * inspiration photos), as they share the server's cores.
 */
export const imageProcessingGate = createProcessingGate({ concurrency: 2, maxWaiting: 4 })

/**
 * About 40 megapixels: more than any phone camera makes, far less than a
 * decompression bomb claims. Checked from the header, before any decoding.
 */
export const MAX_INPUT_PIXELS = 40_000_000

/**
 * The widths the pages ask for; a narrower photo gets one variant at its own
 * width. 400 for grid tiles at 2× on phones and 1× on desktops, 600 for 3×
 * phones and 2× desktops (gallery-sizes.ts works out which), 800 and 1200 for
 * the larger view.
 */
export const VARIANT_WIDTHS = [400, 600, 800, 1200] as const
/**
 * However narrow the photo, no variant is taller than this: a 1 × 20000
 * strip would otherwise pass the pixel cap and break the encoders' limits.
 */
export const MAX_VARIANT_HEIGHT = 3600

/**
 * AVIF and WebP at every width; JPEG only at the largest. Every browser in use
 * picks AVIF or WebP from the <picture>'s sources; the JPEG is the record's
 * `src` (the API's and the link's plain file) and the last-resort fallback,
 * so smaller JPEGs would only be encoded and stored, never fetched.
 */
function formatsAt(width: number, largest: number): readonly VariantFormat[] {
  return width === largest ? ['avif', 'webp', 'jpeg'] : ['avif', 'webp']
}
const EXTENSIONS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' }
const CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
}

/** Transparent PNGs sit on the site's cream, not on JPEG's default black. */
const BACKGROUND = CREAM

export type RejectionReason = 'unsupported-format' | 'too-many-pixels' | 'unreadable'

/** The uploaded bytes are not an image we will store; nothing was written. */
export class ImageRejectedError extends Error {
  override name = 'ImageRejectedError'
  constructor(
    readonly reason: RejectionReason,
    message: string,
  ) {
    super(message)
  }
}

export interface RenderedVariant {
  format: VariantFormat
  width: number
  height: number
  /** Name inside the store's folder (the key is folder/fileName) */
  fileName: string
  bytes: number
}

export interface RenderedImage {
  /** Upright size of the largest variant */
  width: number
  height: number
  variants: RenderedVariant[]
  placeholder: string
  /** With `previewWidth`: a small WebP data: URL of the photo, about that wide. */
  preview?: string
  storedBytes: number
}

type SharpModule = Awaited<ReturnType<typeof loadSharp>>

/**
 * Decodes once, upright and at most as large as the largest variant; every
 * variant is then a cheap resize of these pixels.
 */
async function decodeUpright(
  sharp: SharpModule,
  input: string | Buffer,
  largestWanted: number,
): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      sequentialRead: true,
      failOn: 'warning',
    })
      .autoOrient()
      .resize({
        width: largestWanted,
        height: MAX_VARIANT_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: BACKGROUND })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
  } catch (error) {
    throw rejectionFor(error)
  }
}

/** Every variant encoded, a few at a time; any failure rejects the photo. */
async function encodeVariants(
  pixels: () => Sharp,
  { widths, name }: { widths: number[]; name: string },
): Promise<EncodedVariant[]> {
  const largest = Math.max(...widths)
  const jobs = widths.flatMap((width) =>
    formatsAt(width, largest).map((format) => async (): Promise<EncodedVariant> => {
      const fileName = `${name}-${width}w.${EXTENSIONS[format]}`
      const output = await encode(pixels().resize({ width }), format, width).toBuffer({
        resolveWithObject: true,
      })
      return { format, width, height: output.info.height, fileName, data: output.data }
    }),
  )
  const encoded = await settleAtMost(ENCODES_AT_ONCE, jobs)
  const failed = encoded.find((result) => result.status === 'rejected')
  if (failed) throw asRejection(failed.reason)
  return encoded.map((result) => (result as PromiseFulfilledResult<EncodedVariant>).value)
}

/** The 16-pixel placeholder, and the preview when one is asked for. */
async function encodeSmallViews(
  pixels: () => Sharp,
  previewWidth: number | undefined,
): Promise<{ placeholder: Buffer; preview: Buffer | undefined }> {
  let preview: Buffer | undefined
  try {
    const placeholder = await pixels()
      .resize(16, 16, { fit: 'inside' })
      .webp({ quality: 40 })
      .toBuffer()
    if (previewWidth !== undefined) {
      preview = await pixels()
        .resize({ width: previewWidth, withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer()
    }
    return { placeholder, preview }
  } catch (error) {
    throw asRejection(error)
  }
}

/** Every variant stored under `folder`; a failed write removes the ones stored. */
async function storeVariants(store: MediaStore, folder: string, outputs: EncodedVariant[]) {
  const stored: string[] = []
  // allSettled, not all: every write must have stopped before the clean-up
  // runs, or a late one would leave its object behind.
  const writes = await Promise.allSettled(
    outputs.map(async (output) => {
      const key = `${folder}/${output.fileName}`
      await store.put(key, output.data, CONTENT_TYPES[output.format])
      stored.push(key)
    }),
  )
  const failedWrite = writes.find((result) => result.status === 'rejected')
  if (failedWrite) {
    for (const key of stored) await store.delete(key).catch(() => undefined)
    throw asRejection(failedWrite.reason)
  }
}

/**
 * Turns uploaded bytes into the files we serve. The input is judged by its
 * decoded content alone: JPEG, PNG, WebP or AVIF within the pixel cap, read
 * to the end without error. It is turned upright by its EXIF orientation,
 * and every output is a fresh encode without any metadata, so a phone's GPS
 * position never leaves this function.
 *
 * Every variant is encoded before any is stored, each under its key
 * `{folder}/{name}-{width}w.{ext}`; a failure part-way removes what was
 * stored. Only a crash can leave objects behind (the local store's hidden
 * temporary files, or complete variants without a record), which the boot
 * sweep removes.
 */
export async function renderGalleryImage(
  input: string | Buffer,
  {
    store,
    folder,
    name,
    previewWidth,
    widths: wanted = VARIANT_WIDTHS,
  }: {
    store: MediaStore
    folder: string
    name: string
    /** Also make a small WebP data: URL this wide (never enlarged), from the same decoded pixels. */
    previewWidth?: number
    /** The variants' widths, ascending; the gallery's unless a page shows it otherwise (a hero, a logo). */
    widths?: readonly number[]
  },
): Promise<RenderedImage> {
  const sharp = await loadSharp()
  await checkImage(input)
  const { data, info } = await decodeUpright(sharp, input, Math.max(...wanted))
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const outputs = await encodeVariants(pixels, { widths: variantWidths(info.width, wanted), name })
  const { placeholder, preview } = await encodeSmallViews(pixels, previewWidth)
  await storeVariants(store, folder, outputs)
  const variants = outputs.map(({ data, ...variant }): RenderedVariant => ({
    ...variant,
    bytes: data.length,
  }))
  return {
    width: info.width,
    height: info.height,
    variants,
    placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
    ...(preview && { preview: `data:image/webp;base64,${preview.toString('base64')}` }),
    storedBytes: variants.reduce((sum, variant) => sum + variant.bytes, 0),
  }
}

interface EncodedVariant extends Omit<RenderedVariant, 'bytes'> {
  data: Buffer
}

/**
 * Encodes running at once for one photo. Each libvips pipeline here runs on
 * one thread (sharp's default on glibc), so as many as the server's cores
 * keep them busy; more would only hold more buffers at once, and libuv's
 * four threads would otherwise start four.
 */
const ENCODES_AT_ONCE = Math.max(1, Math.min(4, availableParallelism()))

/** Like Promise.allSettled over the jobs' results, with at most `limit` running at a time. */
async function settleAtMost<T>(
  limit: number,
  jobs: readonly (() => Promise<T>)[],
): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(jobs.length)
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++
      try {
        results[index] = { status: 'fulfilled', value: await jobs[index]!() }
      } catch (reason) {
        results[index] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker))
  return results
}

/** A failure of the store or the machine stays what it is; anything else is the image's fault. */
function asRejection(error: unknown): unknown {
  const cause = asDiskError(error)
  return isSystemError(cause) || isStoreError(cause) ? cause : rejectionFor(cause)
}

/** An S3-compatible store's refusal or outage: the service's fault, not the image's. */
function isStoreError(error: unknown): boolean {
  return error instanceof Error && '$metadata' in error
}

/** A failure of the machine (disk full, permissions), not of the image. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string'
}

/**
 * libvips reports a failed write in its message, without an error code;
 * give it the code Node would, so callers treat it as the disk's fault.
 */
function asDiskError(error: unknown): unknown {
  if (!(error instanceof Error) || isSystemError(error)) return error
  const code = /no space left/i.test(error.message)
    ? 'ENOSPC'
    : /quota exceeded/i.test(error.message)
      ? 'EDQUOT'
      : undefined
  return code ? Object.assign(error, { code }) : error
}

/** The variant widths for an upright image this wide: never enlarged. */
export function variantWidths(
  sourceWidth: number,
  wanted: readonly number[] = VARIANT_WIDTHS,
): number[] {
  const widths: number[] = wanted.filter((width) => width < sourceWidth)
  const largest = Math.min(sourceWidth, Math.max(...wanted))
  if (!widths.includes(largest)) widths.push(largest)
  return widths
}

/**
 * AVIF quality by variant width. A small variant is shown at nearly its own
 * size (a 400 px file in a 348 px desktop tile), so its flaws show; a large
 * one is scaled down further and hides them. Qualities are the lowest that
 * keep a photo's tile as close to the original as the old site's 1200 px
 * JPEG, by SSIM within 0.002, on phones and desktops at 1×–3×
 * (`npm run bench`, Image pipeline; decision 025).
 */
export const AVIF_QUALITY: Readonly<Record<(typeof VARIANT_WIDTHS)[number], number>> = {
  400: 88,
  600: 78,
  800: 74,
  1200: 70,
}

/** The quality for a variant this wide: the next listed width's, or the largest's. */
function avifQuality(width: number): number {
  const listed = VARIANT_WIDTHS.find((candidate) => width <= candidate)
  return AVIF_QUALITY[listed ?? VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!]
}

function encode(image: Sharp, format: VariantFormat, width: number): Sharp {
  switch (format) {
    case 'avif':
      // 4:2:0 chroma, as JPEG: the eye sees detail in brightness, not in
      // colour, and the bytes go to brightness instead. Effort 1 costs 40%
      // less CPU than 2 for files a few percent larger.
      return image.avif({ quality: avifQuality(width), effort: 1, chromaSubsampling: '4:2:0' })
    case 'webp':
      return image.webp({ quality: 85, effort: 2 })
    case 'jpeg':
      // Only the fallback and the plain link: libjpeg-turbo's own encoder,
      // a tenth of mozjpeg's time for a file a quarter larger.
      return image.jpeg({ quality: 80 })
  }
}

/** Refuses anything but JPEG, PNG, WebP and AVIF, and bombs, from the header alone. */
async function checkImage(input: string | Buffer): Promise<void> {
  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch (error) {
    throw rejectionFor(error)
  }
  const accepted =
    metadata.format === 'jpeg' ||
    metadata.format === 'png' ||
    metadata.format === 'webp' ||
    (metadata.format === 'heif' && metadata.compression === 'av1')
  if (!accepted) {
    throw new ImageRejectedError(
      'unsupported-format',
      `Only JPEG, PNG, WebP and AVIF images are accepted (this is ${metadata.format ?? 'unknown'}).`,
    )
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError(
      'too-many-pixels',
      `The image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    )
  }
}

function rejectionFor(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error)
  if (/unsupported image format/i.test(message)) {
    return new ImageRejectedError('unsupported-format', 'The file is not an image we can read.')
  }
  if (/pixel limit/i.test(message)) {
    return new ImageRejectedError(
      'too-many-pixels',
      `The image is larger than ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
    )
  }
  return new ImageRejectedError('unreadable', 'The image is damaged or incomplete.')
}
