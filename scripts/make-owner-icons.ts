/**
 * Renders the owner's app icons (public/images/owner-app/) from the
 * favicon: 192 and 512 px as they are, and a 512 px maskable one whose
 * mark sits inside the middle 70% on a full berry square, so a phone's
 * round or squircle mask never cuts it.
 *
 *   node --import tsx scripts/make-owner-icons.ts
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const BERRY = '#B23A48'
const faviconPath = fileURLToPath(new URL('../public/favicon.svg', import.meta.url))
const outDir = fileURLToPath(new URL('../public/images/owner-app/', import.meta.url))

const favicon = await readFile(faviconPath)
const render = (size: number) =>
  sharp(favicon, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })

for (const size of [192, 512]) {
  await render(size).toFile(`${outDir}icon-${size}.png`)
}
const inner = Math.round(512 * 0.7)
const offset = Math.round((512 - inner) / 2)
await sharp({ create: { width: 512, height: 512, channels: 4, background: BERRY } })
  .composite([{ input: await render(inner).toBuffer(), left: offset, top: offset }])
  .png({ compressionLevel: 9, palette: true })
  .toFile(`${outDir}icon-maskable-512.png`)
console.log(`owner app icons written to ${outDir}`)
