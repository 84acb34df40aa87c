import { expect, test } from 'vitest'
import { heroOverlay } from './hero-overlay.ts'

test('the hero overlay starts at 80 and falls by 0.4 per pixel scrolled, never below 0', () => {
  expect(heroOverlay(0)).toBe(80)
  expect(heroOverlay(50)).toBe(60)
  expect(heroOverlay(199)).toBeCloseTo(0.4)
  expect(heroOverlay(200)).toBe(0)
  expect(heroOverlay(5000)).toBe(0)
  // Overscroll bounce on phones reports negative offsets.
  expect(heroOverlay(-30)).toBe(80)
})
