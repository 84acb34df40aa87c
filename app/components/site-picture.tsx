import { preload } from 'react-dom'
import { BUILT_IN_PICTURES, bakeryMarkSvg } from '#app/content/built-in-pictures.ts'
import type {
  PictureSlot,
  PictureVariant,
  SitePicture as Picture,
} from '#app/content/site-words.ts'
import { useSiteWords } from './use-site-words.ts'

function srcSetOf(variants: readonly PictureVariant[], format: PictureVariant['format']): string {
  return variants
    .filter((variant) => variant.format === format)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.src} ${variant.width}w`)
    .join(', ')
}

/**
 * One of her pictures (hero, About, logo): her upload as AVIF, else WebP,
 * else JPEG at the widths `sizes` asks for, or the built-in picture while she
 * has none (the demo's, or her bakery's mark: content/built-in-pictures.ts). `width` and `height` reserve its box before it loads, so nothing
 * below it moves. `priority` is the page's largest paint: asked for from
 * the head and fetched first.
 */
export function SitePicture({
  slot,
  picture,
  alt = picture.alt,
  sizes,
  className,
  priority = false,
  lazy = false,
  height,
}: {
  slot: PictureSlot
  picture: Picture
  /** What it says to a screen reader; her description unless the page says otherwise. */
  alt?: string
  sizes: string
  className?: string
  priority?: boolean
  lazy?: boolean
  /** Draw it this many CSS pixels high (the logo): the width follows its shape. */
  height?: number
}) {
  const { pictures, identity } = useSiteWords()
  const upload = picture.upload
  const builtIn = BUILT_IN_PICTURES[pictures.builtIn][slot]
  if (!upload && !builtIn) {
    return (
      <span
        className={`${className ?? ''} block aspect-square`}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        // Drawn from her bakery's name, escaped by bakeryMarkSvg.
        dangerouslySetInnerHTML={{ __html: bakeryMarkSvg(identity.name, '100%') }}
      />
    )
  }
  const shape = upload ?? builtIn!
  const box = height
    ? { width: Math.round((height * shape.width) / shape.height), height }
    : { width: shape.width, height: shape.height }
  const common = {
    ...box,
    className,
    loading: lazy ? ('lazy' as const) : undefined,
    fetchPriority: priority ? ('high' as const) : undefined,
  }
  if (!upload) return <img src={builtIn!.src} alt={alt} {...common} />

  const avif = srcSetOf(upload.variants, 'avif')
  const jpeg = upload.variants.find((variant) => variant.format === 'jpeg') ?? upload.variants[0]!
  if (priority) {
    // The same file the <picture> picks, asked for alongside the fonts and scripts.
    preload(jpeg.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: 'high',
    })
  }
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={srcSetOf(upload.variants, 'webp')} sizes={sizes} />
      <img
        src={jpeg.src}
        srcSet={srcSetOf(upload.variants, 'jpeg')}
        sizes={sizes}
        alt={alt}
        {...common}
      />
    </picture>
  )
}
