import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { photoJpeg, pngBomb } from '#tests/support/images.ts'
import { makeTempDir } from '#tests/support/temp-dir.ts'
import {
  ImageRejectedError,
  MAX_VARIANT_HEIGHT,
  renderGalleryImage,
  variantWidths,
} from './image-pipeline.server.ts'
import { createLocalMediaStore } from './local-media-store.server.ts'

/** Renders into a fresh local store; its gallery folder is outputDir. */
async function render(input: string | Buffer) {
  const dataDir = await makeTempDir()
  const store = createLocalMediaStore(dataDir)
  const rendered = await renderGalleryImage(input, {
    store,
    folder: 'gallery',
    name: '1700000000000_cake',
  })
  return { outputDir: path.join(dataDir, 'media', 'gallery'), rendered }
}

async function expectRejected(input: Buffer, reason: ImageRejectedError['reason']) {
  const outputDir = await makeTempDir()
  const store = createLocalMediaStore(outputDir)
  const error = await renderGalleryImage(input, { store, folder: 'gallery', name: 'x' }).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImageRejectedError)
  expect((error as ImageRejectedError).reason).toBe(reason)
  expect(await readdir(outputDir)).toEqual([])
}

test('a phone photo with GPS and orientation 6 comes out upright, with no metadata at all', async () => {
  // Stored sideways as cameras do: 300 wide, the left half red. Orientation 6
  // says "turn 90° clockwise to view", which puts the red half on top.
  const redHalf = await sharp({
    create: { width: 150, height: 200, channels: 3, background: '#d00000' },
  })
    .png()
    .toBuffer()
  const photo = await sharp({
    create: { width: 300, height: 200, channels: 3, background: '#0000d0' },
  })
    .composite([{ input: redHalf, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: 'HOME-ADDRESS-MARKER' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 39/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 23/1 0/1',
      },
    })
    .toBuffer()
  const input = await sharp(photo).metadata()
  expect(input.orientation).toBe(6)
  expect(photo.includes('HOME-ADDRESS-MARKER')).toBe(true)

  const { outputDir, rendered } = await render(photo)

  expect([rendered.width, rendered.height]).toEqual([200, 300])
  expect(rendered.variants).toHaveLength(3)
  for (const variant of rendered.variants) {
    const file = await readFile(path.join(outputDir, variant.fileName))
    const metadata = await sharp(file).metadata()
    expect([metadata.width, metadata.height]).toEqual([200, 300])
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    expect(metadata.iptc).toBeUndefined()
    expect(metadata.orientation ?? 1).toBe(1)
    expect(file.includes('HOME-ADDRESS-MARKER')).toBe(false)

    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number): [number, number, number] => {
      const at = (y * info.width + x) * info.channels
      return [data[at]!, data[at + 1]!, data[at + 2]!]
    }
    const [topRed, , topBlue] = pixel(100, 60)
    const [bottomRed, , bottomBlue] = pixel(100, 240)
    expect(topRed).toBeGreaterThan(topBlue + 100)
    expect(bottomBlue).toBeGreaterThan(bottomRed + 100)
  }
})

test('a wide photo becomes AVIF and WebP 400, 600, 800 and 1200 px wide, and one 1200 px JPEG', async () => {
  const { outputDir, rendered } = await render(await photoJpeg({ width: 1600, height: 1200 }))

  expect([rendered.width, rendered.height]).toEqual([1200, 900])
  const summary = rendered.variants.map((v) => `${v.format} ${v.width}x${v.height}`).sort()
  expect(summary).toEqual([
    'avif 1200x900',
    'avif 400x300',
    'avif 600x450',
    'avif 800x600',
    'jpeg 1200x900',
    'webp 1200x900',
    'webp 400x300',
    'webp 600x450',
    'webp 800x600',
  ])
  const files = (await readdir(outputDir)).sort()
  expect(files).toEqual(rendered.variants.map((v) => v.fileName).sort())
  expect(files).toContain('1700000000000_cake-800w.webp')
  for (const variant of rendered.variants) {
    const metadata = await sharp(path.join(outputDir, variant.fileName)).metadata()
    expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : variant.format)
  }
  expect(rendered.storedBytes).toBe(rendered.variants.reduce((sum, v) => sum + v.bytes, 0))
  expect(rendered.placeholder).toMatch(/^data:image\/webp;base64,/)
  expect(rendered.placeholder.length).toBeLessThan(600)
})

