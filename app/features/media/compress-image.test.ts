import { expect, test } from 'vitest'
import { fitWidth } from './compress-image.ts'

test('a wide photo is scaled to 1200 px wide, keeping its proportions', () => {
  expect(fitWidth(4032, 3024)).toEqual({ width: 1200, height: 900 })
  expect(fitWidth(3000, 4000)).toEqual({ width: 1200, height: 1600 })
})

test('a photo 1200 px wide or narrower is never enlarged', () => {
  expect(fitWidth(1200, 800)).toEqual({ width: 1200, height: 800 })
  expect(fitWidth(640, 480)).toEqual({ width: 640, height: 480 })
})
