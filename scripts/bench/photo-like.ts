import sharp from 'sharp'

interface RawShape {
  width: number
  height: number
  channels: 3
}

/** Sprinkles scattered over the cake's top and side, the same each run. */
function sprinkles(random: () => number): string {
  return Array.from({ length: 400 }, () => {
    const x = 1200 + random() * 1700
    const y = 1150 + random() * 500
    const hue = Math.floor(random() * 360)
    const angle = Math.floor(random() * 180)
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="34" height="9" rx="4" fill="hsl(${hue} 70% 60%)" transform="rotate(${angle} ${x.toFixed(0)} ${y.toFixed(0)})"/>`
  }).join('')
}

/** A cake on a plate on a table by a window, drawn on a 4000×3000 canvas at any size. */
function cakeSceneSvg(width: number, height: number, sprinkleShapes: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 4000 3000">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#efe2cf"/><stop offset="1" stop-color="#b79a7c"/>
    </linearGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8a5a3b"/><stop offset="1" stop-color="#4a2d1d"/>
    </linearGradient>
    <radialGradient id="cake" cx="0.4" cy="0.35" r="0.8">
      <stop offset="0" stop-color="#fff4ec"/><stop offset="0.6" stop-color="#f2b8c6"/><stop offset="1" stop-color="#a8586e"/>
    </radialGradient>
    <radialGradient id="plate" cx="0.45" cy="0.4" r="0.7">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#c9c3bd"/>
    </radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="4000" height="3000" fill="url(#wall)"/>
  <rect x="2900" y="200" width="900" height="1200" fill="#fffdf6" opacity="0.55" filter="url(#soft)"/>
  <rect y="1900" width="4000" height="1100" fill="url(#table)"/>
  <ellipse cx="2050" cy="2250" rx="1500" ry="420" fill="#2b1a10" opacity="0.45" filter="url(#soft)"/>
  <ellipse cx="2000" cy="2150" rx="1450" ry="400" fill="url(#plate)"/>
  <rect x="1100" y="1100" width="1900" height="1050" rx="60" fill="url(#cake)"/>
  <ellipse cx="2050" cy="1120" rx="950" ry="230" fill="#fbe3ea"/>
  ${sprinkleShapes}
  <circle cx="800" cy="2500" r="260" fill="#c0392b"/>
  <circle cx="740" cy="2440" r="70" fill="#ffffff" opacity="0.5" filter="url(#soft)"/>
  <text x="300" y="700" font-family="serif" font-size="260" fill="#5b3a29">Butter &amp; Bloom</text>
</svg>`
}

/** The scene as raw RGB pixels. */
function drawScene(scene: string, { width, height }: RawShape): Promise<Buffer> {
  return (
    sharp(Buffer.from(scene))
      .resize(width, height)
      .flatten({ background: '#ffffff' })
      // A lens and a demosaic leave no edge perfectly sharp.
      .blur(0.8)
      .raw()
      .toBuffer()
  )
}

/** Gaussian noise drawn one value per `cell`-pixel square, enlarged smoothly to the full size. */
async function noiseOctave({ width, height }: RawShape, cell: number): Promise<Buffer> {
  const small = await sharp({
    create: {
      width: Math.ceil(width / cell) + 1,
      height: Math.ceil(height / cell) + 1,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .extractChannel(0)
    .raw()
    .toBuffer()
  return sharp(small, {
    raw: {
      width: Math.ceil(width / cell) + 1,
      height: Math.ceil(height / cell) + 1,
      channels: 1,
    },
  })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer()
}

/**
 * Texture in octaves: noise drawn small and enlarged smoothly, each octave
 * half the size and about half the strength of the one before.
 */
async function sceneTexture(raw: RawShape): Promise<Float32Array> {
  const texture = new Float32Array(raw.width * raw.height)
  let amplitude = 10
  for (let cell = 256; cell >= 2; cell /= 2, amplitude *= 0.6) {
    const octave = await noiseOctave(raw, cell)
    for (let i = 0; i < texture.length; i++) texture[i]! += ((octave[i]! - 128) / 40) * amplitude
  }
  return texture
}

/** A camera sensor's light noise, per channel. */
function sensorNoise(raw: RawShape): Promise<Buffer> {
  return sharp({
    create: {
      ...raw,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 3 },
    },
  })
    .raw()
    .toBuffer()
}

/** The drawn scene with its texture (one value per pixel) and sensor noise added, clamped to bytes. */
function addTextureAndNoise(drawn: Buffer, texture: Float32Array, sensor: Buffer): Buffer {
  const pixels = Buffer.alloc(drawn.length)
  for (let i = 0; i < drawn.length; i++) {
    const value = drawn[i]! + texture[Math.floor(i / 3)]! + (sensor[i]! - 128)
    pixels[i] = Math.max(0, Math.min(255, Math.round(value)))
  }
  return pixels
}

/**
 * A second 12-megapixel test photo, closer to what a phone makes of a cake
 * on a table than the grainy artwork: soft gradients and shading, hard and
 * slightly soft edges, texture whose strength falls with its fineness (as in
 * real scenes, roughly 1/f), and light sensor noise. The artwork's heavy
 * even grain is mostly what an encoder must keep there; here, as in a
 * photo, most of the bytes go to edges and texture.
 *
 * Drawn from a fixed seed, except sharp's noise, which varies a little.
 */
export async function makePhotoLikeJpeg(
  file: string,
  { width = 4000, height = 3000, jpegQuality = 90 } = {},
): Promise<number> {
  const scene = cakeSceneSvg(width, height, sprinkles(mulberry32(20261123)))
  const raw = { width, height, channels: 3 } as const
  const drawn = await drawScene(scene, raw)
  const texture = await sceneTexture(raw)
  const sensor = await sensorNoise(raw)
  const pixels = addTextureAndNoise(drawn, texture, sensor)
  const info = await sharp(pixels, { raw }).jpeg({ quality: jpegQuality }).toFile(file)
  return info.size
}

/** A small seeded generator, so the scene is the same every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
