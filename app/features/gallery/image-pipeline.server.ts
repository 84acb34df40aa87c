import { randomBytes } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { CREAM } from '#app/content/brand-colors.ts'
import type { VariantFormat } from './gallery-image.ts'

/**
 * About 40 megapixels: more than any phone camera makes, far less than a
 * decompression bomb claims. Checked from the header, before any decoding.
 */
export const MAX_INPUT_PIXELS = 40_000_000

/** The widths the pages ask for; a narrower photo gets one variant at its own width. */
export const VARIANT_WIDTHS = [400, 800, 1200] as const
/**
 * However narrow the photo, no variant is taller than this: a 1 × 20000
 * strip would otherwise pass the pixel cap and break the encoders' limits.
 */
export const MAX_VARIANT_HEIGHT = 3600

const FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpeg']
const EXTENSIONS: Record<VariantFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' }

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
  /** File name inside the output folder */
  fileName: string
  bytes: number
}

export interface RenderedImage {
  /** Upright size of the largest variant */
  width: number
  height: number
  variants: RenderedVariant[]
  placeholder: string
  storedBytes: number
}

/**
 * Turns uploaded bytes into the files we serve. The input is judged by its
 * decoded content alone: JPEG, PNG, WebP or AVIF within the pixel cap, read
 * to the end without error. It is turned upright by its EXIF orientation,
 * and every output is a fresh encode without any metadata, so a phone's GPS
 * position never leaves this function.
 *
 * Files appear under their final names only when all of them were written
 * (each is written to a hidden temporary name, then renamed); a failure
 * part-way removes what was written. Only a crash can leave hidden files,
 * which the boot sweep removes.
 */
export async function renderGalleryImage(
  input: string | Buffer,
  { outputDir, name }: { outputDir: string; name: string },
): Promise<RenderedImage> {
  await checkImage(input)

  // Decode once, upright and at most as large as the largest variant; every
  // variant is then a cheap resize of these pixels.
  let upright: { data: Buffer; info: OutputInfo }
  try {
    upright = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      sequentialRead: true,
      failOn: 'warning',
    })
      .autoOrient()
      .resize({
        width: Math.max(...VARIANT_WIDTHS),
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

  const { data, info } = upright
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
  const widths = variantWidths(info.width)
  const token = randomBytes(4).toString('hex')
  const written: { temp: string; final: string }[] = []

  const removeWritten = () =>
    Promise.all(
      written.flatMap((file) => [rm(file.temp, { force: true }), rm(file.final, { force: true })]),
    )
  // allSettled, not all: every encode must have stopped writing before the
  // clean-up runs, or a late one would leave its file behind.
  const encoded = await Promise.allSettled(
    widths.flatMap((width) =>
      FORMATS.map(async (format): Promise<RenderedVariant> => {
        const fileName = `${name}-${width}w.${EXTENSIONS[format]}`
        const temp = path.join(outputDir, `.${fileName}.${token}.part`)
        written.push({ temp, final: path.join(outputDir, fileName) })
        const output = await encode(pixels().resize({ width }), format).toFile(temp)
        return { format, width, height: output.height, fileName, bytes: output.size }
      }),
    ),
  )
  try {
    const failed = encoded.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const variants = encoded.map(
      (result) => (result as PromiseFulfilledResult<RenderedVariant>).value,
    )
    const placeholder = await pixels()
      .resize(16, 16, { fit: 'inside' })
      .webp({ quality: 40 })
      .toBuffer()

    for (const file of written) await rename(file.temp, file.final)
    return {
      width: info.width,
      height: info.height,
      variants,
      placeholder: `data:image/webp;base64,${placeholder.toString('base64')}`,
      storedBytes: variants.reduce((sum, variant) => sum + variant.bytes, 0),
    }
  } catch (error) {
    await removeWritten()
    const cause = asDiskError(error)
    throw isSystemError(cause) ? cause : rejectionFor(cause)
  }
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
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((width) => width < sourceWidth)
  const largest = Math.min(sourceWidth, Math.max(...VARIANT_WIDTHS))
  if (!widths.includes(largest)) widths.push(largest)
  return widths
}

function encode(image: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      // Effort 2 keeps a 12-megapixel photo within a couple of seconds on a
      // small server (npm run bench measures it).
      return image.avif({ quality: 55, effort: 2 })
    case 'webp':
      return image.webp({ quality: 78 })
    case 'jpeg':
      return image.jpeg({ quality: 80, mozjpeg: true })
  }
}

/** Refuses anything but JPEG, PNG, WebP and AVIF, and bombs, from the header alone. */
async function checkImage(input: string | Buffer): Promise<void> {
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
