import { expect, test } from 'vitest'
import { hoverMotion, playbackRate, titleMotion } from './rotating-title-motion.ts'

test('speed up turns four times as fast at normal size', () => {
  expect(hoverMotion('speedUp', 20)).toEqual({ spinDuration: 5, scale: 1 })
})

test('slow down takes twice as long per turn', () => {
  expect(hoverMotion('slowDown', 20)).toEqual({ spinDuration: 40, scale: 1 })
})

test('pause stops the rotation and keeps the scale at 1', () => {
  const motion = hoverMotion('pause', 20)
  expect(motion.scale).toBe(1)
  expect(playbackRate(motion, 20)).toBe(0)
})

test('go bonkers spins twenty times as fast and shrinks to 0.8', () => {
  expect(hoverMotion('goBonkers', 20)).toEqual({ spinDuration: 1, scale: 0.8 })
  expect(playbackRate(hoverMotion('goBonkers', 20), 20)).toBe(20)
})

test('leaving hover restores the resting duration and scale 1, whatever the mode', () => {
  for (const mode of ['speedUp', 'slowDown', 'pause', 'goBonkers'] as const) {
    expect(titleMotion(mode, 12, false)).toEqual({ spinDuration: 12, scale: 1 })
    expect(playbackRate(titleMotion(mode, 12, false), 12)).toBe(1)
  }
})

test('hover playback rates follow the durations', () => {
  expect(playbackRate(titleMotion('speedUp', 20, true), 20)).toBe(4)
  expect(playbackRate(titleMotion('slowDown', 20, true), 20)).toBe(0.5)
})
