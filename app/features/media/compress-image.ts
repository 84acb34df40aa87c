import { CREAM } from '#app/content/brand-colors.ts'

/** The spec's browser compression: at most 1200 px wide, JPEG at quality 0.7. */
const COMPRESSED_MAX_WIDTH = 1200
const COMPRESSED_QUALITY = 0.7

/** The photo could not be shrunk; the message is the spec's, to show as it is. */
export class CompressionFailedError extends Error {
  override name = 'CompressionFailedError'
}

/** The size to draw at: scaled down proportionally to fit the width, never enlarged. */
export function fitWidth(
  width: number,
  height: number,
  maxWidth = COMPRESSED_MAX_WIDTH,
): { width: number; height: number } {
  if (width <= maxWidth) return { width, height }
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) }
}

/**
 * Shrinks a photo in the browser before it is sent, so a phone on a slow
 * connection uploads a few hundred KB instead of several MB. The browser
 * applies the photo's EXIF orientation while decoding; the server re-encodes
 * whatever arrives anyway. Fails with the spec's messages.
 */
export async function compressImage(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw new CompressionFailedError('Failed to load image')
  }
  try {
    const { width, height } = fitWidth(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    // JPEG has no transparency: see-through pixels become the site's cream, not black.
    context.fillStyle = CREAM
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0, width, height)
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', COMPRESSED_QUALITY),
    )
    if (!blob) throw new Error('no blob')
    return blob
  } catch {
    throw new CompressionFailedError('Failed to compress image')
  } finally {
    bitmap.close()
  }
}
