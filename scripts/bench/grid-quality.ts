/**
 * What a gallery tile costs and how good it looks, against what the
 * original site served: the photo shrunk in the browser to at most 1200 px
 * wide, JPEG quality 0.7, shown at every size.
 *
 * For each screen, the browser's pick from the grid's `sizes` and srcset is
 * worked out, and every image is compared with the original the way the
 * tile shows it: scaled to cover a square tile at the screen's pixel
 * ratio and cropped to it (object-fit: cover), then SSIM on luma.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { VariantFormat } from '#app/features/gallery/gallery-image.ts'
import {
  GRID_SIZES,
  coverSizes,
  pickCandidate,
  slotWidth,
} from '#app/features/gallery/gallery-sizes.ts'
import { luma, ssim } from './ssim.ts'

export interface GridScreen {
  name: string
  viewportWidth: number
  pixelRatio: number
}

export const GRID_SCREENS: readonly GridScreen[] = [
  { name: 'Phone 375 px, 2×', viewportWidth: 375, pixelRatio: 2 },
  { name: 'Phone 375 px, 3×', viewportWidth: 375, pixelRatio: 3 },
  { name: 'Desktop 1280 px, 1×', viewportWidth: 1280, pixelRatio: 1 },
  { name: 'Desktop 1280 px, 2×', viewportWidth: 1280, pixelRatio: 2 },
]

/** What the original site stored and served for every photo. */
export const OLD_SITE = { maxWidth: 1200, jpegQuality: 70 } as const

export interface StoredVariant {
  format: VariantFormat
  width: number
  height: number
  fileName: string
  bytes: number
}

export interface TileFigures {
  bytes: number
  ssim: number
}

export interface GridQualityRow {
  screen: GridScreen
  /** The tile's width in CSS px, as the grid lays it out */
  tileCssWidth: number
  /** The tile's side in device pixels: what is actually on screen */
  tileDevicePixels: number
  /** The srcset width the browser picks */
  pickedWidth: number
  avif: TileFigures
  webp: TileFigures
  oldSite: TileFigures
}

/** The original site's file for this photo: at most 1200 px wide, JPEG q70 (libjpeg's tables, 4:2:0). */
export async function oldSiteJpeg(original: string): Promise<Buffer> {
  return sharp(original)
    .autoOrient()
    .resize({ width: OLD_SITE.maxWidth, withoutEnlargement: true })
    .jpeg({ quality: OLD_SITE.jpegQuality })
    .toBuffer()
}

/** Luma of an image as a square tile of `side` device px shows it (cover, centred). */
async function asTile(image: string | Buffer, side: number): Promise<Uint8Array> {
  const { width = 0, height = 0 } = await sharp(image).autoOrient().metadata()
  const scale = side / Math.min(width, height)
  const drawnWidth = Math.max(side, Math.round(width * scale))
  const drawnHeight = Math.max(side, Math.round(height * scale))
  const { data, info } = await sharp(image)
    .autoOrient()
    .resize(drawnWidth, drawnHeight, { fit: 'fill' })
    .extract({
      left: Math.floor((drawnWidth - side) / 2),
      top: Math.floor((drawnHeight - side) / 2),
      width: side,
      height: side,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return luma(data, info.channels)
}

export async function measureGridQuality(
  original: string,
  variantsDir: string,
  variants: readonly StoredVariant[],
  sizes: string = GRID_SIZES,
): Promise<GridQualityRow[]> {
  const oldSite = await oldSiteJpeg(original)
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a))
  // What the page's markup gives this photo (gallery-view.tsx)
  const imageSizes = coverSizes(sizes, largest.width, largest.height)
  const rows: GridQualityRow[] = []
  for (const screen of GRID_SCREENS) {
    const tileCssWidth = slotWidth(sizes, screen.viewportWidth)
    const tileDevicePixels = Math.round(tileCssWidth * screen.pixelRatio)
    const reference = await asTile(original, tileDevicePixels)
    const figures = async (image: Buffer): Promise<TileFigures> => ({
      bytes: image.length,
      ssim: ssim(
        reference,
        await asTile(image, tileDevicePixels),
        tileDevicePixels,
        tileDevicePixels,
      ),
    })
    const picked = async (format: VariantFormat) => {
      const ofFormat = variants.filter((variant) => variant.format === format)
      const width = pickCandidate(
        ofFormat.map((variant) => variant.width),
        slotWidth(imageSizes, screen.viewportWidth),
        screen.pixelRatio,
      )
      const variant = ofFormat.find((candidate) => candidate.width === width)!
      return { width, file: await readFile(path.join(variantsDir, variant.fileName)) }
    }
    const avif = await picked('avif')
    const webp = await picked('webp')
    rows.push({
      screen,
      tileCssWidth,
      tileDevicePixels,
      pickedWidth: avif.width,
      avif: await figures(avif.file),
      webp: await figures(webp.file),
      oldSite: await figures(oldSite),
    })
  }
  return rows
}