test('a narrow image is never enlarged', async () => {
  const narrow = await sharp({
    create: { width: 320, height: 480, channels: 4, background: '#f4c7c300' },
  })
    .png()
    .toBuffer()
  const { rendered } = await render(narrow)

  expect([rendered.width, rendered.height]).toEqual([320, 480])
  expect(new Set(rendered.variants.map((v) => v.width))).toEqual(new Set([320]))
  expect(variantWidths(320)).toEqual([320])
  expect(variantWidths(1000)).toEqual([400, 600, 800, 1000])
  expect(variantWidths(5000)).toEqual([400, 600, 800, 1200])
})

test('a 30000 × 30000 PNG bomb is refused from its header, before any decoding', async () => {
  const bomb = pngBomb(30_000, 30_000)
  expect(bomb.length).toBeLessThan(200_000)
  const before = process.memoryUsage().rss

  await expectRejected(bomb, 'too-many-pixels')

  // Decoding it would need 900 MB or more; refusing it needs next to nothing.
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024)
})

test('a truncated JPEG is refused and leaves no file behind', async () => {
  const photo = await photoJpeg({ width: 1000, height: 800 })
  await expectRejected(photo.subarray(0, Math.floor(photo.length * 0.6)), 'unreadable')
})

test('an SVG with a script in it is refused', async () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">' +
      '<script>alert(document.cookie)</script><rect width="400" height="300" fill="pink"/></svg>',
  )
  await expectRejected(svg, 'unsupported-format')
})

test('an HTML page named like a photo is refused', async () => {
  const outputDir = await makeTempDir()
  const disguised = path.join(outputDir, 'cake.jpg')
  await writeFile(disguised, '<!doctype html><script>alert(1)</script>')
  const store = createLocalMediaStore(outputDir)
  const error = await renderGalleryImage(disguised, { store, folder: 'gallery', name: 'x' }).catch(
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImageRejectedError)
  expect(await readdir(outputDir)).toEqual(['cake.jpg'])
})

test('a GIF is refused even though it is an image', async () => {
  const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
    .gif()
    .toBuffer()
  await expectRejected(gif, 'unsupported-format')
})

test('bytes appended after a JPEG never reach a stored file', async () => {
  const payload = Buffer.from('PK\u0003\u0004<script>alert("smuggled")</script>')
  const photo = Buffer.concat([await photoJpeg({ width: 600, height: 400 }), payload])

  const { outputDir, rendered } = await render(photo)

  for (const variant of rendered.variants) {
    const file = await readFile(path.join(outputDir, variant.fileName))
    expect(file.includes('smuggled')).toBe(false)
    expect(file.includes('PK\u0003\u0004')).toBe(false)
  }
})

test('a very tall strip within the pixel cap is stored no taller than the variants allow', async () => {
  for (const [width, height] of [
    [1000, 20_000],
    [1, 5000],
  ] as const) {
    const strip = await sharp({
      create: { width, height, channels: 3, background: '#f5d98b' },
    })
      .png()
      .toBuffer()
    const { outputDir, rendered } = await render(strip)
    expect(rendered.height).toBeLessThanOrEqual(MAX_VARIANT_HEIGHT)
    expect(rendered.width).toBeLessThanOrEqual(width)
    expect((await readdir(outputDir)).sort()).toEqual(
      rendered.variants.map((v) => v.fileName).sort(),
    )
  }
})
