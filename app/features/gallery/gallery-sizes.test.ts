import { expect, test } from 'vitest'
import { VARIANT_WIDTHS } from '#app/features/media/image-pipeline.server.ts'
import { GRID_SIZES, LIGHTBOX_SIZES, pickCandidate, slotWidth } from './gallery-sizes.ts'

test("the grid's sizes match its layout's tile widths", () => {
  // (viewport − padding − gaps) ÷ columns, as app.css lays out .gallery-grid
  expect(slotWidth(GRID_SIZES, 375)).toBeCloseTo((375 - 32 - 12) / 2)
  expect(slotWidth(GRID_SIZES, 768)).toBeCloseTo((768 - 48 - 40) / 3)
  expect(slotWidth(GRID_SIZES, 1100)).toBeCloseTo((1100 - 48 - 60) / 4)
  expect(slotWidth(GRID_SIZES, 1280)).toBe(261)
  expect(slotWidth(LIGHTBOX_SIZES, 375)).toBe(375)
  expect(slotWidth(LIGHTBOX_SIZES, 1440)).toBe(1200)
})

test('a square photo on a phone loads no larger a file than its tile needs', () => {
  const pick = (viewport: number, pixelRatio: number) =>
    pickCandidate(VARIANT_WIDTHS, slotWidth(GRID_SIZES, viewport), pixelRatio)
  expect(pick(375, 2)).toBe(400)
  expect(pick(375, 3)).toBe(600)
  expect(pick(430, 3)).toBe(600)
  expect(pick(1280, 1)).toBe(400)
  expect(pick(1280, 2)).toBe(600)
  // The larger view on a 2× phone still has a file near its width.
  expect(pickCandidate(VARIANT_WIDTHS, slotWidth(LIGHTBOX_SIZES, 390), 2)).toBe(800)
})

test('a candidate is the smallest wide enough, else the largest', () => {
  expect(pickCandidate([1200, 400, 800], 200, 2)).toBe(400)
  expect(pickCandidate([400, 800, 1200], 201, 2)).toBe(800)
  expect(pickCandidate([400, 800], 600, 2)).toBe(800)
  expect(() => slotWidth('(min-width: 600px) 50vw', 300)).toThrow(/default/)
})
