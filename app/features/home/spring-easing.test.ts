import { expect, test } from 'vitest'
import { springEasing } from './spring-easing.ts'

const points = (easing: string) =>
  easing
    .replace(/^linear\(|\)$/g, '')
    .split(',')
    .map(Number)

test('the title spring (stiffness 300, damping 20) starts at 0, overshoots, and settles at 1', () => {
  const { easing, durationMs } = springEasing({ stiffness: 300, damping: 20 })
  const values = points(easing)
  expect(values[0]).toBe(0)
  expect(values.at(-1)).toBe(1)
  // Damping ratio ≈ 0.58: underdamped, so the scale overshoots a little.
  expect(Math.max(...values)).toBeGreaterThan(1.05)
  expect(Math.max(...values)).toBeLessThan(1.2)
  // Settles within 0.1% in ln(1000) / (ζ·ω0) = 0.69 s.
  expect(durationMs).toBe(691)
})

test('a critically damped spring never overshoots', () => {
  const { easing } = springEasing({ stiffness: 100, damping: 20 })
  expect(Math.max(...points(easing))).toBeLessThanOrEqual(1)
})
