import { type GalleryImage, srcSetFor, variantFor } from './gallery-image.ts'

/**
 * A gallery image in the formats the browser knows best: AVIF, else WebP,
 * else JPEG, each at the widths the layout needs. `width` and `height`
 * reserve its box before it loads; the tiny placeholder fills that box.
 */
export function GalleryPicture({
  image,
  alt,
  sizes,
  eager = false,
  priority,
  className,
}: {
  image: GalleryImage
  alt: string
  sizes: string
  /** Load at once rather than when it nears the screen. */
  eager?: boolean
  /**
   * `high` for the page's main image, fetched before everything else and
   * painted with the first frame; `low` for the photos beside it, which would
   * otherwise share the connection with it. Unset: the browser decides.
   */
  priority?: 'high' | 'low'
  className?: string
}) {
  const fallback = variantFor(image, 'jpeg', 800)
  return (
    <picture>
      <source type="image/avif" srcSet={srcSetFor(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetFor(image, 'webp')} sizes={sizes} />
      <img
        src={fallback?.src ?? image.src}
        srcSet={srcSetFor(image, 'jpeg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={priority}
        // The main image paints with the page's first frame; the rest decode
        // off the main thread whenever they arrive.
        decoding={priority === 'high' ? 'sync' : 'async'}
        className={className}
        style={{ backgroundImage: `url("${image.placeholder}")` }}
      />
    </picture>
  )
}
