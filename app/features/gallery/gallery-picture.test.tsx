import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import type { GalleryImage, GalleryVariant, VariantFormat } from './gallery-image.ts'
import { GalleryPicture } from './gallery-picture.tsx'
import { GRID_SIZES, coverSizes, pickCandidate, slotWidth } from './gallery-sizes.ts'

const EXTENSIONS = { avif: 'avif', webp: 'webp', jpeg: 'jpg' } as const

function imageWith(variants: [VariantFormat, number][]): GalleryImage {
  const list: GalleryVariant[] = variants.map(([format, width]) => ({
    format,
    width,
    height: (width * 3) / 4,
    src: `/media/gallery/1_cake-${width}w.${EXTENSIONS[format]}`,
    bytes: 1000,
  }))
  return {
    id: 1,
    src: '/media/gallery/1_cake-1200w.jpg',
    tags: ['cake'],
    uploadedAt: '2026-11-23T10:00:00.000Z',
    fileName: '1_cake',
    originalSize: 1,
    compressedSize: 1,
    compressionRatio: '0.0',
    width: 1200,
    height: 900,
    variants: list,
    placeholder: 'data:image/webp;base64,AAAA',
    alt: 'A round cake',
    altText: 'A round cake',
    caption: null,
    version: 1,
  }
}

const attribute = (html: string, element: string, name: string) =>
  new RegExp(`<${element}[^>]*?\\s${name}="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&')

test('a new photo offers AVIF and WebP at every width, and its one JPEG as the fallback', () => {
  const widths = [400, 600, 800, 1200]
  const image = imageWith([
    ...widths.flatMap((width): [VariantFormat, number][] => [
      ['avif', width],
      ['webp', width],
    ]),
    ['jpeg', 1200],
  ])
  const sizes = coverSizes(GRID_SIZES, image.width, image.height)
  const html = renderToStaticMarkup(<GalleryPicture image={image} alt="A cake" sizes={sizes} />)

  expect(html).toContain(
    'srcSet="/media/gallery/1_cake-400w.avif 400w, /media/gallery/1_cake-600w.avif 600w, ' +
      '/media/gallery/1_cake-800w.avif 800w, /media/gallery/1_cake-1200w.avif 1200w"',
  )
  expect(html).toContain('type="image/webp" srcSet="/media/gallery/1_cake-400w.webp 400w')
  expect(attribute(html, 'img', 'src')).toBe('/media/gallery/1_cake-1200w.jpg')
  expect(attribute(html, 'img', 'srcSet')).toBe('/media/gallery/1_cake-1200w.jpg 1200w')
  expect(attribute(html, 'source', 'sizes')).toBe(sizes)
})

test('a photo stored before keeps its JPEGs at every width', () => {
  const image = imageWith(
    [400, 800, 1200].flatMap((width): [VariantFormat, number][] => [
      ['avif', width],
      ['webp', width],
      ['jpeg', width],
    ]),
  )
  const html = renderToStaticMarkup(<GalleryPicture image={image} alt="" sizes={GRID_SIZES} />)
  expect(attribute(html, 'img', 'srcSet')).toBe(
    '/media/gallery/1_cake-400w.jpg 400w, /media/gallery/1_cake-800w.jpg 800w, ' +
      '/media/gallery/1_cake-1200w.jpg 1200w',
  )
  expect(attribute(html, 'img', 'src')).toBe('/media/gallery/1_cake-800w.jpg')
})

test('a landscape photo covering a square tile asks for its drawn width, a portrait for the tile', () => {
  const landscape = coverSizes(GRID_SIZES, 1200, 900)
  expect(slotWidth(landscape, 375)).toBeCloseTo(((375 - 44) / 2) * 1.333)
  expect(slotWidth(landscape, 1280)).toBeCloseTo(261 * 1.333)
  expect(coverSizes(GRID_SIZES, 900, 1200)).toBe(GRID_SIZES)
  const widths = [400, 600, 800, 1200]
  // 4:3 in a 166 px tile is drawn 221 px wide: 441 device px on a 2× phone
  expect(pickCandidate(widths, slotWidth(landscape, 375), 2)).toBe(600)
  expect(pickCandidate(widths, slotWidth(landscape, 375), 3)).toBe(800)
  expect(pickCandidate(widths, slotWidth(landscape, 1280), 1)).toBe(400)
  expect(pickCandidate(widths, slotWidth(landscape, 1280), 2)).toBe(800)
})

test('the page’s main photo is fetched first and painted with the first frame; its neighbours wait for it', () => {
  const image = imageWith([
    ['avif', 400],
    ['jpeg', 1200],
  ])
  const render = (priority?: 'high' | 'low') =>
    renderToStaticMarkup(
      <GalleryPicture image={image} alt="" sizes={GRID_SIZES} eager priority={priority} />,
    )

  const main = render('high')
  expect(attribute(main, 'img', 'fetchPriority')).toBe('high')
  expect(attribute(main, 'img', 'decoding')).toBe('sync')

  const beside = render('low')
  expect(attribute(beside, 'img', 'fetchPriority')).toBe('low')
  expect(attribute(beside, 'img', 'decoding')).toBe('async')
  expect(attribute(beside, 'img', 'loading')).toBe('eager')

  // A thumbnail in a dialog leaves it to the browser.
  expect(attribute(render(), 'img', 'fetchPriority')).toBeUndefined()
})
