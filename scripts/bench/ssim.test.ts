import { expect, test } from 'vitest'
import { luma, ssim } from './ssim.ts'

function pattern(width: number, height: number, f: (x: number, y: number) => number) {
  return Uint8Array.from({ length: width * height }, (_, i) => f(i % width, Math.floor(i / width)))
}

test('ssim is 1 for identical images and falls with damage', () => {
  const w = 64
  const h = 48
  const image = pattern(w, h, (x, y) => (x * 7 + y * 13 + ((x * y) % 17) * 5) % 256)
  expect(ssim(image, image, w, h)).toBeCloseTo(1, 10)

  const slightly = image.map((v, i) => Math.min(255, Math.max(0, v + ((i % 3) - 1) * 2)))
  const badly = image.map((v, i) => Math.min(255, Math.max(0, v + ((i % 5) - 2) * 30)))
  const flat = new Uint8Array(w * h).fill(128)
  const a = ssim(image, slightly, w, h)
  const b = ssim(image, badly, w, h)
  expect(a).toBeLessThan(1)
  expect(a).toBeGreaterThan(0.95)
  expect(b).toBeLessThan(a)
  expect(ssim(image, flat, w, h)).toBeLessThan(b)
  // Symmetric
  expect(ssim(badly, image, w, h)).toBeCloseTo(b, 12)
})

test('luma weighs green most', () => {
  expect([...luma(Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255]), 3)]).toEqual([76, 150, 29])
  expect([...luma(Buffer.from([10, 10, 10, 0]), 4)]).toEqual([10])
})
