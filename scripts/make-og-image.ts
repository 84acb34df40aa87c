/**
 * Renders the social sharing images (1200×630): the hero illustration,
 * cropped to the Open Graph ratio, with the demo bakery's name and tagline
 * set on a soft cocoa panel in the middle (public/images/og-image.png), and
 * the same drawing with no words, for a bakery set up without the demo
 * (public/images/og-card.png, decision 080).
 *
 *   node --import tsx scripts/make-og-image.ts
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const WIDTH = 1200
const HEIGHT = 630

const BRAND = 'Butter & Bloom Bakery'
const TAGLINE = 'Custom cakes & sweet things · Toronto'

const heroPath = fileURLToPath(new URL('../public/images/hero.svg', import.meta.url))
const outPath = fileURLToPath(new URL('../public/images/og-image.png', import.meta.url))
const plainPath = fileURLToPath(new URL('../public/images/og-card.png', import.meta.url))

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const fonts = `Georgia, 'DejaVu Serif', serif`

const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <rect x="120" y="195" width="960" height="240" rx="36" fill="#3B2418" opacity="0.8"/>
  <rect x="134" y="209" width="932" height="212" rx="26" fill="none" stroke="#F4C7C3" stroke-width="2" opacity="0.6"/>
  <text x="600" y="318" text-anchor="middle" font-family="${fonts}" font-size="64" font-weight="700" fill="#FFF8F0">${escapeXml(BRAND)}</text>
  <path d="M520 350 H680" stroke="#F5D98B" stroke-width="3" stroke-linecap="round"/>
  <circle cx="600" cy="350" r="6" fill="#B23A48" stroke="#F5D98B" stroke-width="3"/>
  <text x="600" y="396" text-anchor="middle" font-family="${fonts}" font-size="32" font-style="italic" fill="#F4C7C3">${escapeXml(TAGLINE)}</text>
</svg>`

const hero = await sharp(await readFile(heroPath))
  .resize(WIDTH, HEIGHT, { fit: 'cover', position: 'centre' })
  .toBuffer()

const info = await sharp(hero)
  .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
  .png({ compressionLevel: 9 })
  .toFile(outPath)

console.log(`Wrote ${outPath} (${info.width}×${info.height}, ${info.size} bytes)`)

const plain = await sharp(hero).png({ compressionLevel: 9 }).toFile(plainPath)
console.log(`Wrote ${plainPath} (${plain.width}×${plain.height}, ${plain.size} bytes)`)
