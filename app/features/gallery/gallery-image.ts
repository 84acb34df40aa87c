import type { VariantFormat } from '#app/features/media/media-types.ts'

/**
 * A gallery photo as the API and the pages see it: the spec's record
 * (id, src, tags, uploadedAt, fileName, originalSize, compressedSize,
 * compressionRatio) plus its upright size and the re-encoded variants.
 */
export interface GalleryImage {
  id: number
  /** The largest JPEG variant: the one every browser can show. */
  src: string
  tags: string[]
  /** ISO timestamp */
  uploadedAt: string
  /** '{timestamp}_{safeName}', the stored name every variant starts with. */
  fileName: string
  originalSize: number
  compressedSize: number
  /** Percent saved by the browser's compression, one decimal, e.g. '72.4'. */
  compressionRatio: string
  width: number
  height: number
  variants: GalleryVariant[]
  /** A tiny blurred image (data: URL) to show while the real one loads. */
  placeholder: string
  /**
   * What the pages give screen readers: the owner's alt text, else her
   * caption, else a sentence made from the tags (photos from before 052).
   */
  alt: string
  /** The owner's own alt text; null for photos added before she could write one. */
  altText: string | null
  /** Her line under the photo in the larger view, if any. */
  caption: string | null
  /** Goes up with every edit; an edit must name the version it started from. */
  version: number
}

export interface GalleryPage {
  /** The photos to show: those with any selected tag (all if none), newest first, up to the limit. */
  images: GalleryImage[]
  /** How many photos have a selected tag; more than images.length means there is more to show. */
  matching: number
  /** How many photos the gallery holds in all. */
  total: number
  /** Every tag in use, in filter order. */
  tags: string[]
}

// The record's variants are the media pipeline's encodings; named here too, as the pages read them.
export type { VariantFormat }

export interface GalleryVariant {
  format: VariantFormat
  width: number
  height: number
  src: string
  bytes: number
}

/** The variants of one format, smallest first. */
function variantsOf(image: GalleryImage, format: VariantFormat): GalleryVariant[] {
  return image.variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
}

/** '800w'-style candidates of one format, smallest first, for a srcset attribute. */
export function srcSetFor(image: GalleryImage, format: VariantFormat): string {
  return variantsOf(image, format)
    .map((variant) => `${variant.src} ${variant.width}w`)
    .join(', ')
}

/** The variant of a format closest to (and at least) a width, else the largest. */
export function variantFor(
  image: GalleryImage,
  format: VariantFormat,
  minWidth: number,
): GalleryVariant | undefined {
  const candidates = variantsOf(image, format)
  return candidates.find((variant) => variant.width >= minWidth) ?? candidates.at(-1)
}

/** The percent the browser's compression saved, with one decimal, as the spec's records keep it. */
export function compressionRatio(originalSize: number, compressedSize: number): string {
  if (originalSize <= 0) return '0.0'
  const saved = (1 - compressedSize / originalSize) * 100
  return Math.max(0, saved).toFixed(1)
}
