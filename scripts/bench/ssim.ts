/**
 * Structural similarity (Wang, Bovik, Sheikh and Simoncelli, 2004) of two
 * greyscale images of one size: an 11 × 11 Gaussian window (σ 1.5) over
 * every position where it fits, with the paper's constants for 8-bit
 * values. 1 means identical; the mean over all windows is returned.
 *
 * Written out here rather than taken from a package: it is forty lines, and
 * the benchmark then needs nothing sharp does not already give it.
 */
const RADIUS = 5
const SIGMA = 1.5
const C1 = (0.01 * 255) ** 2
const C2 = (0.03 * 255) ** 2

const KERNEL = (() => {
  const weights = Array.from({ length: 2 * RADIUS + 1 }, (_, i) =>
    Math.exp(-((i - RADIUS) ** 2) / (2 * SIGMA ** 2)),
  )
  const sum = weights.reduce((a, b) => a + b, 0)
  return Float64Array.from(weights, (w) => w / sum)
})()

/** Gaussian-weighted local means of `values`, only where the whole window fits. */
function blur(values: Float64Array, width: number, height: number): Float64Array {
  const outWidth = width - 2 * RADIUS
  const outHeight = height - 2 * RADIUS
  // Separable: rows first (keeping every row), then columns.
  const rows = new Float64Array(outWidth * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < outWidth; x++) {
      let sum = 0
      const at = y * width + x
      for (let k = 0; k < KERNEL.length; k++) sum += KERNEL[k]! * values[at + k]!
      rows[y * outWidth + x] = sum
    }
  }
  const out = new Float64Array(outWidth * outHeight)
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      let sum = 0
      for (let k = 0; k < KERNEL.length; k++) sum += KERNEL[k]! * rows[(y + k) * outWidth + x]!
      out[y * outWidth + x] = sum
    }
  }
  return out
}

export function ssim(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  if (a.length !== width * height || b.length !== width * height) {
    throw new Error(`ssim needs two ${width}×${height} greyscale images`)
  }
  if (width <= 2 * RADIUS || height <= 2 * RADIUS) {
    throw new Error(`ssim needs images larger than ${2 * RADIUS + 1} px each way`)
  }
  const n = width * height
  const x = Float64Array.from(a)
  const y = Float64Array.from(b)
  const xx = new Float64Array(n)
  const yy = new Float64Array(n)
  const xy = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    xx[i] = x[i]! * x[i]!
    yy[i] = y[i]! * y[i]!
    xy[i] = x[i]! * y[i]!
  }
  const [muX, muY, sXX, sYY, sXY] = [x, y, xx, yy, xy].map((v) => blur(v, width, height)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ]
  let total = 0
  for (let i = 0; i < muX.length; i++) {
    const mx = muX[i]!
    const my = muY[i]!
    const varX = sXX[i]! - mx * mx
    const varY = sYY[i]! - my * my
    const cov = sXY[i]! - mx * my
    total += ((2 * mx * my + C1) * (2 * cov + C2)) / ((mx * mx + my * my + C1) * (varX + varY + C2))
  }
  return total / muX.length
}

/** Rec. 601 luma of packed 8-bit RGB(A), rounded: what SSIM is usually computed on. */
export function luma(rgb: Uint8Array | Buffer, channels: number): Uint8Array {
  const out = new Uint8Array(rgb.length / channels)
  for (let i = 0, p = 0; i < out.length; i++, p += channels) {
    out[i] = Math.round(0.299 * rgb[p]! + 0.587 * rgb[p + 1]! + 0.114 * rgb[p + 2]!)
  }
  return out
}
