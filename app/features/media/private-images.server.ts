import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { renderGalleryImage } from './image-pipeline.server.ts'
import type { MediaStore, StoredObject } from './media-store.server.ts'
import type { VariantFormat } from './media-types.ts'

/**
 * What every kind of private image (a customer's inspiration photos, a design
 * proof's images) does the same way: rendered into a folder /media never
 * serves, under a key of 128 random bits, one variant picked by width and the
 * browser's Accept header, and served with headers no cache keeps. Who may
 * see which image stays with each feature.
 */

/** One stored encoding of a private image. */
export interface PrivateVariant {
  format: VariantFormat
  width: number
  height: number
  /** The object's key in the media store: `{folder}/{image key}-{w}w.{ext}`. */
  key: string
  bytes: number
}

/** An image through the pipeline and in the store, not yet recorded. */
export interface RenderedPrivateImage {
  key: string
  /** Upright size of the largest variant. */
  width: number
  height: number
  variants: PrivateVariant[]
  storedBytes: number
  /** A small WebP data: URL, about `previewWidth` wide. */
  preview: string
}

/**
 * A fresh, unguessable image key: 128 random bits in base64url. It is the
 * image's only name, in its objects' keys and its URLs alike, so knowing one
 * image's key says nothing about another's.
 */
export function newPrivateImageKey(): string {
  return randomBytes(16).toString('base64url')
}

/**
 * Runs one uploaded image through the media pipeline (checked by content,
 * turned upright, every trace of EXIF and GPS gone, resized) into the private
 * `folder`, under a new key. Its objects exist before any record of them: the
 * caller records the image, and removes the variants when that fails.
 * Throws ImageRejectedError for input the pipeline refuses.
 */
export async function renderPrivateImage(
  store: MediaStore,
  input: string | Buffer,
  { folder, previewWidth }: { folder: string; previewWidth: number },
): Promise<RenderedPrivateImage> {
  const key = newPrivateImageKey()
  const rendered = await renderGalleryImage(input, { store, folder, name: key, previewWidth })
  return {
    key,
    width: rendered.width,
    height: rendered.height,
    variants: rendered.variants.map(({ fileName, ...variant }) => ({
      ...variant,
      key: `${folder}/${fileName}`,
    })),
    storedBytes: rendered.storedBytes,
    preview: rendered.preview ?? rendered.placeholder,
  }
}

/** Removes an image's objects, one at a time; one that will not go is logged, not thrown. */
export async function removeVariants(
  store: MediaStore,
  variants: readonly PrivateVariant[],
): Promise<void> {
  for (const variant of variants) {
    await store
      .delete(variant.key)
      .catch((error: unknown) => console.error(`media: could not remove ${variant.key}`, error))
  }
}

/**
 * The variant to serve: in the first of `formats` the image has (else JPEG),
 * the narrowest at least `width` wide, or the largest without a width.
 */
export function pickVariant(
  variants: readonly PrivateVariant[],
  { width, formats }: { width?: number; formats: readonly VariantFormat[] },
): PrivateVariant | undefined {
  const format = formats.find((wanted) => variants.some((variant) => variant.format === wanted))
  const candidates = variants
    .filter((variant) => variant.format === (format ?? 'jpeg'))
    .sort((a, b) => a.width - b.width)
  if (width === undefined) return candidates.at(-1)
  return candidates.find((variant) => variant.width >= width) ?? candidates.at(-1)
}

/** The encodings a browser says it takes, best first; JPEG is always last. */
export function acceptedFormats(accept: string | null): VariantFormat[] {
  const formats: VariantFormat[] = []
  if (accept?.includes('image/avif')) formats.push('avif')
  if (accept?.includes('image/webp')) formats.push('webp')
  return [...formats, 'jpeg']
}

/** The width a request's `?w=` asks for, when it is a whole number above 0. */
export function requestedWidth(request: Request): number | undefined {
  const wanted = Number(new URL(request.url).searchParams.get('w'))
  return Number.isInteger(wanted) && wanted > 0 ? wanted : undefined
}

/** Headers every private image is served with. */
export const PRIVATE_IMAGE_HEADERS = {
  // It may show a customer's home or family, or a design not yet hers: no cache keeps it.
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
  // Its URL is its secret: a link followed from a page showing it must not carry it.
  'Referrer-Policy': 'no-referrer',
} as const

/** A stored image as a Response with the private headers; a HEAD gets the headers alone. */
export function privateImageResponse(object: StoredObject, method = 'GET'): Response {
  const headers = new Headers({
    ...PRIVATE_IMAGE_HEADERS,
    'Content-Type': object.contentType,
    // The encoding follows the Accept header.
    Vary: 'Accept',
  })
  if (object.contentLength !== undefined) {
    headers.set('Content-Length', String(object.contentLength))
  }
  if (method === 'HEAD') {
    object.body.destroy()
    return new Response(null, { status: 200, headers })
  }
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers,
  })
}

/** The same answer for an image that does not exist and one this visitor may not see. */
export function privateImageNotFound(): Response {
  return new Response('Not found', {
    status: 404,
    headers: { ...PRIVATE_IMAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
