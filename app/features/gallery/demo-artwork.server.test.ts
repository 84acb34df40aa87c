import sharp from 'sharp'
import { expect, test } from 'vitest'
import { site } from '#app/content/site.ts'
import { demoArtworks } from './demo-artwork.server.ts'

test('there are six to nine demo artworks, each with its own file name', () => {
  expect(demoArtworks.length).toBeGreaterThanOrEqual(6)
  expect(demoArtworks.length).toBeLessThanOrEqual(9)
  const names = demoArtworks.map((artwork) => artwork.fileName)
  expect(new Set(names).size).toBe(names.length)
})

test('the artworks are tagged only with the default tags and use every one of them', () => {
  const used = new Set(demoArtworks.flatMap((artwork) => artwork.tags))
  for (const artwork of demoArtworks) {
    expect(artwork.tags.length).toBeGreaterThanOrEqual(2)
    expect(artwork.tags.length).toBeLessThanOrEqual(3)
  }
  expect([...used].filter((tag) => !site.defaultGalleryTags.includes(tag))).toEqual([])
  expect(site.defaultGalleryTags.filter((tag) => !used.has(tag))).toEqual([])
})

test('no artwork has scripts, text, embedded images or links to anything outside itself', () => {
  for (const { fileName, svg } of demoArtworks) {
    expect(svg, fileName).not.toMatch(/<script|<text|<image|<foreignObject/i)
    // Only same-document fragment references (#id) are allowed.
    const external = svg.match(/href\s*=\s*["'](?!#)[^"']*["']/gi) ?? []
    expect(external, fileName).toEqual([])
    expect(svg.replaceAll('xmlns="http://www.w3.org/2000/svg"', ''), fileName).not.toMatch(
      /https?:|url\((?!#)/i,
    )
  }
})

test('each artwork rasterises with sharp to the size it declares', async () => {
  for (const { fileName, svg, width, height } of demoArtworks) {
    const png = await sharp(Buffer.from(svg)).png().toBuffer()
    const metadata = await sharp(png).metadata()
    expect([metadata.width, metadata.height], fileName).toEqual([width, height])
  }
}, 30_000)
